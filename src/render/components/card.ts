/**
 * Card: a titled box with an optional icon, image and link. With `href` the whole card
 * is one link (an `<a>`), otherwise a `<div>`. `type` (info, warning, note, tip, check,
 * danger) gives it a callout's colours and default icon; `color` colours its icon;
 * `arrow` shows a link arrow; `cta` is the call-to-action text (components/cards.mdx).
 */
import { attrs, escapeAttr, escapeHtml } from '../markdown/escape.js';
import { KINDS, safeColor } from './callout.js';
import type { ComponentDefinition } from './types.js';

/** The callout kinds (a plain `callout` is no type): a kind added there is a Card type too. */
const TYPES = new Set(Object.keys(KINDS).filter((k) => k !== 'callout'));

export const Card: ComponentDefinition = {
  block: true,
  render(el, r) {
    const p = r.props(el);
    const href = typeof p.href === 'string' ? r.href(p.href, el) : null;
    const img = typeof p.img === 'string' ? r.src(p.img, el) : null;
    const tag = href !== null ? 'a' : 'div';
    const horizontal = p.horizontal === true;
    let type: string | undefined;
    if (typeof p.type === 'string') {
      if (TYPES.has(p.type)) type = p.type;
      else r.warn(`<Card type="${p.type}"> is not one of ${[...TYPES].join(', ')}: shown as a plain card`, el);
    }
    const color = safeColor(p.color);
    const iconHtml = p.icon ? r.icon(p.icon, { size: 20 }, el) : type ? r.icon(KINDS[type].icon, { size: 20, library: 'lucide' }) : '';
    const icon = iconHtml ? `<span${attrs({ class: 'q-card-icon', style: color ? `color:${color}` : undefined })}>${iconHtml}</span>` : '';
    const label = r.label(p.title);
    const title = label ? `<span class="q-card-title">${label.html}</span>` : '';
    const cta = typeof p.cta === 'string' ? `<span class="q-card-cta">${escapeHtml(p.cta)}</span>` : '';
    const arrow = p.arrow === true && href !== null ? `<span class="q-card-arrow" aria-hidden="true">${r.icon('arrow-up-right', { library: 'lucide' })}</span>` : '';
    const cls = `q-card card${horizontal ? ' q-card-horizontal' : ''}${type ? ` q-card-typed q-callout-${type}` : ''}`;
    return (
      `<${tag}${attrs({ class: cls, 'data-card': '', 'data-type': type, href: href ?? undefined })}>` +
      (img ? `<img class="q-card-img" src="${escapeAttr(img)}" alt="" loading="lazy">` : '') +
      `${icon}<span class="q-card-body">${title}<span class="q-card-content">${r.children(el)}</span>${cta}</span>${arrow}</${tag}>`
    );
  },
};
