/**
 * Inline components: Tooltip (text with a description reachable by keyboard and
 * screen readers), Badge, Icon.
 */
import { attrs, escapeAttr, escapeHtml } from '../markdown/escape.js';
import { safeColor } from './callout.js';
import type { ComponentDefinition } from './types.js';

export const Tooltip: ComponentDefinition = {
  block: false,
  render(el, r) {
    const p = r.props(el);
    const tip = typeof p.tip === 'string' ? p.tip : '';
    const id = r.uid('tooltip');
    const href = typeof p.href === 'string' ? r.href(p.href, el) : null;
    const cta = href !== null ? ` <a class="q-tooltip-cta" href="${escapeAttr(href)}">${escapeHtml(typeof p.cta === 'string' ? p.cta : 'Learn more')}</a>` : '';
    return (
      `<span class="q-tooltip" data-tooltip tabindex="0" aria-describedby="${id}">${r.children(el)}` +
      `<span class="q-tooltip-content" role="tooltip" id="${id}">${escapeHtml(tip)}${cta}</span></span>`
    );
  },
};

export const Badge: ComponentDefinition = {
  block: false,
  render(el, r) {
    const p = r.props(el);
    const color = typeof p.color === 'string' && /^[a-z-]+$/.test(p.color) ? p.color : 'gray';
    const icon = p.icon ? r.icon(p.icon, {}, el) : '';
    return `<span${attrs({ class: 'q-badge', 'data-badge': '', 'data-color': color, 'data-size': typeof p.size === 'string' ? p.size : undefined })}>${icon}${r.children(el)}</span>`;
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
