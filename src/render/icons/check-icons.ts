/**
 * Icon names in the navigation (docs.json) and in pages' frontmatter, checked once per
 * export against the site's icon library: an unknown one is a warning naming the
 * navigation entry or the page, not only a placeholder in every page's sidebar.
 */
import type { SiteModel } from '../layout/site-model.js';
import type { Diagnostic } from '../types.js';
import { isIconImage, resolveIcon, type IconLibrary, type IconRef } from './render-icon.js';

function iconName(v: unknown): IconRef | null {
  if (typeof v === 'string' && v && !isIconImage(v)) return v;
  if (v && typeof v === 'object' && typeof (v as { name?: unknown }).name === 'string') return v as IconRef;
  return null;
}

function labelOf(o: Record<string, unknown>): string {
  if (typeof o.group === 'string') return `group "${o.group}"`;
  if (typeof o.label === 'string') return `${typeof o.kind === 'string' ? o.kind : 'link'} "${o.label}"`;
  for (const k of ['tab', 'anchor', 'dropdown', 'product', 'version', 'language', 'item', 'page']) if (typeof o[k] === 'string') return `${k} "${o[k]}"`;
  return 'an entry';
}

/** Warnings for every icon name the site's library (with its fallbacks) does not have. */
export function checkIcons(model: SiteModel): Diagnostic[] {
  const library: IconLibrary = model.config.icons?.library ?? 'fontawesome';
  const out: Diagnostic[] = [];
  const seen = new Set<string>();
  const unknown = (ref: IconRef) => resolveIcon(ref, library) === null;
  const file = model.config.source;
  const visit = (v: unknown, depth: number) => {
    if (depth > 64 || !v || typeof v !== 'object') return;
    if (Array.isArray(v)) return v.forEach((x) => visit(x, depth + 1));
    const o = v as Record<string, unknown>;
    const ref = iconName(o.icon);
    if (ref && unknown(ref)) {
      const name = typeof ref === 'string' ? ref : ref.name;
      const key = `${name}\0${labelOf(o)}`;
      if (!seen.has(key)) {
        seen.add(key);
        out.push({ severity: 'warning', file, message: `navigation ${labelOf(o)}: unknown icon "${name}" (icons.library ${library}): a placeholder is shown` });
      }
    }
    for (const [k, child] of Object.entries(o)) if (k !== 'icon' && child && typeof child === 'object') visit(child, depth + 1);
  };
  visit(model.navigation, 0);
  visit(model.config.navbar, 0);
  for (const p of Object.values(model.pages)) {
    const ref = iconName(p.icon);
    if (ref && p.file && unknown(ref)) out.push({ severity: 'warning', file: p.file, line: 1, message: `frontmatter icon "${p.icon}" is unknown (icons.library ${library}): a placeholder is shown in the navigation` });
  }
  return out;
}
