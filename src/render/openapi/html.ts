/**
 * HTML building blocks of the API reference: escaping (every string from an OpenAPI
 * document is untrusted), safe URLs, and JSON embedded in `<script type="application/json">`.
 */

const ENTITIES: Record<string, string> = { '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' };

export function esc(value: unknown): string {
  const text = typeof value === 'string' ? value
    : typeof value === 'number' || typeof value === 'boolean' || typeof value === 'bigint' ? String(value)
      : value === undefined || value === null ? '' : JSON.stringify(value) ?? '';
  return text.replace(/[&<>"']/g, (c) => ENTITIES[c]);
}

/** Relative URLs and http(s)/mailto/tel only; anything else (javascript:, data:) becomes null. */
export function safeHref(url: string): string | null {
  const probe = url.trim().replace(/[\u0000-\u0020]/g, '');
  const scheme = /^[a-z][a-z0-9+.-]*:/i.exec(probe);
  if (scheme && !/^(https?|mailto|tel):$/i.test(scheme[0])) return null;
  return url.trim();
}

/** JSON safe to place inside a `<script type="application/json">` element. */
export function scriptJson(value: unknown): string {
  return JSON.stringify(value).replace(/</g, '\\u003c').replace(/>/g, '\\u003e').replace(/&/g, '\\u0026').replace(/\u2028/g, '\\u2028').replace(/\u2029/g, '\\u2029');
}

/** Pretty JSON for display; values that cannot be serialised (cycles) show as a note. */
export function prettyJson(value: unknown): string {
  try {
    return JSON.stringify(value, null, 2) ?? 'null';
  } catch {
    return '"(example not serialisable)"'; // a cycle or a BigInt: shown as a note instead of failing the page
  }
}
