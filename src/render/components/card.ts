/**
 * Card: a titled box with an optional icon, image and link. With `href` the whole card
 * is one link (an `<a>`), otherwise a `<div>`.
 */
import { attrs, escapeAttr, escapeHtml } from '../markdown/escape.js';
import type { ComponentDefinition } from './types.js';

export const Card: ComponentDefinition = {
  block: true,
  render(el, r) {
    const p = r.props(el);
    const href = typeof p.href === 'string' ? r.href(p.href, el) : null;
    const img = typeof p.img === 'string' ? r.src(p.img, el) : null;
    const tag = href !== null ? 'a' : 'div';
    const horizontal = p.horizontal === true;
    const icon = p.icon ? `<span class="q-card-icon">${r.icon(p.icon, { size: 20 }, el)}</span>` : '';
    const label = r.label(p.title);
    const title = label ? `<span class="q-card-title">${label.html}</span>` : '';
    const cta = typeof p.cta === 'string' ? `<span class="q-card-cta">${escapeHtml(p.cta)}</span>` : '';
    return (
      `<${tag}${attrs({ class: `q-card${horizontal ? ' q-card-horizontal' : ''}`, 'data-card': '', href: href ?? undefined })}>` +
      (img ? `<img class="q-card-img" src="${escapeAttr(img)}" alt="" loading="lazy">` : '') +
      `${icon}<span class="q-card-body">${title}<span class="q-card-content">${r.children(el)}</span>${cta}</span></${tag}>`
    );
  },
};
