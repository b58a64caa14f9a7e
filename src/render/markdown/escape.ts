/** HTML escaping for text and attribute values: the only way strings enter the output. */
const TEXT: Record<string, string> = { '&': '&amp;', '<': '&lt;', '>': '&gt;' };
const ATTR: Record<string, string> = { '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;' };

export function escapeHtml(s: string): string {
  return /[&<>]/.test(s) ? s.replace(/[&<>]/g, (c) => TEXT[c]) : s;
}

export function escapeAttr(s: string): string {
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
