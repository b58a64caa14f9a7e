/**
 * The search dialog. On first use it imports the search engine the site ships
 * (`assets/search.<hash>.js`, search-engine.ts), found relative to the site root like
 * the index in `search/`, so any static host and sub-path work with no outside request,
 * and shows results with title, section and snippet. It searches the index of the page's
 * language and version (`data-search-scope`); when the site has several, a switch widens
 * the search to all of them and each result names its language and version. Keyboard:
 * Ctrl/Cmd-K or "/" opens, arrows move, Enter opens, Escape closes.
 */
import { all, on, ui } from './dom.js';
import type { createSearch, RankedResult, SearchResult } from './search-engine.js';

/** The engine's path from the site root, set when the site script is bundled (browser-bundle.ts). */
declare const SEARCH_ENGINE_PATH: string;

type Engine = ReturnType<typeof createSearch>;

function escapeText(s: unknown): string {
  return String(s).replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);
}

/** An excerpt is [text, hit] pairs: text is escaped, hits marked. */
function excerptHtml(parts: SearchResult['excerpt']): string {
  return parts.map((p) => (p[1] ? `<mark>${escapeText(p[0])}</mark>` : escapeText(p[0]))).join('');
}

export function setupSearch(): void {
  const body = document.body;
  const dialog = document.querySelector<HTMLElement>('[data-search-dialog]');
  const searchDir = body.getAttribute('data-search');
  if (!dialog || !searchDir) return;
  const input = dialog.querySelector<HTMLInputElement>('[data-search-input]')!;
  const list = dialog.querySelector<HTMLElement>('[data-search-results]')!;
  const status = dialog.querySelector<HTMLElement>('[data-search-status]')!;
  const root = new URL(body.getAttribute('data-root') || './', document.baseURI);
  const scope = body.getAttribute('data-search-scope') || '';
  const widen = dialog.querySelector<HTMLInputElement>('[data-search-widen]');
  const widenRow = dialog.querySelector<HTMLElement>('[data-search-widen-row]');
  let engine: Promise<Engine> | null = null;
  let selected = -1;
  let items: HTMLElement[] = [];
  let seq = 0;
  let timer = 0;
  let lastFocus: Element | null = null;

  function load(): Promise<Engine> {
    if (engine) return engine;
    const loading = (import(new URL(SEARCH_ENGINE_PATH, root).href) as Promise<{ createSearch: typeof createSearch }>)
      .then((m) => m.createSearch(new URL(searchDir!, root).href));
    // the switch only means something when there is more than one index
    loading.then((e) => e.scopes()).then((list) => {
      if (widenRow && list.length > 1) widenRow.hidden = false;
    }).catch(() => undefined); // the query reports a failed load
    // a failed load is tried again on the next query; the query itself says why
    loading.catch(() => {
      engine = null;
    });
    return (engine = loading);
  }
  function open(): void {
    lastFocus = document.activeElement;
    dialog!.hidden = false;
    document.documentElement.classList.add('search-open');
    input.focus();
    input.select();
    void load();
  }
  function close(): void {
    dialog!.hidden = true;
    document.documentElement.classList.remove('search-open');
    const back = lastFocus as (Element & HTMLOrSVGElement) | null;
    if (back && back.focus) back.focus();
  }
  function select(i: number): void {
    if (!items.length) return;
    selected = (i + items.length) % items.length;
    items.forEach((li, j) => li.setAttribute('aria-selected', j === selected ? 'true' : 'false'));
    input.setAttribute('aria-activedescendant', items[selected].id);
    items[selected].scrollIntoView({ block: 'nearest' });
  }
  // A result's url is the page file's path from the site root ('./' first: a path with a colon is no scheme).
  function render(results: RankedResult[]): void {
    list.innerHTML = '';
    items = [];
    results.forEach((r, i) => {
      const li = document.createElement('li');
      li.className = 'search-result';
      li.id = `search-result-${i}`;
      li.setAttribute('role', 'option');
      li.innerHTML = `<a href="${escapeText(new URL(`./${r.url}`, root).href)}"><span class="search-result-title">${escapeText(r.title || r.url)}</span>` +
        (r.scope !== scope && (r.language || r.version) ? `<span class="search-result-scope">${escapeText([r.language, r.version].filter(Boolean).join(' · '))}</span>` : '') +
        (r.section ? `<span class="search-result-section">${escapeText(r.section)}</span>` : '') +
        `<span class="search-result-excerpt">${excerptHtml(r.excerpt)}</span></a>`;
      list.appendChild(li);
      items.push(li);
    });
    selected = -1;
    if (items.length) select(0);
  }
  function run(): void {
    const query = input.value;
    const mine = ++seq;
    if (!query.trim()) {
      list.innerHTML = '';
      items = [];
      status.textContent = '';
      return;
    }
    status.textContent = ui('searching', 'Searching…');
    const everywhere = !!widen && widen.checked;
    load().then((e) => e.search(query, { limit: 10, scopes: everywhere || !scope ? undefined : [scope] })).then((results) => {
      if (mine !== seq) return;
      render(results);
      status.textContent = results.length ? '' : ui('noResults', 'No results for “{query}”').replace('{query}', query.trim());
    }).catch(() => {
      // the reader is told in the dialog; the browser console has the request's own error
      if (mine === seq) status.textContent = ui('searchUnavailable', 'Search is not available.');
    });
  }
  on(input, 'input', () => {
    clearTimeout(timer);
    timer = window.setTimeout(run, 80);
  });
  if (widen) on(widen, 'change', run);
  on(input, 'keydown', (e) => {
    if (e.key === 'ArrowDown') {
      e.preventDefault();
      select(selected + 1);
    } else if (e.key === 'ArrowUp') {
      e.preventDefault();
      select(selected - 1);
    } else if (e.key === 'Enter' && selected >= 0) {
      e.preventDefault();
      items[selected].querySelector('a')!.click();
    }
  });
  on(list, 'click', (e) => {
    const target = e.target as Element | null;
    if (target && target.closest && target.closest('a')) close();
  });
  for (const b of all('[data-search-open]')) on(b, 'click', open);
  for (const b of all('[data-search-close]', dialog)) on(b, 'click', close);
  on(document, 'keydown', (e) => {
    const target = e.target as HTMLElement | null;
    const typing = /^(INPUT|TEXTAREA|SELECT)$/.test((target && target.tagName) || '') || (target && target.isContentEditable);
    if ((e.key === 'k' || e.key === 'K') && (e.metaKey || e.ctrlKey)) {
      e.preventDefault();
      if (dialog.hidden) open();
      else close();
    } else if (e.key === '/' && !typing && dialog.hidden) {
      e.preventDefault();
      open();
    } else if (e.key === 'Escape' && !dialog.hidden) {
      e.preventDefault();
      close();
    }
  });
  if (/Mac|iPhone|iPad/.test(navigator.platform || '')) {
    for (const k of all('.search-button .search-kbd')) k.textContent = '⌘K';
  }
}
