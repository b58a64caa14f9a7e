/**
 * Expandable code blocks (```` ```py expandable ````): a block taller than the collapsed
 * height is collapsed and its Expand button shown; the button toggles it. The page
 * itself holds the whole block, so without JS it is shown whole.
 */
import { all, on, ui } from './dom.js';

/**
 * More lines than this collapse (the stylesheet's collapsed height shows about 14). Lines,
 * not pixels: a block in a hidden tab panel has no height to measure.
 */
const COLLAPSE_ABOVE = 16;

export function setupCodeExpand(): void {
  for (const button of all<HTMLButtonElement>('[data-code-expand]')) {
    const block = button.closest<HTMLElement>('[data-code]');
    const pre = block?.querySelector('pre');
    const lines = pre ? pre.querySelectorAll('.line').length : 0;
    if (!block || lines <= COLLAPSE_ABOVE) continue;
    // The page wrote the Expand label in its own language, with the block's line count.
    const expand = button.textContent || `Expand (${lines} lines)`;
    const set = (collapsed: boolean) => {
      block.toggleAttribute('data-collapsed', collapsed);
      button.setAttribute('aria-expanded', collapsed ? 'false' : 'true');
      button.textContent = collapsed ? expand : ui('collapse', 'Collapse');
    };
    set(true);
    button.hidden = false;
    on(button, 'click', () => set(!block.hasAttribute('data-collapsed')));
  }
}
