/**
 * Light and dark mode. The site script is loaded synchronously in <head>, so
 * `applyStoredTheme()` sets the mode before the first paint (no flash); the toggle
 * buttons are wired once the page is ready. `data-appearance` on <html> is the site's
 * default (`system`, `light`, `dark`); `data-strict` forbids the reader's own choice.
 */
import { all, on, readStored, writeStored } from './dom.js';

const THEME_KEY = 'quire-theme';
type Mode = 'light' | 'dark';

const doc = document.documentElement;

function preferred(media: MediaQueryList | null): Mode {
  const appearance = doc.getAttribute('data-appearance') || 'system';
  const strict = doc.hasAttribute('data-strict');
  if (strict && appearance !== 'system') return appearance as Mode;
  const stored = strict ? null : readStored(THEME_KEY);
  if (stored === 'dark' || stored === 'light') return stored;
  if (appearance === 'dark' || appearance === 'light') return appearance;
  return media && media.matches ? 'dark' : 'light';
}

function applyTheme(mode: Mode): void {
  doc.classList.toggle('dark', mode === 'dark');
  doc.style.colorScheme = mode;
}

/** Applies the reader's (or the site's) mode now and follows the system's while it is the one used. */
export function applyStoredTheme(): void {
  const media = window.matchMedia ? window.matchMedia('(prefers-color-scheme: dark)') : null;
  applyTheme(preferred(media));
  if (media && media.addEventListener) media.addEventListener('change', () => applyTheme(preferred(media)));
}

export function setupThemeToggle(): void {
  for (const button of all('[data-theme-toggle]')) {
    on(button, 'click', () => {
      const next: Mode = doc.classList.contains('dark') ? 'light' : 'dark';
      writeStored(THEME_KEY, next);
      applyTheme(next);
    });
  }
}
