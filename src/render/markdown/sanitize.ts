/**
 * The allow-list for HTML written in pages (as JSX elements in MDX, as raw HTML in
 * plain Markdown). Tags outside the list are dropped but keep their content; `script`,
 * `style` and other active or external-embedding elements are dropped with their
 * content. Attributes outside the list, every `on*` handler, and URLs with a scheme
 * other than http(s)/mailto/tel (data: only for images) are removed.
 *
 * `<iframe>` is not allowed as such: an iframe runs another origin's scripts inside the
 * exported site as the page opens, breaks the air-gapped promise (no request to another host),
 * and its sandboxing cannot be judged from the page. It becomes a placeholder that loads a
 * sandboxed frame of its https address when the reader asks (embed.ts), or a link.
 */
export const ALLOWED_TAGS = new Set([
  'a', 'abbr', 'address', 'article', 'aside', 'audio', 'b', 'bdi', 'bdo', 'blockquote', 'br', 'caption', 'center', 'cite', 'code',
  'col', 'colgroup', 'data', 'dd', 'del', 'details', 'dfn', 'div', 'dl', 'dt', 'em', 'figcaption', 'figure', 'footer', 'h1', 'h2',
  'h3', 'h4', 'h5', 'h6', 'header', 'hr', 'i', 'img', 'ins', 'kbd', 'li', 'main', 'mark', 'nav', 'ol', 'p', 'picture', 'pre', 'q',
  'rp', 'rt', 'ruby', 's', 'samp', 'section', 'small', 'source', 'span', 'strike', 'strong', 'sub', 'summary', 'sup', 'table',
  'tbody', 'td', 'tfoot', 'th', 'thead', 'time', 'tr', 'track', 'u', 'ul', 'var', 'video', 'wbr',
  // Inline SVG drawings (no <use>, <image>, <foreignObject>, <script>, animation).
  'svg', 'g', 'path', 'circle', 'ellipse', 'line', 'polyline', 'polygon', 'rect', 'defs', 'title', 'desc', 'lineargradient',
  'radialgradient', 'stop', 'clippath', 'mask', 'text', 'tspan',
]);

/** Dropped together with everything inside them. */
export const DROPPED_WITH_CONTENT = new Set([
  'script', 'style', 'noscript', 'template', 'object', 'embed', 'applet', 'frame', 'frameset', 'link', 'meta', 'base', 'head',
  'title', 'form', 'input', 'button', 'textarea', 'select', 'option', 'math', 'foreignobject', 'iframe', 'portal', 'dialog',
]);

export const VOID_TAGS = new Set(['area', 'br', 'col', 'embed', 'hr', 'img', 'input', 'link', 'meta', 'source', 'track', 'wbr']);

const GLOBAL_ATTRS = new Set(['id', 'class', 'title', 'lang', 'dir', 'role', 'hidden', 'style', 'translate']);
const TAG_ATTRS: Record<string, string[]> = {
  a: ['href', 'target', 'rel', 'name', 'download'],
  img: ['src', 'alt', 'width', 'height', 'loading', 'decoding', 'align'],
  video: ['src', 'poster', 'controls', 'autoplay', 'muted', 'loop', 'playsinline', 'preload', 'width', 'height'],
  audio: ['src', 'controls', 'autoplay', 'muted', 'loop', 'preload'],
  source: ['src', 'type', 'media', 'width', 'height'],
  track: ['src', 'kind', 'label', 'srclang', 'default'],
  td: ['colspan', 'rowspan', 'align', 'valign', 'headers'],
  th: ['colspan', 'rowspan', 'align', 'valign', 'scope', 'abbr'],
  ol: ['start', 'reversed', 'type'],
  li: ['value'],
  details: ['open', 'name'],
  time: ['datetime'],
  data: ['value'],
  col: ['span', 'width'],
  colgroup: ['span'],
  table: ['width', 'align'],
  blockquote: ['cite'],
  q: ['cite'],
  del: ['cite', 'datetime'],
  ins: ['cite', 'datetime'],
  abbr: [],
  p: ['align'],
  div: ['align'],
};
const SVG_ATTRS = new Set([
  'viewbox', 'width', 'height', 'fill', 'stroke', 'stroke-width', 'stroke-linecap', 'stroke-linejoin', 'stroke-dasharray', 'd', 'cx',
  'cy', 'r', 'rx', 'ry', 'x', 'y', 'x1', 'x2', 'y1', 'y2', 'points', 'transform', 'xmlns', 'opacity', 'fill-opacity', 'stroke-opacity',
  'fill-rule', 'clip-rule', 'clip-path', 'mask', 'offset', 'stop-color', 'stop-opacity', 'gradientunits', 'gradienttransform',
  'preserveaspectratio', 'text-anchor', 'font-size', 'font-family', 'font-weight', 'dx', 'dy', 'aria-hidden', 'focusable',
]);
export const SVG_TAGS = new Set(['svg', 'g', 'path', 'circle', 'ellipse', 'line', 'polyline', 'polygon', 'rect', 'defs', 'lineargradient', 'radialgradient', 'stop', 'clippath', 'mask', 'text', 'tspan', 'desc']);
export const URL_ATTRS = new Set(['href', 'src', 'poster', 'cite']);

