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

/**
 * The surfaces drawn on the page background (sidebar and cards, muted fills, code blocks,
 * borders), as shares of ink mixed into the background, about what the theme's own surfaces
 * are on its own backgrounds (base.css: white with 2.5-17% of its darkest slate; navy with
 * 3-18% of white). Mintlify draws these surfaces over `background.color`
 * with translucent white or black (`dark:border-white/10`), so they take the site's hue.
 */
const SURFACES: Record<'light' | 'dark', { ink: string; mix: Record<string, number> }> = {
  light: { ink: '#0f172a', mix: { 'bg-soft': 2.5, 'bg-muted': 5, 'code-bg': 2.5, border: 10, 'border-strong': 17 } },
  dark: { ink: '#ffffff', mix: { 'bg-soft': 4, 'bg-muted': 9, 'code-bg': 3, border: 9, 'border-strong': 18 } },
};

/**
 * `background.color` of docs.json over the theme's page background (after base.css, which
 * sets it), with the surfaces drawn on it mixed from it: a site's own background with the
 * theme's navy code blocks and cards on it would be two-toned (Continue's `#1a1a1a`,
 * Meilisearch's `#1A003B`).
 */
export function backgroundCss(background: SiteConfig['background'] = {}): string {
  const rules = (selector: string, mode: 'light' | 'dark', value: string | undefined): string => {
    const color = value ? safeColor(value, '') : '';
    if (!color) return '';
    const { ink, mix } = SURFACES[mode];
    const surfaces = Object.entries(mix).map(([name, share]) => `--${name}:color-mix(in srgb,${ink} ${share}%,${color})`);
    return `${selector}{--bg:${color};${surfaces.join(';')}}`;
  };
  return rules(':root', 'light', background.light) + rules('html.dark', 'dark', background.dark);
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
