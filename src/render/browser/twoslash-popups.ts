/**
 * Type popups of `twoslash` code blocks (highlight/twoslash.ts, Shiki's rich renderer). The
 * renderer's CSS places a popup under its identifier, inside the block's <pre>, which
 * scrolls sideways and so clips whatever leaves it: a popup on the last lines was cut off.
 * Here a popup, when its identifier is hovered, is placed in the viewport instead (fixed,
 * below the identifier, kept inside the window). Without the script the CSS placement stays.
 */
import { on } from './dom.js';

const HOVER = '.twoslash-hover, .twoslash-error-hover';

function place(target: Element): void {
  const popup = target.querySelector<HTMLElement>(':scope > .twoslash-popup-container');
  if (!popup) return;
  const r = target.getBoundingClientRect();
  popup.style.position = 'fixed';
  popup.style.transform = 'none';
  popup.style.top = `${Math.round(r.bottom + 6)}px`;
  const left = Math.min(r.left, window.innerWidth - popup.offsetWidth - 8);
  popup.style.left = `${Math.round(Math.max(8, left))}px`;
}

export function setupTwoslash(): void {
  if (!document.querySelector('.twoslash')) return;
  on(document, 'pointerover', (e) => {
    const target = e.target instanceof Element ? e.target.closest(HOVER) : null;
    // a `// ^?` query's popup is shown all the time, in the flow of the block: it stays there
    if (target && !target.classList.contains('twoslash-query-persisted')) place(target);
  });
}
