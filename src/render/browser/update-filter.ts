/**
 * The changelog tag filter (components/update.ts): with tags checked, only the updates
 * carrying one of them show (and their table-of-contents entries); none checked shows all.
 */
import { all, on } from './dom.js';

function apply(boxes: HTMLInputElement[]): void {
  const wanted = boxes.filter((b) => b.checked).map((b) => b.value);
  for (const update of all('[data-update]')) {
    let tags: unknown = [];
    try {
      tags = JSON.parse(update.getAttribute('data-tags') || '[]');
    } catch {
      // written by the exporter as JSON; an update edited by hand is treated as untagged
    }
    const shown = !wanted.length || (Array.isArray(tags) && tags.some((t) => wanted.includes(String(t))));
    update.hidden = !shown;
    const entry = update.id ? document.querySelector(`.toc a[href="#${CSS.escape(update.id)}"]`)?.closest('li') : null;
    if (entry) entry.hidden = !shown;
  }
}

export function setupUpdateFilter(): void {
  const boxes = all<HTMLInputElement>('[data-update-filter] input[type="checkbox"]');
  for (const box of boxes) on(box, 'change', () => apply(boxes));
}
