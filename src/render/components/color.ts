/**
 * Color, Color.Row, Color.Item (components/color.mdx): swatches with their name and value,
 * `variant="compact"` as a grid, `variant="table"` as labelled rows. A value is any CSS
 * colour, or `{light, dark}` for the two modes (CSS variables the stylesheet switches).
 * A swatch is a button that copies its value (copy-code.ts reads `data-copy-text`).
 */
import { attrs, escapeHtml } from '../markdown/escape.js';
import type { ComponentDefinition, JsxElement, RenderApi } from './types.js';

/** A CSS colour safe in a style attribute: hex, a name, or a colour function of numbers. */
const CSS_COLOR = /^(?:#[0-9a-f]{3,8}|[a-z]{3,30}|(?:rgba?|hsla?|hwb|lab|lch|oklab|oklch)\((?:[\d\s.,%/+-]|deg|grad|rad|turn|none)+\))$/i;

function cssColor(v: unknown): string | undefined {
  return typeof v === 'string' && CSS_COLOR.test(v.trim()) ? v.trim() : undefined;
}

function item(el: JsxElement, r: RenderApi): string {
  const p = r.props(el);
  const name = typeof p.name === 'string' ? p.name : '';
  const raw = p.value;
  const themed = raw && typeof raw === 'object' && !Array.isArray(raw) ? (raw as Record<string, unknown>) : undefined;
  const light = themed ? cssColor(themed.light) : cssColor(raw);
  const dark = themed ? cssColor(themed.dark) ?? light : light;
  if (!light) {
    r.warn(`<Color.Item${name ? ` name="${name}"` : ''}> value ${JSON.stringify(raw ?? null)} is not a CSS colour: left out`, el);
    return '';
  }
  const shown = light === dark ? light : `${light} / ${dark}`;
  return (
    `<button${attrs({ type: 'button', class: 'q-color-item', 'data-copy': '', 'data-copy-text': light, 'aria-label': `${r.ui.copyButton} ${shown}`, style: `--q-swatch-light:${light};--q-swatch-dark:${dark}` })}>` +
    `<span class="q-color-swatch"></span>${name ? `<span class="q-color-name">${escapeHtml(name)}</span>` : ''}<span class="q-color-value">${escapeHtml(shown)}</span></button>`
  );
}

function items(el: JsxElement, r: RenderApi): string {
  return r.childElements(el, ['Color.Item']).map((c) => item(c, r)).join('');
}

export const Color: ComponentDefinition = {
  block: true,
  render(el, r) {
    const variant = r.props(el).variant === 'table' ? 'table' : 'compact';
    if (variant === 'compact') return `<div class="q-color" data-color-variant="compact"><div class="q-color-items">${items(el, r)}</div></div>`;
    const rows = r.childElements(el, ['Color.Row']).map((row) => ColorRow.render(row, r));
    return `<div class="q-color" data-color-variant="table">${rows.join('')}</div>`;
  },
};

export const ColorRow: ComponentDefinition = {
  block: true,
  render(el, r) {
    const title = r.props(el).title;
    return `<div class="q-color-row">${typeof title === 'string' ? `<span class="q-color-row-title">${escapeHtml(title)}</span>` : ''}<div class="q-color-items">${items(el, r)}</div></div>`;
  },
};

export const ColorItem: ComponentDefinition = { block: true, render: item };
