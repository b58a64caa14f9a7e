/**
 * `background.color` with the surfaces drawn on it (build-theme.ts backgroundCss): a site's
 * own background gets cards, code blocks and borders mixed from it, not the theme's navy
 * or slate ones; the shares give back about the theme's own surfaces on its own backgrounds.
 */
import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { backgroundCss } from '../../../src/render/theme/build-theme.js';
import { rgbTriplet } from '../../../src/render/theme/color-triplet.js';

const BASE_CSS = readFileSync(new URL('../../../src/render/browser/styles/base.css', import.meta.url), 'utf8');

/** base.css's value of each variable in the block after `selector`. */
function themeVariables(selector: string): Map<string, string> {
  const block = BASE_CSS.slice(BASE_CSS.indexOf(`${selector} {`)).split('}')[0];
  return new Map([...block.matchAll(/--([\w-]+):\s*([^;]+);/g)].map((m) => [m[1], m[2].trim()]));
}

/** What a browser computes for `color-mix(in srgb, ink share%, base)`: channels mixed as encoded. */
function mix(css: string): number[] {
  const m = /^color-mix\(in srgb,(#[0-9a-f]+) ([\d.]+)%,(.+)\)$/i.exec(css);
  if (!m) throw new Error(`not a mix: ${css}`);
  const ink = rgbTriplet(m[1])!.split(' ').map(Number);
  const base = rgbTriplet(m[3])!.split(' ').map(Number);
  const share = Number(m[2]) / 100;
  return ink.map((c, i) => c * share + base[i] * (1 - share));
}

/** The variables one rule of backgroundCss sets. */
function ruleVariables(css: string, selector: string): Map<string, string> {
  const rule = new RegExp(`${selector.replace('.', '\\.')}\\{([^}]*)\\}`).exec(css);
  if (!rule) throw new Error(`no ${selector} rule in ${css}`);
  return new Map(rule[1].split(';').map((d) => [d.slice(2, d.indexOf(':')), d.slice(d.indexOf(':') + 1)]));
}

describe('backgroundCss', () => {
  it('sets only the modes the site colours, each with the page background and its surfaces', () => {
    expect(backgroundCss({})).toBe('');
    const css = backgroundCss({ dark: '#1a1a1a' });
    expect(css.startsWith('html.dark{')).toBe(true);
    expect(css).not.toContain(':root');
    const vars = ruleVariables(css, 'html.dark');
    expect(vars.get('bg')).toBe('#1a1a1a');
    expect([...vars.keys()].sort()).toEqual(['bg', 'bg-muted', 'bg-soft', 'border', 'border-strong', 'code-bg']);
    for (const [name, value] of vars) if (name !== 'bg') expect(value).toMatch(/^color-mix\(in srgb,#ffffff [\d.]+%,#1a1a1a\)$/);
    // Lighter than the page, the borders more than the fills: a grey page keeps grey surfaces.
    const code = mix(vars.get('code-bg')!);
    expect(code[0]).toBeGreaterThan(0x1a);
    expect(new Set(code.map(Math.round)).size).toBe(1);
    expect(mix(vars.get('border')!)[0]).toBeGreaterThan(mix(vars.get('bg-soft')!)[0]);
  });

  it('drops a colour that is not one (nothing of it reaches the stylesheet)', () => {
    expect(backgroundCss({ light: 'red;}body{display:none', dark: 'url(https://example.com/x)' })).toBe('');
    expect(backgroundCss({ light: 'oklch(0.98 0.01 90)' })).toMatch(/^:root\{--bg:oklch\(0\.98 0\.01 90\);--bg-soft:color-mix\(in srgb,#0f172a 2\.5%,oklch\(0\.98 0\.01 90\)\);/);
  });

  it("gives back about the theme's own surfaces when the background is the theme's", () => {
    for (const [selector, mode] of [[':root', 'light'], ['html.dark', 'dark']] as const) {
      const theme = themeVariables(selector);
      const derived = ruleVariables(backgroundCss({ [mode]: theme.get('bg')! }), selector);
      for (const name of ['bg-soft', 'bg-muted', 'code-bg', 'border', 'border-strong']) {
        const want = rgbTriplet(theme.get(name)!)!.split(' ').map(Number);
        const got = mix(derived.get(name)!);
        // Within 24 of 255 per channel: the theme's slate and navy are tinted blue, the mixes neutral.
        got.forEach((c, i) => expect(Math.abs(c - want[i]), `${mode} --${name}: ${got.map(Math.round).join()} vs ${want.join()}`).toBeLessThanOrEqual(24));
      }
    }
  });
});
