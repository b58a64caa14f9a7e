/**
 * HTML escaping for text and attribute values: the only way strings enter the output,
 * in page bodies and the layout alike (layout/escape.ts re-exports these). Text needs
 * `&`, `<` and `>` escaped; attribute values, always written in double quotes, `"` too.
 */
const TEXT: Record<string, string> = { '&': '&amp;', '<': '&lt;', '>': '&gt;' };
const ATTR: Record<string, string> = { '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;' };

/** A number, boolean or missing value as text; objects (never meant as text) as ''. */
function scalarText(value: unknown): string {
  return typeof value === 'number' || typeof value === 'boolean' || typeof value === 'bigint' ? String(value) : '';
}

/** Text content. Takes any value (a number, a missing title) as its string form, `''` for null and undefined. */
export function escapeHtml(value: unknown): string {
  const s = typeof value === 'string' ? value : scalarText(value);
  // Most values (titles, labels, prose) have nothing to escape: no replace, no new string.
  return /[&<>]/.test(s) ? s.replace(/[&<>]/g, (c) => TEXT[c]) : s;
}

/** A double-quoted attribute value. */
export function escapeAttr(value: unknown): string {
  const s = typeof value === 'string' ? value : scalarText(value);
  return /[&<>"]/.test(s) ? s.replace(/[&<>"]/g, (c) => ATTR[c]) : s;
}

/** `{ class: 'a', hidden: true, 'data-x': '', title: undefined }` -> ` class="a" hidden data-x`. */
export function attrs(values: Record<string, string | number | boolean | null | undefined>): string {
  let out = '';
  for (const [k, v] of Object.entries(values)) {
    if (v === undefined || v === null || v === false) continue;
    out += v === true || v === '' ? ` ${k}` : ` ${k}="${escapeAttr(String(v))}"`;
  }
  return out;
}
