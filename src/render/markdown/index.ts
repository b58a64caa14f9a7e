/** Page rendering: one MDX/Markdown page to HTML. */
export { renderPage } from './render-page.js';
export { parsePage, type ParseResult } from './parse.js';
export { slugify, Slugger } from './slugger.js';
export { escapeHtml, escapeAttr } from './escape.js';
