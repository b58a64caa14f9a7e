/**
 * The first half of the site script (plain ES2017, no framework): applies the theme
 * before the first paint (the script is loaded synchronously in <head>, so there is
 * no flash), then wires the toggle, the mobile menu, the banner, tabs and code groups,
 * accordions, code copy and the table of contents highlight once the DOM is ready.
 */
export const CORE_JS = String.raw`
(function () {
  'use strict';
  var doc = document.documentElement;
  var THEME_KEY = 'quire-theme';
  var appearance = doc.getAttribute('data-appearance') || 'system';
  var strict = doc.hasAttribute('data-strict');
  var media = window.matchMedia ? window.matchMedia('(prefers-color-scheme: dark)') : null;
  function stored() { try { return localStorage.getItem(THEME_KEY); } catch (e) { return null; } }
  function preferred() {
    if (strict && appearance !== 'system') return appearance;
    var s = strict ? null : stored();
    if (s === 'dark' || s === 'light') return s;
    if (appearance === 'dark' || appearance === 'light') return appearance;
    return media && media.matches ? 'dark' : 'light';
  }
  function applyTheme(t) { doc.classList.toggle('dark', t === 'dark'); doc.style.colorScheme = t; }
  applyTheme(preferred());
  if (media && media.addEventListener) media.addEventListener('change', function () { applyTheme(preferred()); });

  function all(sel, el) { return Array.prototype.slice.call((el || document).querySelectorAll(sel)); }
  function on(el, ev, fn) { if (el) el.addEventListener(ev, fn); }
  var Q = window.Quire = { all: all, on: on };
  // Interface words of pages not in English come as data in the page (layout/ui-strings.ts).
  var uiData;
  Q.ui = function (key, fallback) {
    if (uiData === undefined) { try { uiData = JSON.parse((document.getElementById('quire-ui') || {}).textContent || '{}'); } catch (e) { uiData = {}; } }
    return typeof uiData[key] === 'string' ? uiData[key] : fallback;
  };

  function setupTheme() {
    all('[data-theme-toggle]').forEach(function (b) {
      on(b, 'click', function () {
        var next = doc.classList.contains('dark') ? 'light' : 'dark';
        try { localStorage.setItem(THEME_KEY, next); } catch (e) {}
        applyTheme(next);
      });
    });
  }

  function setupMenu() {
    var toggle = document.querySelector('[data-menu-toggle]');
    function set(open) {
      doc.classList.toggle('menu-open', open);
      if (toggle) toggle.setAttribute('aria-expanded', open ? 'true' : 'false');
    }
    on(toggle, 'click', function () { set(!doc.classList.contains('menu-open')); });
    all('[data-menu-close]').forEach(function (el) { on(el, 'click', function () { set(false); }); });
    on(document, 'keydown', function (e) { if (e.key === 'Escape' && doc.classList.contains('menu-open')) set(false); });
    // Bring the current page into view inside the sidebar without scrolling the window.
    var sidebar = document.querySelector('.sidebar');
    var current = sidebar && sidebar.querySelector('[aria-current="page"]');
    if (current) {
      var offset = current.getBoundingClientRect().top - sidebar.getBoundingClientRect().top;
      if (offset > sidebar.clientHeight - 80) sidebar.scrollTop = offset - sidebar.clientHeight / 2;
    }
  }

  function setupBanner() {
    var banner = document.querySelector('[data-banner]');
    if (!banner) return;
    var key = 'quire-banner:' + banner.textContent.length + ':' + banner.textContent.slice(0, 40);
    try { if (localStorage.getItem(key)) doc.classList.add('banner-dismissed'); } catch (e) {}
    on(banner.querySelector('[data-banner-close]'), 'click', function () {
      doc.classList.add('banner-dismissed');
      try { localStorage.setItem(key, '1'); } catch (e) {}
    });
  }

  // Tabs and code groups: any role="tablist" whose tabs name their panel with aria-controls.
  function selectTab(tab) {
    var list = tab.closest('[role="tablist"]');
    if (!list) return;
    all('[role="tab"]', list).forEach(function (t) {
      var selected = t === tab;
      t.setAttribute('aria-selected', selected ? 'true' : 'false');
      t.setAttribute('tabindex', selected ? '0' : '-1');
      var panel = document.getElementById(t.getAttribute('aria-controls') || '');
      if (panel) panel.hidden = !selected;
    });
  }
  function setupTabs() {
    all('[role="tablist"]').forEach(function (list) {
      var tabs = all('[role="tab"]', list);
      tabs.forEach(function (tab, i) {
        on(tab, 'click', function (e) { e.preventDefault(); selectTab(tab); });
        on(tab, 'keydown', function (e) {
          var d = e.key === 'ArrowRight' ? 1 : e.key === 'ArrowLeft' ? -1 : 0;
          if (!d) return;
          e.preventDefault();
          var next = tabs[(i + d + tabs.length) % tabs.length];
          selectTab(next); next.focus();
        });
      });
    });
  }

  function copyText(text) {
    if (navigator.clipboard && window.isSecureContext) return navigator.clipboard.writeText(text);
    var area = document.createElement('textarea');
    area.value = text; area.setAttribute('readonly', ''); area.style.position = 'fixed'; area.style.opacity = '0';
    document.body.appendChild(area); area.select();
    try { document.execCommand('copy'); } catch (e) {}
    document.body.removeChild(area);
    return Promise.resolve();
  }
  var COPY_ICON = '<svg class="icon" viewBox="0 0 24 24" width="1em" height="1em" aria-hidden="true"><g fill="none" stroke="currentColor" stroke-linecap="round" stroke-linejoin="round" stroke-width="2"><rect width="14" height="14" x="8" y="8" rx="2" ry="2"/><path d="M4 16c-1.1 0-2-.9-2-2V4c0-1.1.9-2 2-2h10c1.1 0 2 .9 2 2"/></g></svg>';
  var CHECK_ICON = '<svg class="icon" viewBox="0 0 24 24" width="1em" height="1em" aria-hidden="true"><path fill="none" stroke="currentColor" stroke-linecap="round" stroke-linejoin="round" stroke-width="2" d="M20 6L9 17l-5-5"/></svg>';
  function setupCopy() {
    // Code blocks of the renderer carry their own button; bare <pre> (raw HTML) get one here.
    all('.prose pre').forEach(function (pre) {
      var host = pre.parentElement;
      if (!host || pre.closest('[data-code]') || host.querySelector(':scope > [data-copy]')) return;
      var button = document.createElement('button');
      button.type = 'button'; button.className = 'copy-button'; button.setAttribute('data-copy', '');
      button.setAttribute('aria-label', Q.ui('copy', 'Copy code')); button.innerHTML = COPY_ICON;
      pre.insertAdjacentElement('afterend', button);
      if (getComputedStyle(host).position === 'static') host.style.position = 'relative';
    });
    on(document, 'click', function (e) {
      var button = e.target.closest && e.target.closest('[data-copy]');
      if (!button) return;
      var block = button.closest('[data-code]') || button.parentElement;
      var pre = block && block.querySelector('pre');
      var code = pre ? (pre.querySelector('code') || pre).textContent : '';
      copyText(code).then(function () {
        var before = button.innerHTML;
        button.classList.add('copied'); button.innerHTML = button.classList.contains('copy-button') ? CHECK_ICON : Q.ui('copied', 'Copied'); button.setAttribute('aria-label', Q.ui('copied', 'Copied'));
        setTimeout(function () { button.classList.remove('copied'); button.innerHTML = before; button.setAttribute('aria-label', Q.ui('copy', 'Copy code')); }, 1500);
      });
    });
  }

  function setupToc() {
    var links = all('.toc a');
    if (!links.length || !window.IntersectionObserver) return;
    var byId = {};
    links.forEach(function (a) { byId[decodeURIComponent(a.getAttribute('href').slice(1))] = a; });
    var observer = new IntersectionObserver(function (entries) {
      entries.forEach(function (entry) {
        if (!entry.isIntersecting) return;
        links.forEach(function (a) { a.classList.remove('active'); });
        var link = byId[entry.target.id];
        if (link) link.classList.add('active');
      });
    }, { rootMargin: '-80px 0px -70% 0px' });
    Object.keys(byId).forEach(function (id) { var h = document.getElementById(id); if (h) observer.observe(h); });
  }

  // On 404.html: apply the site's redirect rules (with :name and :name* patterns) to
  // the address that was not found, so old links work on any static host.
  function setupRedirects() {
    // errors.404.redirect (default true): an unknown path no rule matches goes to the home page.
    var followed = followRedirects();
    var home = document.querySelector('[data-not-found-home]');
    if (home && !followed) location.replace(new URL(home.getAttribute('data-not-found-home'), document.baseURI).href);
  }
  function followRedirects() {
    var data = document.getElementById('quire-redirects');
    if (!data) return false;
    var rules;
    try { rules = JSON.parse(data.textContent || '[]'); } catch (e) { return false; }
    function normalise(p) { p = ('/' + p.replace(/^\/+/, '')).replace(/[?#].*$/, ''); return p.length > 1 ? p.replace(/\/+$/, '') : p; }
    var base = new URL(document.baseURI).pathname;
    var path = location.pathname;
    if (path.indexOf(base) === 0) path = '/' + path.slice(base.length);
    path = normalise(path.replace(/\.html$/, '').replace(/\/index$/, ''));
    for (var i = 0; i < rules.length; i++) {
      var names = [], src = '^';
      normalise(rules[i].source).split('/').slice(1).forEach(function (part) {
        var m = /^:(\w+)([*+?]?)$/.exec(part);
        if (m && (m[2] === '*' || m[2] === '+')) { names.push(m[1]); src += m[2] === '*' ? '(?:/(.*))?' : '/(.+)'; }
        else if (m) { names.push(m[1]); src += m[2] === '?' ? '(?:/([^/]+))?' : '/([^/]+)'; }
        else if (part === '*') { names.push('*'); src += '(?:/(.*))?'; }
        else src += '/' + part.replace(/[.*+?^$(){}|[\]\\]/g, '\\$&');
      });
      var match = new RegExp(src + '/?$').exec(path);
      if (!match) continue;
      var values = {};
      names.forEach(function (n, j) { values[n] = match[j + 1] || ''; });
      var dest = rules[i].destination.replace(/:(\w+)[*+?]?/g, function (whole, name) { return name in values ? values[name] : whole; })
        .replace(/\/\*$/, values['*'] ? '/' + values['*'] : '');
      if (/^([a-z][a-z0-9+.-]*:|\/\/)/i.test(dest)) { location.replace(dest); return true; }
      var hash = dest.indexOf('#') >= 0 ? dest.slice(dest.indexOf('#')) : '';
      var target = dest.replace(/#.*$/, '').replace(/^\/+/, '').replace(/\/+$/, '');
      location.replace(new URL((target || 'index') + '.html' + hash, document.baseURI).href);
      return true;
    }
    return false;
  }

  Q.ready = function (fn) {
    if (document.readyState === 'loading') document.addEventListener('DOMContentLoaded', fn); else fn();
  };
  Q.ready(function () { setupRedirects(); setupTheme(); setupMenu(); setupBanner(); setupTabs(); setupCopy(); setupToc(); });
})();
`;
