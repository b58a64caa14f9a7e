/**
 * The second half of the site script: the search dialog. It loads the Pagefind
 * bundle that ships with the site (`pagefind/pagefind.js`, found relative to the site
 * root, so any static host and sub-path work with no outside request), merges the
 * extra index shards, and shows results with title, section and snippet.
 * Keyboard: Ctrl/Cmd-K or "/" opens, arrows move, Enter opens, Escape closes.
 */
export const SEARCH_JS = String.raw`
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
      engine = import(new URL(searchDir + 'pagefind.js', root).href).then(function (pf) {
        return pf.options({ baseUrl: root.pathname, excerptLength: 24 }).then(function () {
          var merges = [];
          for (var i = 1; i < shards; i++) merges.push(pf.mergeIndex(new URL(searchDir + 'shard-' + i + '/', root).href, { baseUrl: root.pathname }));
          return Promise.all(merges);
        }).then(function () { return pf; });
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
    // Pagefind excerpts are escaped text with <mark> around hits; keep only those tags.
    function cleanExcerpt(s) { return escapeText(s).replace(/&#60;(\/?)mark&#62;/g, '<$1mark>'); }
    function render(results) {
      list.innerHTML = '';
      items = [];
      results.forEach(function (r, i) {
        var sub = (r.sub_results || []).filter(function (s) { return s.title && s.title !== r.meta.title; })[0];
        var li = document.createElement('li');
        li.className = 'search-result'; li.id = 'search-result-' + i; li.setAttribute('role', 'option');
        li.innerHTML = '<a href="' + escapeText(sub ? sub.url : r.url) + '"><span class="search-result-title">' + escapeText(r.meta.title || r.url) + '</span>' +
          (sub ? '<span class="search-result-section">' + escapeText(sub.title) + '</span>' : '') +
          '<span class="search-result-excerpt">' + cleanExcerpt(sub ? sub.excerpt : r.excerpt) + '</span></a>';
        list.appendChild(li);
        items.push(li);
      });
      selected = -1;
      if (items.length) select(0);
    }
    function run() {
      var query = input.value.trim();
      var mine = ++seq;
      if (!query) { list.innerHTML = ''; items = []; status.textContent = ''; return; }
      status.textContent = 'Searching…';
      load().then(function (pf) { return pf.search(query); }).then(function (search) {
        if (mine !== seq) return null;
        return Promise.all(search.results.slice(0, 10).map(function (r) { return r.data(); })).then(function (data) {
          if (mine !== seq) return;
          render(data);
          status.textContent = data.length ? '' : 'No results for “' + query + '”';
        });
      }).catch(function () { status.textContent = 'Search is not available.'; });
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
