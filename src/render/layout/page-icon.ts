/**
 * Icons named by authors in frontmatter and navigation (`icon: "rocket"`, Font Awesome
 * names too), drawn with the shared icon renderer. Image references are left out of
 * the navigation: their path would depend on the page drawing the sidebar.
 */
import { isIconImage, renderIcon } from '../icons/index.js';

const drawn = new Map<string, string>();

export function pageIcon(name: string): string {
  let html = drawn.get(name);
  if (html === undefined) {
    html = isIconImage(name) ? '' : renderIcon(name, { className: 'icon' }).html;
    drawn.set(name, html);
  }
  return html;
}
