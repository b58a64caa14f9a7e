/**
 * The static assets of the API reference: one CSS and one JS string the site writer
 * adds to the site (content-hashed like its other assets) when it has endpoint pages.
 * Their sources are render/browser/playground.ts and render/browser/styles/reference.css.
 */
import { browserAssets } from '../theme/browser-assets.js';

export function referenceAssets(): { css: string; js: string } {
  const assets = browserAssets();
  return { css: assets.css.reference, js: assets.playgroundJs };
}
