/**
 * Builds the site's ONE stylesheet and ONE script: the theme styles with the site's
 * colors as CSS variables, the component and API reference styles handed in, and the
 * client script; both named after their content hash. Beside them, the search engine
 * the script imports on the first search (written only when the site has a search index).
 */
import type { SiteConfig } from '../types.js';
import { BASE_CSS } from './css-base.js';
import { CODE_CSS } from './css-code.js';
import { COMPONENTS_CSS } from './css-components.js';
import { LAYOUT_CSS } from './css-layout.js';
import { SEARCH_CSS } from './css-search.js';
import { CORE_JS } from './js-core.js';
import { searchScript } from './js-search.js';
import { searchEngineSource } from '../search/search-engine.js';
import { hashedName } from './content-hash.js';

export interface ThemeFile {
  /** Output path relative to the output root, e.g. `assets/site.3f2a9c1e.css`. */
  path: string;
  content: string;
}

const HEX = /^#(?:[0-9a-f]{3}|[0-9a-f]{4}|[0-9a-f]{6}|[0-9a-f]{8})$/i;
const FUNC = /^(?:rgb|rgba|hsl|hsla|oklch|oklab)\([0-9.,%\s/a-z-]+\)$/i;

/** Accepts only color literals, so a config value can never break out of the stylesheet. */
export function safeColor(value: string | undefined, fallback: string): string {
  const v = (value ?? '').trim();
  return HEX.test(v) || FUNC.test(v) ? v : fallback;
}

export function colorVariables(colors: SiteConfig['colors']): string {
  const primary = safeColor(colors.primary, '#16a34a');
  const light = safeColor(colors.light, primary);
  const dark = safeColor(colors.dark, primary);
  return `:root{--primary:${primary};--primary-light:${light};--primary-dark:${dark};--primary-dark-mode:${light}}`;
}

export function buildTheme(config: SiteConfig, extra: { css?: string[]; js?: string[] } = {}): { css: ThemeFile; js: ThemeFile; search: ThemeFile } {
  const css = [colorVariables(config.colors), BASE_CSS, LAYOUT_CSS, CODE_CSS, COMPONENTS_CSS, SEARCH_CSS, ...(extra.css ?? [])]
    .map((part) => part.trim())
    .join('\n') + '\n';
  const engine = searchEngineSource();
  const enginePath = hashedName('assets/search.js', engine);
  const js = [CORE_JS, searchScript(enginePath), ...(extra.js ?? [])].map((part) => part.trim()).join('\n') + '\n';
  return {
    css: { path: hashedName('assets/site.css', css), content: css },
    js: { path: hashedName('assets/site.js', js), content: js },
    search: { path: enginePath, content: engine },
  };
}
