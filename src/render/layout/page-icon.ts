/**
 * Icons named by authors in frontmatter and navigation (`icon: "rocket"`), drawn from
 * the site's `icons.library` with the shared icon renderer. Image references are left
 * out of the navigation: their path would depend on the page drawing the sidebar.
 * One drawing function per library, so the sidebar cache (keyed by it) stays warm.
 */
import { isIconImage, renderIcon, type IconLibrary } from '../icons/index.js';

const byLibrary = new Map<IconLibrary, (name: string) => string>();

export function pageIconFor(library: IconLibrary = 'fontawesome'): (name: string) => string {
  let draw = byLibrary.get(library);
  if (!draw) {
    const drawn = new Map<string, string>();
    draw = (name: string) => {
      let html = drawn.get(name);
      if (html === undefined) {
        html = isIconImage(name) ? '' : renderIcon(name, { className: 'icon', library }).html;
        drawn.set(name, html);
      }
      return html;
    };
    byLibrary.set(library, draw);
  }
  return draw;
}
