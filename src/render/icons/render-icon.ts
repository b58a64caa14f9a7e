/**
 * Icons inlined as SVG at export time (no icon font, no CDN), from the library the site
 * chose with `icons.library`: Font Awesome (Mintlify's default), Lucide or Tabler.
 * A path or URL renders as an image; an unknown name renders a neutral placeholder and
 * the caller reports it.
 *
 * Font Awesome names are looked up as a language logo or a brand first (as Mintlify
 * does), then in the style asked for (`iconType`, or an icon object's `style`), then in
 * the other free styles: Quire ships the free sets, and a
 * Pro-only style (light, thin, duotone, sharp) is drawn with the closest free one.
 * Names only Font Awesome Pro or an older Font Awesome has (`circle-1`, `home`, `cog`)
 * fall back to their Lucide or Tabler twins.
 */
import { attrs, escapeAttr } from '../markdown/escape.js';
import { FA_TO_LUCIDE } from './fa-names.js';
import { iconData, type IconSetName } from './icon-sets.js';
import { languageIcon } from './language-icons.js';

export type IconLibrary = 'fontawesome' | 'lucide' | 'tabler';

/** An icon as authors write it: a name, or docs.json's `{name, style, library}` object. */
export type IconRef = string | { name: string; style?: string; library?: string };

export const FALLBACK_ICON = 'circle-dashed';

const FA_STYLES: Record<string, IconSetName> = {
  regular: 'fa-regular', light: 'fa-regular', thin: 'fa-regular', solid: 'fa-solid',
  'sharp-solid': 'fa-solid', duotone: 'fa-solid', brands: 'fa-brands', brand: 'fa-brands',
};
const FA_PREFIXES: Record<string, string> = { fas: 'solid', far: 'regular', fab: 'brands', fal: 'light', fat: 'thin', fad: 'duotone' };

/** `fa-solid fa-house`, `fas fa-house`, `fa-house` -> `{name: 'house', style: 'solid'}`. */
function parseName(raw: string): { name: string; style?: string } {
  const words = raw.trim().toLowerCase().split(/\s+/);
  let style: string | undefined;
  let name = words[words.length - 1];
  for (const w of words.slice(0, -1)) {
    if (Object.hasOwn(FA_PREFIXES, w)) style = FA_PREFIXES[w];
    else if (w.startsWith('fa-') && Object.hasOwn(FA_STYLES, w.slice(3))) style = w.slice(3);
  }
  if (name.startsWith('fa-')) name = name.slice(3);
  return { name, ...(style ? { style } : {}) };
}

/**
 * Where a name is looked up, in order, for a library and style.
 *
 * Font Awesome (Mintlify's `getIconUrl`): a programming-language name is that language's
 * logo, then a Font Awesome brand, then the style asked for (regular by default).
 * Lucide and Tabler: the library itself, then the same language logos and brand icons.
 * Mintlify's open-source resolver sends every name of a Lucide site to Lucide, but its
 * Icon component sizes brand icons on Lucide sites apart from Lucide ones ("fix:
 * mask-size for brand icons", Feb 2026), so brand icons do reach Lucide sites, and its
 * own docs (a Lucide site) name `js` and `python` as View icons. Quire draws brands and
 * languages whatever the library; a name none of them has is still an unknown icon.
 */
function candidates(library: IconLibrary, name: string, style: string | undefined): [IconSetName, string][] {
  const language = languageIcon(name);
  const common: [IconSetName, string][] = language ? [language] : [];
  if (library === 'lucide' || library === 'tabler') return [[library, name], ...common, ['fa-brands', name]];
  // The published site draws Font Awesome icons in the regular style unless told otherwise.
  const first = FA_STYLES[style ?? 'regular'] ?? 'fa-regular';
  const sets: IconSetName[] = ['fa-brands', first, ...(['fa-regular', 'fa-solid'] as const).filter((s) => s !== first)];
  const out: [IconSetName, string][] = [...common, ...sets.map((s): [IconSetName, string] => [s, name])];
  if (Object.hasOwn(FA_TO_LUCIDE, name)) out.push(['lucide', FA_TO_LUCIDE[name]]);
  const circled = /^circle-(\d)$/.exec(name);
  if (circled) out.push(['tabler', `circle-number-${circled[1]}`]);
  out.push(['lucide', name], ['tabler', name]);
  return out;
}

