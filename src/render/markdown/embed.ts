/**
 * Embedded frames: `<iframe src="https://www.youtube.com/embed/…">` in a page (Mintlify's
 * "Images and embeds": YouTube, Loom, any `https` page), written as a placeholder that loads
 * the frame only when the reader asks for it.
 *
 * An iframe is never written as such: it would load another host's page, and run its
 * scripts, as soon as the page opens, which breaks the promise that an exported site makes
 * no request to another host by itself (air-gapped hosting) and cannot be judged from the
 * page. The placeholder is a link to the frame's address (what a reader without scripts,
 * a crawler or a printout gets) and a button, shown by the site script (browser/embeds.ts),
 * that names the host and replaces the placeholder with the frame: only then is the host
 * contacted. The frame is sandboxed (never allowed to navigate the page that holds it) and
 * its address is an absolute `https` URL checked here and again by the script, which also
 * refuses one on the site's own origin (a same-origin frame could script the page).
 *
 * The iframe's own size hints are kept: Mintlify's examples size it with classes
 * (`w-full aspect-video`), which the placeholder carries; numeric `width` and `height`
 * (`560` by `315`, YouTube's copied code) become its aspect ratio and largest width.
 */
import { escapeAttr, escapeHtml } from './escape.js';
import { fillUi, type UiStrings } from '../layout/ui-strings.js';

/** The iframe attributes the placeholder reads. */
interface EmbedAttrs {
  title?: string;
  className?: string;
  width?: string;
  height?: string;
  allow?: string;
  allowFullScreen?: boolean;
}

/**
 * Permissions Policy features a frame may be given (`allow="autoplay; encrypted-media"`),
 * without origin lists (each then means the frame's own origin): those video and
 * presentation embeds ask for. Others (camera, microphone, geolocation, payment...) are
 * left out: a docs page has no reason to hand them to another host.
 */
const ALLOWED_FEATURES = new Set([
  'accelerometer', 'autoplay', 'clipboard-write', 'encrypted-media', 'fullscreen', 'gyroscope', 'picture-in-picture', 'web-share',
]);

/** `src` as an embeddable address (absolute https, no user name or password), or null. */
export function embedUrl(src: string): URL | null {
  let url: URL;
  try {
    url = new URL(src.trim());
  } catch {
    return null; // not an address at all: the caller reports it with the others it cannot embed
  }
  return url.protocol === 'https:' && !url.username && !url.password ? url : null;
}

/** The `allow` attribute's features that are in ALLOWED_FEATURES, in order, without duplicates. */
export function embedFeatures(allow: string | undefined): string[] {
  const features = new Set<string>();
  for (const directive of (allow ?? '').split(';')) {
    const feature = directive.trim().split(/\s+/)[0]?.toLowerCase();
    if (feature && ALLOWED_FEATURES.has(feature)) features.add(feature);
  }
  return [...features];
}

/** A size attribute in CSS pixels (`560`, `560px`), or null for anything else (`100%`). */
function pixels(value: string | undefined): number | null {
  const m = value === undefined ? null : /^\s*(\d{1,5})(?:px)?\s*$/.exec(value);
  const n = m ? Number(m[1]) : 0;
  return n > 0 ? n : null;
}

/**
 * What an `<iframe>` of a page becomes, from its attributes as written (JSX props, or raw
 * HTML's with lower-cased names): the placeholder, or, when its `src` is not an https
 * address, a link to it (none when `href`, the page's link check, refuses it), reported.
 */
export function iframeHtml(attrs: Readonly<Record<string, unknown>>, href: (src: string) => string | null, warn: (message: string) => void, ui: Pick<UiStrings, 'loadEmbed'>): string {
  const src = typeof attrs.src === 'string' ? href(attrs.src) : null;
  const url = src === null ? null : embedUrl(src);
  if (!url) {
    warn(`<iframe> removed: only an https address can be embedded${src ? `; a link to ${src.slice(0, 80)} is shown` : ''}`);
    return src ? `<a class="q-embed-link" href="${escapeAttr(src)}">${escapeHtml(src)}</a>` : '';
  }
  const text = (v: unknown) => (typeof v === 'string' ? v : typeof v === 'number' ? String(v) : undefined);
  const fullScreen = attrs.allowFullScreen ?? attrs.allowfullscreen;
  return embedHtml(url, {
    title: text(attrs.title),
    className: text(attrs.className ?? attrs.class),
    width: text(attrs.width),
    height: text(attrs.height),
    allow: text(attrs.allow),
    allowFullScreen: fullScreen === true || fullScreen === '' || fullScreen === 'true' || fullScreen === 'allowfullscreen',
  }, ui);
}

/** The placeholder of an iframe of `url` (see the header). */
export function embedHtml(url: URL, attrs: EmbedAttrs, ui: Pick<UiStrings, 'loadEmbed'>): string {
  const width = pixels(attrs.width);
  const height = pixels(attrs.height);
  const style = width && height ? ` style="aspect-ratio: ${width} / ${height}; max-width: ${width}px"` : height ? ` style="aspect-ratio: auto; height: ${height}px"` : '';
  const classes = ['q-embed', ...(attrs.className ?? '').split(/\s+/).filter(Boolean)].join(' ');
  const title = attrs.title?.trim();
  const features = embedFeatures(attrs.allow);
  if (attrs.allowFullScreen && !features.includes('fullscreen')) features.push('fullscreen');
  const label = fillUi(ui.loadEmbed, { host: url.host });
  return (
    `<div class="${escapeAttr(classes)}" data-embed="${escapeAttr(url.href)}"${title ? ` data-embed-title="${escapeAttr(title)}"` : ''}` +
    `${features.length ? ` data-embed-allow="${escapeAttr(features.join('; '))}"` : ''}${style}>` +
    `<button type="button" class="q-embed-load" data-embed-load hidden>${escapeHtml(label)}</button>` +
    `<a class="q-embed-link" href="${escapeAttr(url.href)}">${escapeHtml(title || url.href)}</a></div>`
  );
}
