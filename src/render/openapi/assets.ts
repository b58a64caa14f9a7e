/**
 * The static assets of the API reference: one CSS and one JS string the site writer
 * adds to the site (content-hashed like its other assets) when it has endpoint pages.
 */
import { PLAYGROUND_JS } from './playground-script.js';
import { REFERENCE_CSS } from './reference-css.js';

export function referenceAssets(): { css: string; js: string } {
  return { css: REFERENCE_CSS, js: PLAYGROUND_JS };
}
