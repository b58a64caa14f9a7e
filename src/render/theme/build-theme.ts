/**
 * Builds the site's ONE stylesheet and ONE script: the theme styles with the site's
 * colors as CSS variables and the token classes of the code highlighter, the API
 * reference styles handed in, and the client script; both named after their content
 * hash. Beside them, the search engine the script imports on the first search (written
 * only when the site has a search index). The styles and scripts themselves are
 * bundled from render/browser/ (browser-assets.ts).
 */
import type { SiteConfig } from '../types.js';
import { tokenClassCss } from '../highlight/token-classes.js';
import { browserAssets } from './browser-assets.js';
import { hashedName } from './content-hash.js';
import { isNamedColor, rgbTriplet } from './color-triplet.js';

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
  return HEX.test(v) || FUNC.test(v) || isNamedColor(v) ? v : fallback;
}

/** Quire's theme backgrounds (browser/styles/base.css), the triplets' defaults. */
const THEME_BACKGROUND = { light: '#ffffff', dark: '#0b0f17' };

/**
 * The site's colours as CSS variables. Quire's own styles read `--q-primary…`; a site's CSS
 * reads Mintlify's names, which hold `R G B` triplets (`rgb(var(--primary-light))`,
 * customize/custom-scripts.mdx): `--primary`, `--primary-light`, `--primary-dark`,
 * `--background-light`, `--background-dark` (theme/color-triplet.ts reads every colour syntax).
 */
export function colorVariables(colors: SiteConfig['colors'], background: SiteConfig['background'] = {}): string {
  const primary = safeColor(colors.primary, '#16a34a');
  const light = safeColor(colors.light, primary);
  const dark = safeColor(colors.dark, primary);
  const bgLight = safeColor(background.light, THEME_BACKGROUND.light);
  const bgDark = safeColor(background.dark, THEME_BACKGROUND.dark);
  const triplets = Object.entries({ primary, 'primary-light': light, 'primary-dark': dark, 'background-light': bgLight, 'background-dark': bgDark })
    .flatMap(([name, c]) => {
      const rgb = rgbTriplet(c);
      return rgb ? [`--${name}:${rgb}`] : [];
    });
  return `:root{--q-primary:${primary};--q-primary-light:${light};--q-primary-dark:${dark};--q-primary-dark-mode:${light};${triplets.join(';')}}`;
}

/** `background.color` of docs.json over the theme's page background (after base.css, which sets it). */
export function backgroundCss(background: SiteConfig['background'] = {}): string {
  const light = background.light ? safeColor(background.light, '') : '';
  const dark = background.dark ? safeColor(background.dark, '') : '';
  return (light ? `:root{--bg:${light}}` : '') + (dark ? `html.dark{--bg:${dark}}` : '');
}

export function buildTheme(config: Pick<SiteConfig, 'colors' | 'background'>, extra: { css?: string[]; js?: string[] } = {}): { css: ThemeFile; js: ThemeFile; search: ThemeFile; stemmers: Record<string, ThemeFile> } {
  const assets = browserAssets();
  const { base, layout, code, components, search } = assets.css;
  const css = [colorVariables(config.colors, config.background), base, backgroundCss(config.background), layout, code, tokenClassCss(), components, search, ...(extra.css ?? [])]
    .map((part) => part.trim())
    .join('\n') + '\n';
  const js = [assets.siteJs, ...(extra.js ?? [])].map((part) => part.trim()).join('\n') + '\n';
  return {
    css: { path: hashedName('assets/site.css', css), content: css },
    js: { path: hashedName('assets/site.js', js), content: js },
    search: { path: assets.searchPath, content: assets.searchJs },
    stemmers: Object.fromEntries(Object.entries(assets.stemmers).map(([key, s]) => [key, { path: s.path, content: s.js }])),
  };
}
