/**
 * Site colours as Mintlify's `R G B` triplets in every syntax docs.json takes: hex, rgb(),
 * hsl(), oklch(), oklab() and CSS names, with the reference values browsers compute
 * (CSS Color 4: `green` is hsl(120 100% 25%), oklch(0.628 0.2577 29.23) is sRGB red).
 */
import { describe, expect, it } from 'vitest';
import { rgbTriplet } from '../../../src/render/theme/color-triplet.js';
import { colorVariables } from '../../../src/render/theme/build-theme.js';

describe('rgbTriplet', () => {
  it('reads hex and rgb() in both syntaxes, percentages too, dropping alpha', () => {
    expect(['#0D9373', '#abc', '#abcd', '#0d937380', 'rgb(1, 2, 3)', 'rgba(10, 20, 30, 0.5)', 'rgb(100% 0% 50% / 50%)'].map(rgbTriplet)).toEqual([
      '13 147 115', '170 187 204', '170 187 204', '13 147 115', '1 2 3', '10 20 30', '255 0 128',
    ]);
  });

  it('converts hsl() and hsla(), with any hue unit', () => {
    expect(['hsl(10 50% 50%)', 'hsl(210, 40%, 50%)', 'hsla(120deg 100% 25% / 0.5)', 'hsl(0.5turn 100% 50%)', 'hsl(3.14159rad 100% 50%)', 'hsl(-120 100% 50%)'].map(rgbTriplet)).toEqual([
      '191 85 64', '77 128 179', '0 128 0', '0 255 255', '0 255 255', '0 0 255',
    ]);
  });

  it('converts oklch() and oklab(), clipping what lies outside sRGB', () => {
    expect(['oklch(0.628 0.2577 29.23)', 'oklch(62.8% 0.2577 29.23deg)', 'oklab(0.628 0.2249 0.1258)', 'oklch(0.7017 0.3225 328.36)', 'oklch(1 0 0)', 'oklch(0 0 none)'].map(rgbTriplet)).toEqual([
      '255 0 0', '255 0 0', '255 0 0', '255 0 255', '255 255 255', '0 0 0',
    ]);
    // Far outside sRGB: each channel clipped into 0-255.
    expect(rgbTriplet('oklch(0.9 0.4 140)')).toMatch(/^(\d{1,3}) (\d{1,3}) (\d{1,3})$/);
  });

  it('knows the CSS named colours in any case', () => {
    expect(['rebeccapurple', 'Tomato', 'TEAL', 'white'].map(rgbTriplet)).toEqual(['102 51 153', '255 99 71', '0 128 128', '255 255 255']);
  });

  it('gives nothing for what is not a colour', () => {
    for (const bad of ['red;}', 'hsl(a b c)', 'url(x)', 'notacolor', '#12', 'oklch(1 2)', 'var(--x)', '']) expect(rgbTriplet(bad), bad).toBeUndefined();
  });
});

describe('colorVariables', () => {
  it('writes a triplet for every colour docs.json gives, named and hsl/oklch ones included', () => {
    const css = colorVariables({ primary: 'hsl(160 84% 39%)', light: 'oklch(0.8 0.15 160)', dark: 'teal' }, { light: 'whitesmoke', dark: 'oklab(0.2 0 -0.05)' });
    expect(css).toContain('--q-primary:hsl(160 84% 39%);--q-primary-light:oklch(0.8 0.15 160);--q-primary-dark:teal;');
    expect(css).toContain('--primary:16 183 127;--primary-light:82 219 156;--primary-dark:0 128 128;--background-light:245 245 245;--background-dark:13 20 44}');
  });
});
