/**
 * The site script (`assets/site.<hash>.js`, an IIFE loaded synchronously in <head> of
 * every page): sets the light/dark mode before the first paint, then wires each part
 * of the page once the DOM is ready. No framework; the API reference pages append
 * their playground script (playground.ts) to the same file.
 */
import { ready } from './dom.js';
import { setupCodeExpand } from './code-expand.js';
import { setupCopy } from './copy-code.js';
import { setupEmbeds } from './embeds.js';
import { setupBanner, setupMenu } from './menu.js';
import { setupMermaid } from './mermaid-diagrams.js';
import { setupNavMenus } from './nav-menus.js';
import { setupRedirects } from './redirects.js';
import { setupSearch } from './search-dialog.js';
import { setupTabs } from './tabs.js';
import { applyStoredTheme, setupThemeToggle } from './theme-mode.js';
import { setupToc } from './toc.js';
import { setupTwoslash } from './twoslash-popups.js';
import { setupUpdateFilter } from './update-filter.js';
import { setupViews } from './views.js';

applyStoredTheme();
// Before the first paint: with the script, small screens move the tab bar and the switchers
// into the mobile menu (nav-menus.css), which only the script can open.
document.documentElement.classList.add('js');
ready(() => {
  setupRedirects();
  setupThemeToggle();
  setupMenu();
  setupNavMenus();
  setupBanner();
  setupTabs();
  setupCopy();
  setupCodeExpand();
  setupEmbeds();
  setupViews();
  setupUpdateFilter();
  setupToc();
  setupTwoslash();
});
// apart, so that a failure above leaves search and diagrams working
ready(setupSearch);
ready(setupMermaid);
