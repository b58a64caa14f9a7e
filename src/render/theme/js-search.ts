/**
 * The second half of the site script: the search dialog. On first use it imports the
 * search engine the site ships (`assets/search.<hash>.js`, search/search-engine.ts),
 * found relative to the site root like the index in `search/`, so any static host and
 * sub-path work with no outside request, and shows results with title, section and
 * snippet. Keyboard: Ctrl/Cmd-K or "/" opens, arrows move, Enter opens, Escape closes.
 */
export function searchScript(enginePath: string): string {
  return SEARCH_JS.replace('__ENGINE__', () => JSON.stringify(enginePath));
}

const SEARCH_JS = String.raw`
(function () {
  'use strict';
  var Q = window.Quire;
  Q.ready(function () {
    var body = document.body;
    var dialog = document.querySelector('[data-search-dialog]');
    var searchDir = body.getAttribute('data-search');
    if (!dialog || !searchDir) return;
    var input = dialog.querySelector('[data-search-input]');
    var list = dialog.querySelector('[data-search-results]');
    var status = dialog.querySelector('[data-search-status]');
    var root = new URL(body.getAttribute('data-root') || './', document.baseURI);
    var shards = Number(body.getAttribute('data-search-shards') || '1');
    var engine = null, selected = -1, items = [], seq = 0, timer = 0, lastFocus = null;

    function load() {
      if (engine) return engine;
      engine = import(new URL(__ENGINE__, root).href).then(function (m) {
        return m.createSearch(new URL(searchDir, root).href, shards);
      });
      engine.catch(function () { engine = null; });
      return engine;
    }
    function open() {
      lastFocus = document.activeElement;
      dialog.hidden = false;
      document.documentElement.classList.add('search-open');
      input.focus(); input.select();
      load();
    }
    function close() {
      dialog.hidden = true;
      document.documentElement.classList.remove('search-open');
      if (lastFocus && lastFocus.focus) lastFocus.focus();
    }
    function select(i) {
      if (!items.length) return;
      selected = (i + items.length) % items.length;
      items.forEach(function (li, j) { li.setAttribute('aria-selected', j === selected ? 'true' : 'false'); });
      input.setAttribute('aria-activedescendant', items[selected].id);
      items[selected].scrollIntoView({ block: 'nearest' });
    }
    function escapeText(s) { return String(s).replace(/[&<>"']/g, function (c) { return '&#' + c.charCodeAt(0) + ';'; }); }
    // An excerpt is [text, hit] pairs: text is escaped, hits marked. A result's url is
    // the page file's path from the site root ('./' first: a path with a colon is no scheme).
    function excerptHtml(parts) {
      return parts.map(function (p) { return p[1] ? '<mark>' + escapeText(p[0]) + '</mark>' : escapeText(p[0]); }).join('');
    }
    function render(results) {
      list.innerHTML = '';
      items = [];
      results.forEach(function (r, i) {
        var li = document.createElement('li');
        li.className = 'search-result'; li.id = 'search-result-' + i; li.setAttribute('role', 'option');
        li.innerHTML = '<a href="' + escapeText(new URL('./' + r.url, root).href) + '"><span class="search-result-title">' + escapeText(r.title || r.url) + '</span>' +
          (r.section ? '<span class="search-result-section">' + escapeText(r.section) + '</span>' : '') +
          '<span class="search-result-excerpt">' + excerptHtml(r.excerpt) + '</span></a>';
        list.appendChild(li);
        items.push(li);
      });
      selected = -1;
      if (items.length) select(0);
    }
    function run() {
      var query = input.value;
      var mine = ++seq;
      if (!query.trim()) { list.innerHTML = ''; items = []; status.textContent = ''; return; }
      status.textContent = Q.ui('searching', 'Searching…');
      load().then(function (engine) { return engine.search(query, 10); }).then(function (results) {
        if (mine !== seq) return;
        render(results);
        status.textContent = results.length ? '' : Q.ui('noResults', 'No results for “{query}”').replace('{query}', query.trim());
      }).catch(function () { if (mine === seq) status.textContent = 'Search is not available.'; });
    }
    Q.on(input, 'input', function () { clearTimeout(timer); timer = setTimeout(run, 80); });
    Q.on(input, 'keydown', function (e) {
      if (e.key === 'ArrowDown') { e.preventDefault(); select(selected + 1); }
      else if (e.key === 'ArrowUp') { e.preventDefault(); select(selected - 1); }
      else if (e.key === 'Enter' && selected >= 0) { e.preventDefault(); items[selected].querySelector('a').click(); }
    });
    Q.on(list, 'click', function (e) { if (e.target.closest && e.target.closest('a')) close(); });
    Q.all('[data-search-open]').forEach(function (b) { Q.on(b, 'click', open); });
    Q.all('[data-search-close]', dialog).forEach(function (b) { Q.on(b, 'click', close); });
    Q.on(document, 'keydown', function (e) {
      var typing = /^(INPUT|TEXTAREA|SELECT)$/.test((e.target && e.target.tagName) || '') || (e.target && e.target.isContentEditable);
      if ((e.key === 'k' || e.key === 'K') && (e.metaKey || e.ctrlKey)) { e.preventDefault(); if (dialog.hidden) open(); else close(); }
      else if (e.key === '/' && !typing && dialog.hidden) { e.preventDefault(); open(); }
      else if (e.key === 'Escape' && !dialog.hidden) { e.preventDefault(); close(); }
    });
    if (/Mac|iPhone|iPad/.test(navigator.platform || '')) Q.all('.search-button .search-kbd').forEach(function (k) { k.textContent = '⌘K'; });
  });
})();
`;
