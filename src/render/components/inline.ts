/**
 * Inline components: Tooltip (text with a description reachable by keyboard and
 * screen readers), Badge, Icon.
 */
import { attrs, escapeAttr, escapeHtml } from '../markdown/escape.js';
import { safeColor } from './callout.js';
import type { ComponentDefinition, JsxElement, RenderApi } from './types.js';

export const Tooltip: ComponentDefinition = {
  block: false,
  render(el, r) {
    const p = r.props(el);
    const tip = typeof p.tip === 'string' ? p.tip : '';
    const id = r.uid('tooltip');
    const href = typeof p.href === 'string' ? r.href(p.href, el) : null;
    const cta = href !== null ? ` <a class="q-tooltip-cta" href="${escapeAttr(href)}">${escapeHtml(typeof p.cta === 'string' ? p.cta : 'Learn more')}</a>` : '';
    return (
      `<span class="q-tooltip tooltip" data-tooltip tabindex="0" aria-describedby="${id}">${r.children(el)}` +
      `<span class="q-tooltip-content" role="tooltip" id="${id}">${escapeHtml(tip)}${cta}</span></span>`
    );
  },
};

const BADGE_COLORS = new Set(['gray', 'blue', 'green', 'yellow', 'orange', 'red', 'purple', 'white', 'surface', 'white-destructive', 'surface-destructive']);
const BADGE_SIZES = new Set(['xs', 'sm', 'md', 'lg']);
const BADGE_SHAPES = new Set(['rounded', 'pill']);

/** One of `allowed`, else `fallback` and a warning naming the prop. */
function oneOf(r: RenderApi, el: JsxElement, prop: string, value: unknown, allowed: Set<string>, fallback: string): string {
  if (value === undefined) return fallback;
  if (typeof value === 'string' && allowed.has(value)) return value;
  r.warn(`<Badge ${prop}=${JSON.stringify(value)}> is not one of ${[...allowed].join(', ')}: ${fallback} is used`, el);
  return fallback;
}

/** Badge (components/badge.mdx): colour, size, shape, `stroke` (outlined), `disabled`, an icon. */
export const Badge: ComponentDefinition = {
  block: false,
  render(el, r) {
    const p = r.props(el);
    const icon = p.icon ? r.icon(p.icon, { className: 'q-badge-icon' }, el) : '';
    return `<span${attrs({
      class: 'q-badge',
      'data-badge': '',
      'data-color': oneOf(r, el, 'color', p.color, BADGE_COLORS, 'gray'),
      'data-size': oneOf(r, el, 'size', p.size, BADGE_SIZES, 'md'),
      'data-shape': oneOf(r, el, 'shape', p.shape, BADGE_SHAPES, 'rounded'),
      'data-stroke': p.stroke === true,
      'data-disabled': p.disabled === true,
    })}>${icon}${r.children(el)}</span>`;
  },
};

export const Icon: ComponentDefinition = {
  block: false,
  render(el, r) {
    const p = r.props(el);
    const size = typeof p.size === 'number' ? p.size : typeof p.size === 'string' && /^\d+(px|em|rem)?$/.test(p.size) ? p.size : undefined;
    const color = safeColor(p.color);
    const svg = r.icon(p.icon, { size, label: typeof p.label === 'string' ? p.label : undefined }, el);
    return `<span${attrs({ class: 'q-icon-wrap', 'data-icon-wrap': '', style: color ? `color:${color}` : undefined })}>${svg}</span>`;
  },
};
