/**
 * Token classes stand for exactly the colours the inline styles carried: every colour
 * the two themes can give a token has a class, the stylesheet maps each class back to
 * its colour, and a highlighted block read back through the stylesheet has the colours
 * the tokenizer gave its tokens.
 */
import githubDark from '@shikijs/themes/github-dark';
import githubLight from '@shikijs/themes/github-light';
import { normalizeTheme } from 'shiki/core';
import { describe, expect, it } from 'vitest';
import { tokenizeDual } from '../../../src/render/highlight/dual-tokenize.js';
import { highlightPre } from '../../../src/render/highlight/code-block.js';
import { DARK_THEME, LIGHT_THEME, ensureLanguages } from '../../../src/render/highlight/highlighter.js';
import { tokenClass, tokenClassCss, tokenPalette } from '../../../src/render/highlight/token-classes.js';
import { buildTheme } from '../../../src/render/theme/build-theme.js';

const SITE_CSS = buildTheme({ colors: { primary: '#16a34a' } }).css.content;

/** class -> declaration, from the stylesheet rules `.shiki .NAME{DECL}`. */
function rules(css: string): Map<string, string> {
  return new Map([...css.matchAll(/\.shiki \.([a-z]+\d*)\{([^}]*)\}/g)].map((m) => [m[1], m[2]]));
}

describe('token classes', () => {
  it('give every foreground of both themes (shiki-normalized) a class', () => {
    for (const raw of [githubLight, githubDark]) {
      const palette = tokenPalette(raw);
      const foregrounds = normalizeTheme(raw).settings.map((s) => s.settings?.foreground).filter((c): c is string => typeof c === 'string');
      expect(foregrounds.length).toBeGreaterThan(10);
      for (const c of foregrounds) expect(palette).toContain(c.toUpperCase());
    }
  });

  it('are all defined by the site stylesheet, each with its colour', () => {
    const css = rules(SITE_CSS);
    expect(SITE_CSS).toContain(tokenClassCss());
    tokenPalette(githubLight).forEach((c, i) => expect(css.get(`l${i}`)).toBe(`--shiki-light:${c}`));
    tokenPalette(githubDark).forEach((c, i) => expect(css.get(`d${i}`)).toBe(`--shiki-dark:${c}`));
    expect(css.get('fi')).toBe('font-style:italic');
    expect(tokenClass('#NOT-A-COLOUR', tokenPalette(githubDark)[0], 0)).toBeUndefined();
  });

  it('read back through the stylesheet give each token the colours the tokenizer gave it', async () => {
    const css = rules(SITE_CSS);
    const samples: [string, string][] = [
      ['ts', 'import { x } from "y";\n// note\nexport async function f(a: number): Promise<string> { return `${a}` }'],
      ['python', 'def f(x, y=1):\n    """doc"""\n    return x + y  # sum'],
      ['bash', 'curl -X POST "https://api.example.com/v1" -H "Authorization: Bearer $KEY" # send'],
      ['json', '{"a": [1, 2.5, true, null], "b": "text"}'],
      ['markdown', '# Title\n\n*italic* **bold** `code`'],
    ];
    const h = await ensureLanguages(samples.map(([lang]) => lang));
    for (const [lang, code] of samples) {
      const html = highlightPre(h, code, lang, null);
      expect(html).not.toContain('style=');
      const spans = [...html.matchAll(/<span class="([^"]*)">([^<]*)<\/span>/g)].filter((m) => !m[1].startsWith('line'));
      const tokens = tokenizeDual(h, code, lang, LIGHT_THEME, DARK_THEME).flat().filter((t) => t.content !== '');
      expect(spans.map((m) => m[1].split(' ').map((c) => css.get(c)).join(';'))).toEqual(
        tokens.map((t) => [`--shiki-light:${t.light}`, `--shiki-dark:${t.dark}`, ...(['font-style:italic', 'font-weight:bold', 'text-decoration:underline', 'text-decoration:line-through'].filter((_, b) => t.fontStyle & (1 << b)))].join(';')),
      );
    }
  });
});
