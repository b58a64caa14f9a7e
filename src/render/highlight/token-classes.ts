/**
 * Token colours as classes instead of inline styles. A highlighted token used to carry
 * `style="--shiki-light:#24292E;--shiki-dark:#E1E4E8"` (57 bytes per token, a quarter
 * of a typical page with code); it now carries `class="l3 d7"`, and the site's
 * stylesheet maps each class to its colour variable (tokenClassCss), so the page looks
 * the same in both modes. The classes index the colours the two themes can give a
 * token: their token rules' foregrounds and the editor foreground, sorted, so the same
 * themes give the same classes everywhere (render threads and the stylesheet). A colour
 * outside them (none with the bundled themes; a test checks) keeps the inline style.
 */
import githubDark from '@shikijs/themes/github-dark';
import githubLight from '@shikijs/themes/github-light';

interface RawTheme {
  colors?: Record<string, string>;
  tokenColors?: { settings?: { foreground?: string } }[];
}

/** Colours a token can have in `theme`, upper-cased as TextMate's colour map writes them. */
export function tokenPalette(theme: RawTheme): string[] {
  const colors = new Set<string>();
  const add = (c: unknown) => {
    if (typeof c === 'string' && /^#[0-9a-f]{3,8}$/i.test(c)) colors.add(c.toUpperCase());
  };
  add(theme.colors?.['editor.foreground']);
  for (const rule of theme.tokenColors ?? []) add(rule.settings?.foreground);
  return [...colors].sort();
}

// The themes of highlighter.ts (LIGHT_THEME, DARK_THEME).
const LIGHT = tokenPalette(githubLight);
const DARK = tokenPalette(githubDark);
const lightClass = new Map(LIGHT.map((c, i) => [c, `l${i}`]));
const darkClass = new Map(DARK.map((c, i) => [c, `d${i}`]));

/** TextMate FontStyle bits and their classes: italic, bold, underline, strikethrough. */
const FONT_CLASSES: [number, string, string][] = [
  [1, 'fi', 'font-style:italic'],
  [2, 'fb', 'font-weight:bold'],
  [4, 'fu', 'text-decoration:underline'],
  [8, 'fs', 'text-decoration:line-through'],
];

/** The class attribute value of a token, or undefined when a colour has no class. */
export function tokenClass(light: string, dark: string, fontStyle: number): string | undefined {
  const l = lightClass.get(light);
  const d = darkClass.get(dark);
  if (l === undefined || d === undefined) return undefined;
  let cls = `${l} ${d}`;
  for (const [bit, name] of FONT_CLASSES) if (fontStyle & bit) cls += ` ${name}`;
  return cls;
}

/** The inline style of a token whose colours have no class (as every token had before). */
export function tokenStyle(light: string, dark: string, fontStyle: number): string {
  let style = `--shiki-light:${light};--shiki-dark:${dark}`;
  for (const [bit, , css] of FONT_CLASSES) if (fontStyle & bit) style += `;${css}`;
  return style;
}

/** The stylesheet rules of the token classes (part of the site's CSS after the code styles, see theme/build-theme.ts). */
export function tokenClassCss(): string {
  const rules = [
    ...LIGHT.map((c, i) => `.shiki .l${i}{--shiki-light:${c}}`),
    ...DARK.map((c, i) => `.shiki .d${i}{--shiki-dark:${c}}`),
    ...FONT_CLASSES.map(([, name, css]) => `.shiki .${name}{${css}}`),
  ];
  return `${rules.join('\n')}\n`;
}
