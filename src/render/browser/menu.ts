/**
 * The mobile menu (the sidebar behind a button below 1024px) and the banner a reader
 * can dismiss (remembered per banner text).
 */
import { all, on, readStored, writeStored } from './dom.js';

const doc = document.documentElement;

export function setupMenu(): void {
  const toggle = document.querySelector('[data-menu-toggle]');
  const set = (open: boolean) => {
    doc.classList.toggle('menu-open', open);
    if (toggle) toggle.setAttribute('aria-expanded', open ? 'true' : 'false');
  };
  on(toggle, 'click', () => set(!doc.classList.contains('menu-open')));
  for (const el of all('[data-menu-close]')) on(el, 'click', () => set(false));
  on(document, 'keydown', (e) => {
    if (e.key === 'Escape' && doc.classList.contains('menu-open')) set(false);
  });
  // Bring the current page into view inside the sidebar without scrolling the window.
  const sidebar = document.querySelector('.sidebar');
  const current = sidebar && sidebar.querySelector('[aria-current="page"]');
  if (sidebar && current) {
    const offset = current.getBoundingClientRect().top - sidebar.getBoundingClientRect().top;
    if (offset > sidebar.clientHeight - 80) sidebar.scrollTop = offset - sidebar.clientHeight / 2;
  }
}

export function setupBanner(): void {
  const banner = document.querySelector('[data-banner]');
  if (!banner) return;
  const text = banner.textContent || '';
  const key = `quire-banner:${text.length}:${text.slice(0, 40)}`;
  if (readStored(key)) doc.classList.add('banner-dismissed');
  on(banner.querySelector('[data-banner-close]'), 'click', () => {
    doc.classList.add('banner-dismissed');
    writeStored(key, '1');
  });
}
