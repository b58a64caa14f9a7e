/**
 * The search dialog, hidden until the search button or Ctrl/Cmd-K opens it. The site
 * script fills the result list from the search index bundled with the site. It searches
 * the reader's language and version; the "everywhere" switch (shown by the script when
 * the site has more than one index) widens the search to all of them.
 */
import type { SiteModel } from './site-model.js';
import { escapeAttr, escapeHtml } from './escape.js';
import { uiIcon } from './ui-icons.js';
import { uiStrings, type UiStrings } from './ui-strings.js';

export function renderSearchDialog(model: SiteModel, ui: UiStrings = uiStrings()): string {
  if (!model.searchPath) return '';
  return `<div class="search-dialog" data-search-dialog hidden role="dialog" aria-modal="true" aria-label="${escapeAttr(ui.searchPlaceholder)}">` +
    `<div class="search-backdrop" data-search-close></div><div class="search-panel">` +
    `<div class="search-input-row">${uiIcon('search')}<input type="search" class="search-input" id="search-input" data-search-input placeholder="${escapeAttr(ui.searchPlaceholder)}" autocomplete="off" spellcheck="false" aria-controls="search-results" aria-autocomplete="list"><kbd class="search-kbd" data-search-close>Esc</kbd></div>` +
    `<label class="search-scope" data-search-widen-row hidden><input type="checkbox" data-search-widen> ${escapeHtml(ui.allLanguages)}</label>` +
    `<ul class="search-results" id="search-results" role="listbox" data-search-results></ul>` +
    `<p class="search-status" data-search-status aria-live="polite"></p>` +
    `<p class="search-footer"><span><kbd>↑</kbd><kbd>↓</kbd> ${escapeHtml(ui.toMove)}</span><span><kbd>Enter</kbd> ${escapeHtml(ui.toOpen)}</span><span><kbd>Esc</kbd> ${escapeHtml(ui.toClose)}</span></p>` +
    `</div></div>`;
}
