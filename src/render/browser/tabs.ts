/**
 * Tabs and code groups: any role="tablist" whose tabs name their panel with
 * aria-controls. Click selects; the arrow keys move between tabs.
 */
import { all, on } from './dom.js';

function selectTab(tab: HTMLElement): void {
  const list = tab.closest('[role="tablist"]');
  if (!list) return;
  for (const t of all('[role="tab"]', list)) {
    const selected = t === tab;
    t.setAttribute('aria-selected', selected ? 'true' : 'false');
    t.setAttribute('tabindex', selected ? '0' : '-1');
    const panel = document.getElementById(t.getAttribute('aria-controls') || '');
    if (panel) panel.hidden = !selected;
  }
}

export function setupTabs(): void {
  for (const list of all('[role="tablist"]')) {
    const tabs = all('[role="tab"]', list);
    tabs.forEach((tab, i) => {
      on(tab, 'click', (e) => {
        e.preventDefault();
        selectTab(tab);
      });
      on(tab, 'keydown', (e) => {
        const d = e.key === 'ArrowRight' ? 1 : e.key === 'ArrowLeft' ? -1 : 0;
        if (!d) return;
        e.preventDefault();
        const next = tabs[(i + d + tabs.length) % tabs.length];
        selectTab(next);
        next.focus();
      });
    });
  }
}
