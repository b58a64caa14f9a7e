/**
 * Accordion / AccordionGroup and Expandable, built on `<details>`/`<summary>` so they
 * open and close without JS and are keyboard accessible by default.
 */
import { attrs, escapeHtml } from '../markdown/escape.js';
import type { ComponentDefinition } from './types.js';

export const Accordion: ComponentDefinition = {
  block: true,
  render(el, r) {
    const p = r.props(el);
    const title = typeof p.title === 'string' ? p.title : 'Details';
    const id = typeof p.id === 'string' ? r.slug(p.id) : r.slug(title);
    const icon = p.icon ? r.icon(p.icon, { className: 'q-accordion-icon' }, el) : '';
    const desc = typeof p.description === 'string' ? `<span class="q-accordion-description">${escapeHtml(p.description)}</span>` : '';
    return (
      `<details${attrs({ class: 'q-accordion accordion', 'data-accordion': '', id, open: p.defaultOpen === true })}>` +
      `<summary class="q-accordion-summary">${icon}<span class="q-accordion-title">${escapeHtml(title)}</span>${desc}</summary>` +
      `<div class="q-accordion-content">${r.children(el)}</div></details>`
    );
  },
};

export const AccordionGroup: ComponentDefinition = {
  block: true,
  render: (el, r) => `<div class="q-accordion-group accordion-group" data-accordion-group>${r.children(el)}</div>`,
};

export const Expandable: ComponentDefinition = {
  block: true,
  render(el, r) {
    const p = r.props(el);
    const title = typeof p.title === 'string' ? p.title : 'properties';
    return (
      `<details${attrs({ class: 'q-expandable expandable', 'data-expandable': '', open: p.defaultOpen === true })}>` +
      `<summary class="q-expandable-summary">${escapeHtml(r.ui.show.replace('{title}', title))}</summary><div class="q-expandable-content">${r.children(el)}</div></details>`
    );
  },
};
