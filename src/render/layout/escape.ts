/**
 * HTML escaping for everything the layout takes from docs.json, frontmatter or file
 * names. The layout never trusts a string: text goes through escapeHtml, attribute
 * values through escapeAttr, and URLs through safeUrl (no `javascript:` and friends).
 */

const TEXT: Record<string, string> = { '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' };

const SPECIAL = /[&<>"']/;

export function escapeHtml(value: string | number | boolean | null | undefined): string {
  const text = String(value ?? '');
  // Most values (titles, labels, hrefs) have nothing to escape: no replace, no new string.
  return SPECIAL.test(text) ? text.replace(/[&<>"']/g, (c) => TEXT[c]) : text;
}

export const escapeAttr = escapeHtml;

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
