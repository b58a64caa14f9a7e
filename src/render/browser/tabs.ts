/**
 * Tabs and code groups: any role="tablist" whose tabs name their panel with
 * aria-controls. Click selects; the arrow keys move between tabs. Selecting a tab
 * selects the tab of the same title in the page's other tab sets and code groups
 * (Mintlify's sync) unless either says data-sync="false"; the choice is remembered for
 * the next pages. A code group with data-dropdown gets a menu of its titles instead of
 * the tab row.
 */
import { all, on, readStored, ui, writeStored } from './dom.js';

const STORE = 'quire-tab';

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
  const select = list.parentElement?.querySelector<HTMLSelectElement>(':scope > .q-tab-select select');
  if (select) select.value = tab.id;
}

const synced = (tab: Element) => tab.closest('[data-sync="false"]') === null;
const label = (tab: Element) => (tab.textContent || '').trim();

/** Selects `tab`, and the same title everywhere on the page when it syncs. */
function choose(tab: HTMLElement): void {
  selectTab(tab);
  if (!synced(tab)) return;
  const title = label(tab);
  writeStored(STORE, title);
  for (const other of all('[role="tab"]')) if (other !== tab && synced(other) && label(other) === title) selectTab(other);
}

/** A menu of the group's titles above its panels; the tab row stays for keyboard and screen readers. */
function addDropdown(group: HTMLElement, tabs: HTMLElement[]): void {
  const box = document.createElement('div');
  box.className = 'q-tab-select';
  const select = document.createElement('select');
  select.setAttribute('aria-label', ui('language', 'Language'));
  for (const t of tabs) select.add(new Option(label(t), t.id, false, t.getAttribute('aria-selected') === 'true'));
  on(select, 'change', () => {
    const tab = document.getElementById(select.value);
    if (tab) choose(tab);
  });
  box.append(select);
  group.insertBefore(box, group.firstChild);
  group.setAttribute('data-enhanced', '');
}

export function setupTabs(): void {
  for (const list of all('[role="tablist"]')) {
    const tabs = all('[role="tab"]', list);
    const group = list.parentElement;
    if (group?.hasAttribute('data-dropdown')) addDropdown(group, tabs);
    tabs.forEach((tab, i) => {
      on(tab, 'click', (e) => {
        e.preventDefault();
        choose(tab);
      });
      on(tab, 'keydown', (e) => {
        const d = e.key === 'ArrowRight' ? 1 : e.key === 'ArrowLeft' ? -1 : 0;
        if (!d) return;
        e.preventDefault();
        const next = tabs[(i + d + tabs.length) % tabs.length];
        choose(next);
        next.focus();
      });
    });
  }
  const remembered = readStored(STORE);
  if (remembered) for (const tab of all('[role="tab"]')) if (synced(tab) && label(tab) === remembered) selectTab(tab);
  showHashTarget();
  window.addEventListener('hashchange', showHashTarget);
}

/**
 * A link to a tab's id (`#oauth-2-0`) opens that tab; one to anything inside a hidden
 * panel or a closed accordion opens what hides it, then scrolls to it.
 */
function showHashTarget(): void {
  let id = location.hash.slice(1);
  try {
    id = decodeURIComponent(id);
  } catch {
    // not percent-encoded as a whole: looked up as written
  }
  const target = id ? document.getElementById(id) : null;
  if (!target) return;
  let hidden = false;
  if (target.getAttribute('role') === 'tab') {
    hidden = target.getAttribute('aria-selected') !== 'true';
    selectTab(target);
  }
  for (let el: HTMLElement | null = target; el; el = el.parentElement) {
    if (el.getAttribute('role') === 'tabpanel' && el.hidden) {
      const tab = document.getElementById(el.getAttribute('aria-labelledby') || '');
      if (tab) selectTab(tab);
      hidden = true;
    }
    if (el instanceof HTMLDetailsElement && !el.open && el !== target) {
      el.open = true;
      hidden = true;
    }
  }
  if (target instanceof HTMLDetailsElement && !target.open) target.open = true;
  // The browser scrolled before the target was shown: scroll again now it has a place.
  if (hidden) target.scrollIntoView();
}