/** JSX spellings of HTML attributes. */
const JSX_NAMES: Record<string, string> = { classname: 'class', htmlfor: 'for', srcset: 'srcset', tabindex: 'tabindex', colspan: 'colspan', rowspan: 'rowspan' };

export function htmlAttrName(name: string): string {
  const lower = name.toLowerCase();
  return Object.hasOwn(JSX_NAMES, lower) ? JSX_NAMES[lower] : lower;
}

/** Whether attribute `name` (lower case) may stay on `tag`. */
export function attrAllowed(tag: string, name: string): boolean {
  if (name.startsWith('on')) return false;
  if (name.startsWith('aria-') || name.startsWith('data-')) return /^[a-z0-9-]+$/.test(name);
  if (GLOBAL_ATTRS.has(name)) return true;
  if (SVG_TAGS.has(tag)) return SVG_ATTRS.has(name);
  return Object.hasOwn(TAG_ATTRS, tag) && TAG_ATTRS[tag].includes(name);
}

/** Decodes character references so a URL's real scheme is seen (`&#106;avascript:`). */
function decodeEntities(s: string): string {
  return s.replace(/&(#x[0-9a-f]+|#\d+|[a-z]+);?/gi, (whole, ref: string) => {
    if (ref[0] === '#') {
      const code = ref[1] === 'x' || ref[1] === 'X' ? parseInt(ref.slice(2), 16) : parseInt(ref.slice(1), 10);
      return Number.isFinite(code) && code < 0x110000 ? String.fromCodePoint(code) : '';
    }
    const named: Record<string, string> = { colon: ':', tab: '\t', newline: '\n', amp: '&', lt: '<', gt: '>', quot: '"', apos: "'", sol: '/' };
    return Object.hasOwn(named, ref.toLowerCase()) ? named[ref.toLowerCase()] : whole;
  });
}

/**
 * Links that open an editor with what the page hands it (Mintlify's "Open in Cursor" and
 * MCP install buttons: `cursor://anysphere.cursor-deeplink/mcp/install?...`, VS Code's
 * `vscode:mcp/install?...`). The browser asks the reader before it starts the app, as it
 * does for mailto:, and nothing runs on the docs site's origin: links only, never a source.
 */
const EDITOR_SCHEMES = new Set(['cursor', 'vscode', 'vscode-insiders']);

/**
 * True when `url` may be used in `attr`: relative URLs, fragments, http(s), mailto, tel;
 * editor deep links (EDITOR_SCHEMES) as links; `data:image/...` only as a media source.
 */
export function urlAllowed(url: string, attr: string): boolean {
  // Browsers ignore control characters and whitespace inside a scheme: strip them first.
  const clean = decodeEntities(url).replace(/[\u0000-\u0020\u007f-\u009f]/g, '').toLowerCase();
  const scheme = /^([a-z][a-z0-9+.-]*):/.exec(clean);
  if (!scheme) return !clean.startsWith('\\\\');
  const s = scheme[1];
  if (s === 'http' || s === 'https' || s === 'mailto' || s === 'tel') return true;
  if (EDITOR_SCHEMES.has(s)) return attr === 'href';
  if (s === 'data') return attr !== 'href' && /^data:image\/(png|gif|jpe?g|webp|avif|svg\+xml)[;,]/.test(clean);
  return false;
}

/** Keeps a `style` value only when it cannot load anything or run anything. */
export function styleAllowed(style: string): boolean {
  const s = decodeEntities(style).toLowerCase().replace(/\s+/g, '');
  return !/url\(|expression\(|@import|javascript:|behavior:|-moz-binding|image-set\(|[<>\\]/.test(s);
}

/** A JSX `style={{ marginTop: 8 }}` object -> `margin-top:8px`. */
export function styleFromObject(obj: Record<string, unknown>): string {
  const unitless = new Set(['opacity', 'z-index', 'font-weight', 'line-height', 'flex', 'flex-grow', 'flex-shrink', 'order']);
  return Object.entries(obj)
    .filter((e): e is [string, string | number] => typeof e[1] === 'string' || typeof e[1] === 'number')
    .map(([k, v]) => {
      const prop = k.replace(/[A-Z]/g, (c) => '-' + c.toLowerCase());
      return `${prop}:${typeof v === 'number' && v !== 0 && !unitless.has(prop) ? `${v}px` : v}`;
    })
    .join(';');
}