export interface ResolvedIcon {
  set: IconSetName;
  name: string;
  body: string;
  width: number;
  height: number;
}

/** The icon an author's reference names in `library`, or null when no set has it. */
export function resolveIcon(ref: IconRef, library: IconLibrary = 'fontawesome', iconType?: string): ResolvedIcon | null {
  const parsed = parseName(typeof ref === 'string' ? ref : ref.name);
  const lib = typeof ref === 'object' && isIconLibrary(ref.library) ? ref.library : library;
  const style = (typeof ref === 'object' ? ref.style : undefined) ?? iconType?.toLowerCase() ?? parsed.style;
  if (!parsed.name) return null;
  for (const [set, name] of candidates(lib, parsed.name, style)) {
    const data = iconData(set, name);
    if (data) return { set, name, ...data };
  }
  return null;
}

export function isIconLibrary(v: unknown): v is IconLibrary {
  return v === 'fontawesome' || v === 'lucide' || v === 'tabler';
}

export interface IconOptions {
  /** CSS size, e.g. `16px` or `1em`. @default '1em' */
  size?: string | number;
  /** Accessible name; without one the icon is decorative (aria-hidden). */
  label?: string;
  className?: string;
  /** The site's `icons.library`. @default 'fontawesome' */
  library?: IconLibrary;
  /** Font Awesome style (`iconType`): regular, solid, brands, light, thin, duotone, sharp-solid. */
  iconType?: string;
  /** CSS colour for the icon (`color` prop). */
  color?: string;
}

export interface IconResult {
  html: string;
  /** False when the name was not found and the placeholder was used. */
  known: boolean;
}

/** An icon by name or icon object as inline SVG; names that look like paths or URLs are left to the caller. */
export function renderIcon(ref: IconRef, opts: IconOptions = {}): IconResult {
  const found = resolveIcon(ref, opts.library, opts.iconType);
  const icon = found ?? { ...iconData('lucide', FALLBACK_ICON)!, set: 'lucide', name: 'unknown' };
  const size = typeof opts.size === 'number' ? `${opts.size}px` : (opts.size ?? '1em');
  const a11y = opts.label ? { role: 'img', 'aria-label': opts.label } : { 'aria-hidden': 'true' };
  // The stylesheet sizes icons at 1em; an explicit size (`<Icon size={32}>`) has to win over it.
  const rules = [opts.color && /^(#[0-9a-f]{3,8}|[a-z]+|rgba?\([\d\s.,%]+\))$/i.test(opts.color) ? `color:${opts.color}` : '', opts.size !== undefined ? `width:${size};height:${size}` : ''].filter(Boolean);
  const style = rules.length ? { style: rules.join(';') } : {};
  // Inlined in HTML pages only, where an <svg> is in the SVG namespace without an xmlns.
  const html =
    `<svg${attrs({ class: `q-icon${opts.className ? ' ' + opts.className : ''}`, 'data-icon': found ? found.name : 'unknown', 'data-icon-set': found?.set, width: size, height: size, viewBox: `0 0 ${icon.width} ${icon.height}`, focusable: 'false', ...style, ...a11y })}>` +
    icon.body +
    '</svg>';
  return { html, known: found !== null };
}

/** True when an `icon` value is an image reference rather than an icon name. */
export function isIconImage(name: string): boolean {
  return /^(\/|\.\.?\/|https?:)|\.(svg|png|jpe?g|gif|webp)$/i.test(name);
}

export function iconImage(src: string, size?: string): string {
  return `<img class="q-icon q-icon-img" src="${escapeAttr(src)}" alt="" aria-hidden="true"${size ? ` width="${escapeAttr(size)}" height="${escapeAttr(size)}"` : ''}>`;
}
