/**
 * The build step that bundles the site's browser code and styles (see browser-assets.ts):
 * `node dist/render/theme/build-browser-assets.js`, run by `npm run build`.
 */
import { bundleBrowserAssets, writeBrowserAssets } from './browser-assets.js';

const started = performance.now();
const assets = bundleBrowserAssets();
writeBrowserAssets(assets);
const bytes = assets.siteJs.length + assets.playgroundJs.length + assets.searchJs.length + Object.values(assets.css).reduce((n, css) => n + css.length, 0);
console.log(`browser assets: ${assets.inputs.length} inputs, ${bytes} bytes bundled (${Math.round(performance.now() - started)} ms)`);
