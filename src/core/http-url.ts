/**
 * Whether a value is an absolute http(s) URL: the one check behind every URL Quire writes or
 * serves from (`--base-url`, `quire host`'s `publicUrl`, docs.json's canonical base and SEO URLs).
 */

/** Whether `value` parses as a URL whose scheme is http or https. */
export function isHttpUrl(value: string): boolean {
  try {
    return /^https?:$/.test(new URL(value).protocol);
  } catch {
    return false; // not a URL at all: the caller names the value
  }
}
