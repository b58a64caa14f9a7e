/**
 * Escaping for everything the layout takes from docs.json, frontmatter or file names.
 * The layout never trusts a string: text goes through escapeHtml, attribute values
 * through escapeAttr (both the page renderer's, markdown/escape.ts, so page bodies and
 * the layout follow one rule), and URLs through safeUrl (no `javascript:` and friends).
 */
export { escapeAttr, escapeHtml } from '../markdown/escape.js';

/** Schemes an author may link to; anything else (javascript:, data:, vbscript:) becomes `#`. */
const SAFE_SCHEMES = /^(https?:|mailto:|tel:)/i;

/** Returns the URL when it is relative or uses a safe scheme, else `#`. */
export function safeUrl(url: string | undefined | null): string {
  const u = String(url ?? '').trim();
  if (u === '') return '#';
  // Strip control characters and whitespace browsers ignore inside a scheme ("java\tscript:").
  const probe = u.replace(/[\u0000-\u0020]/g, '');
  const scheme = /^[a-z][a-z0-9+.-]*:/i.exec(probe);
  if (scheme && !SAFE_SCHEMES.test(probe)) return '#';
  return u;
}

/** True for links that leave the site: `https://...`, `//host/...`, `mailto:`. */
export function isExternalHref(href: string): boolean {
  return /^([a-z][a-z0-9+.-]*:|\/\/)/i.test(href.trim());
}
