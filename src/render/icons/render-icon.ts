/**
 * Icons inlined as SVG from the Lucide set of @iconify-json/lucide (no icon font, no
 * CDN). Accepts Lucide names and common Font Awesome names; a path or URL renders as an
 * image; an unknown name renders a neutral placeholder and is reported.
 */
import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { attrs, escapeAttr } from '../markdown/escape.js';
import { FA_TO_LUCIDE } from './fa-names.js';

interface IconSet {
  icons: Record<string, { body: string; width?: number; height?: number }>;
  aliases?: Record<string, { parent: string }>;
  width?: number;
  height?: number;
}

const require = createRequire(import.meta.url);
let set: IconSet | null = null;

function iconSet(): IconSet {
  set ??= JSON.parse(readFileSync(require.resolve('@iconify-json/lucide/icons.json'), 'utf8')) as IconSet;
  return set;
}

export const FALLBACK_ICON = 'circle-dashed';

/** The Lucide name for `name` (Lucide or Font Awesome, `fa-` prefixes and styles stripped), or null. */
export function lucideName(name: string): string | null {
  const s = iconSet();
  const n = name.trim().toLowerCase().replace(/^(fa[srbdlt]?|fa-(solid|regular|brands|light|duotone))\s+/, '').replace(/^fa-/, '');
  for (const candidate of [n, Object.hasOwn(FA_TO_LUCIDE, n) ? FA_TO_LUCIDE[n] : undefined]) {
    if (!candidate) continue;
    if (Object.hasOwn(s.icons, candidate)) return candidate;
    const alias = s.aliases && Object.hasOwn(s.aliases, candidate) ? s.aliases[candidate] : undefined;
    if (alias && Object.hasOwn(s.icons, alias.parent)) return alias.parent;
  }
  return null;
}

export interface IconOptions {
  /** CSS size, e.g. `16px` or `1em`. @default '1em' */
  size?: string | number;
  /** Accessible name; without one the icon is decorative (aria-hidden). */
  label?: string;
  className?: string;
}

export interface IconResult {
  html: string;
  /** False when the name was not found and the placeholder was used. */
  known: boolean;
}

/** An icon by name as inline SVG; names that look like paths or URLs are left to the caller. */
export function renderIcon(name: string, opts: IconOptions = {}): IconResult {
  const found = lucideName(name);
  const s = iconSet();
  const icon = s.icons[found ?? FALLBACK_ICON];
  const size = typeof opts.size === 'number' ? `${opts.size}px` : (opts.size ?? '1em');
  const a11y = opts.label ? { role: 'img', 'aria-label': opts.label } : { 'aria-hidden': 'true' };
  const html =
    `<svg xmlns="http://www.w3.org/2000/svg"${attrs({ class: `q-icon${opts.className ? ' ' + opts.className : ''}`, 'data-icon': found ?? 'unknown', width: size, height: size, viewBox: `0 0 ${icon.width ?? s.width ?? 24} ${icon.height ?? s.height ?? 24}`, focusable: 'false', ...a11y })}>` +
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
