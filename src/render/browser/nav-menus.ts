/**
 * The navigation's drop-down menus ([data-nav-menu], drawn by layout/nav-menus.ts): tab
 * menus, product and dropdown pickers, version and language switchers. The button
 * toggles its list and says so in aria-expanded; Escape closes the menu and gives the
 * focus back to its button; a click elsewhere or the focus leaving closes it; the
 * arrow keys move between its links. Only one menu is open at a time.
 */
import { all, on } from './dom.js';

const OPEN = 'nav-menu-open';

function parts(menu: Element): { button: HTMLButtonElement | null; links: HTMLElement[] } {
  // A product menu's column links are stops too, in page order.
  return { button: menu.querySelector<HTMLButtonElement>(':scope > .nav-menu-button'), links: all('.nav-menu-item, .nav-menu-link', menu) };
}

function setOpen(menu: Element, open: boolean): void {
  menu.classList.toggle(OPEN, open);
  parts(menu).button?.setAttribute('aria-expanded', open ? 'true' : 'false');
}

export function setupNavMenus(): void {
  const menus = all('[data-nav-menu]');
  if (menus.length === 0) return;
  // Without this class CSS opens menus on hover and focus (the no-script fallback).
  document.documentElement.classList.add('nav-menus-ready');
  const closeAll = (except?: Element) => {
    for (const m of menus) if (m !== except && m.classList.contains(OPEN)) setOpen(m, false);
  };
  for (const menu of menus) {
    const { button, links } = parts(menu);
    on(button, 'click', () => {
      const open = !menu.classList.contains(OPEN);
      closeAll(menu);
      setOpen(menu, open);
    });
    on(menu, 'keydown', (e) => {
      if (e.key === 'Escape' && menu.classList.contains(OPEN)) {
        // Handled here: the mobile menu around it stays open.
        e.stopPropagation();
        setOpen(menu, false);
        button?.focus();
        return;
      }
      if (e.key !== 'ArrowDown' && e.key !== 'ArrowUp') return;
      const at = links.indexOf(document.activeElement as HTMLElement);
      if (at === -1 && e.target !== button) return;
      e.preventDefault();
      if (!menu.classList.contains(OPEN)) {
        closeAll(menu);
        setOpen(menu, true);
      }
      const next = at === -1 ? (e.key === 'ArrowDown' ? 0 : links.length - 1) : (at + (e.key === 'ArrowDown' ? 1 : links.length - 1)) % links.length;
      links[next]?.focus();
    });
    on(menu, 'focusout', (e) => {
      const to = e.relatedTarget as Node | null;
      if (to && !menu.contains(to)) setOpen(menu, false);
    });
  }
  on(document, 'click', (e) => {
    const inside = (e.target as Element | null)?.closest?.('[data-nav-menu]');
    closeAll(inside ?? undefined);
  });
}
