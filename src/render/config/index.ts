/** Site configuration: docs.json / mint.json reading, navigation helpers (redirects are matched by host/redirects.ts). */
export { loadSiteConfig } from './load-site-config.js';
export { flattenPages, type FlattenOptions } from './flatten-pages.js';
export { pageEntry, pagePath } from './navigation.js';
export { formatJsonPath } from './friendly-errors.js';
