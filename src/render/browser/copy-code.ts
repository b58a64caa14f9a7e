/**
 * Copy buttons. Code blocks of the renderer carry their own button (`[data-copy]`);
 * a bare <pre> (raw HTML in a page) gets one here. One listener on the document copies
 * the text of the block a button belongs to and shows that it did for 1.5 s.
 */
import { all, on, ui } from './dom.js';

const COPY_ICON = '<svg class="icon" viewBox="0 0 24 24" width="1em" height="1em" aria-hidden="true"><g fill="none" stroke="currentColor" stroke-linecap="round" stroke-linejoin="round" stroke-width="2"><rect width="14" height="14" x="8" y="8" rx="2" ry="2"/><path d="M4 16c-1.1 0-2-.9-2-2V4c0-1.1.9-2 2-2h10c1.1 0 2 .9 2 2"/></g></svg>';
const CHECK_ICON = '<svg class="icon" viewBox="0 0 24 24" width="1em" height="1em" aria-hidden="true"><path fill="none" stroke="currentColor" stroke-linecap="round" stroke-linejoin="round" stroke-width="2" d="M20 6L9 17l-5-5"/></svg>';

/** Type popups, error and query lines, completion lists: shown in a twoslash block, not part of its code. */
const TWOSLASH_EXTRAS = '.twoslash-popup-container, .twoslash-meta-line, .twoslash-completion-list';

/** The clipboard API where the page is a secure context; elsewhere (file://, plain http) a hidden textarea. */
function copyText(text: string): Promise<void> {
  if (navigator.clipboard && window.isSecureContext) return navigator.clipboard.writeText(text);
  const area = document.createElement('textarea');
  area.value = text;
  area.setAttribute('readonly', '');
  area.style.position = 'fixed';
  area.style.opacity = '0';
  document.body.appendChild(area);
  area.select();
  try {
    // deprecated, and the only way to copy outside a secure context
    document.execCommand('copy');
  } catch {
    // the browser refused: nothing was copied, as when it has no clipboard at all
  }
  document.body.removeChild(area);
  return Promise.resolve();
}

/**
 * Each bare <pre> goes into a box of its own with its button: placed beside the <pre>
 * in the page itself, the button sat at the corner of the whole page column (over the
 * first code block's own button) and copied the first <pre> of the page.
 */
function addButtons(): void {
  for (const pre of all('.prose pre')) {
    const host = pre.parentElement;
    if (!host || pre.closest('[data-code]') || host.querySelector(':scope > [data-copy]')) continue;
    const box = document.createElement('div');
    box.className = 'copy-box';
    host.insertBefore(box, pre);
    const button = document.createElement('button');
    button.type = 'button';
    button.className = 'copy-button';
    button.setAttribute('data-copy', '');
    button.setAttribute('aria-label', ui('copy', 'Copy code'));
    button.innerHTML = COPY_ICON;
    box.append(pre, button);
  }
}

/** What a block's copy button copies: its code, without what a twoslash block shows beside it. */
function codeText(pre: Element): string {
  const code = pre.querySelector('code') || pre;
  if (!pre.classList.contains('twoslash')) return code.textContent || '';
  const copy = code.cloneNode(true) as Element;
  for (const extra of Array.from(copy.querySelectorAll(TWOSLASH_EXTRAS))) extra.remove();
  return copy.textContent || '';
}

export function setupCopy(): void {
  addButtons();
  on(document, 'click', (e) => {
    const target = e.target as Element | null;
    const button = target && target.closest ? target.closest<HTMLElement>('[data-copy]') : null;
    if (!button) return;
    // a colour swatch carries its value; a code block or prompt holds its text in a <pre>
    const own = button.getAttribute('data-copy-text');
    const block = button.closest('[data-code]') || button.parentElement;
    const pre = block && block.querySelector('pre');
    const code = own ?? (pre ? codeText(pre) : '');
    void copyText(code).then(() => {
      if (own !== null) {
        button.classList.add('copied');
        setTimeout(() => button.classList.remove('copied'), 1500);
        return;
      }
      const before = button.innerHTML;
      button.classList.add('copied');
      button.innerHTML = button.classList.contains('copy-button') ? CHECK_ICON : ui('copied', 'Copied');
      button.setAttribute('aria-label', ui('copied', 'Copied'));
      setTimeout(() => {
        button.classList.remove('copied');
        button.innerHTML = before;
        button.setAttribute('aria-label', ui('copy', 'Copy code'));
      }, 1500);
    });
  });
}
