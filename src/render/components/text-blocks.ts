/**
 * Small components of Mintlify's text and layout pages: Column (one cell of Columns,
 * components/columns.mdx), Latex (create/text.mdx: `<Latex>8 x (vk x H1 - H2)</Latex>`,
 * drawn by KaTeX like `$…$`) and Heading (`<Heading level={2} noAnchor>`, a heading that
 * joins the table of contents).
 */
import { attrs } from '../markdown/escape.js';
import { renderMath } from '../highlight/math.js';
import type { ComponentDefinition } from './types.js';

export const Column: ComponentDefinition = {
  block: true,
  render: (el, r) => `<div class="q-column">${r.children(el)}</div>`,
};

export const Latex: ComponentDefinition = {
  block: false,
  render: (el, r) => renderMath(r.text(el).trim(), false),
};

export const Heading: ComponentDefinition = {
  block: true,
  render(el, r) {
    const p = r.props(el);
    const level = typeof p.level === 'number' && p.level >= 1 && p.level <= 6 ? Math.round(p.level) : 2;
    const text = r.text(el).trim();
    const id = typeof p.id === 'string' ? r.slug(p.id) : r.slug(text);
    r.heading(level, text, id);
    return `<h${level}${attrs({ id, 'data-no-anchor': p.noAnchor === true })}>${r.children(el).replace(/^<p>([\s\S]*)<\/p>$/, '$1')}</h${level}>`;
  },
};
