/**
 * The View selector (components/view.ts): choosing a title shows the views of that
 * title and hides the others; the table of contents keeps only the headings of what shows.
 */
import { all, on } from './dom.js';

function show(title: string): void {
  const hiddenIds = new Set<string>();
  for (const view of all('[data-view]')) {
    view.hidden = view.getAttribute('data-view') !== title;
    if (view.hidden) for (const h of all('[id]', view)) hiddenIds.add(h.id);
  }
  for (const link of all<HTMLAnchorElement>('.toc a[href^="#"]')) {
    const item = link.closest('li');
    if (item) item.hidden = hiddenIds.has(decodeURIComponent(link.hash.slice(1)));
  }
}

export function setupViews(): void {
  const select = document.querySelector<HTMLSelectElement>('[data-view-select] select');
  if (!select) return;
  on(select, 'change', () => show(select.value));
  show(select.value);
}
