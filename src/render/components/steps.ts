/** Steps / Step: an ordered list; each step has a number, a title and its content. */
import { attrs, escapeHtml } from '../markdown/escape.js';
import type { ComponentDefinition } from './types.js';

export const Steps: ComponentDefinition = {
  block: true,
  render(el, r) {
    const steps = r.childElements(el, ['Step']);
    if (!steps.length) return `<div class="q-steps">${r.children(el)}</div>`;
    const items = steps.map((step, i) => {
      const p = r.props(step);
      const title = typeof p.title === 'string' ? p.title : '';
      const n = typeof p.stepNumber === 'number' ? p.stepNumber : i + 1;
      const size = p.titleSize === 'h2' || p.titleSize === 'h3' ? p.titleSize : 'p';
      const id = title ? r.slug(title) : undefined;
      if (id && size !== 'p') r.heading(size === 'h2' ? 2 : 3, title, id);
      const icon = p.icon ? r.icon(p.icon, {}, step) : escapeHtml(String(n));
      return (
        `<li${attrs({ class: 'q-step', 'data-step': n, id })}><span class="q-step-marker" aria-hidden="true">${icon}</span>` +
        `<div class="q-step-body">${title ? `<${size} class="q-step-title">${escapeHtml(title)}</${size}>` : ''}<div class="q-step-content">${r.children(step)}</div></div></li>`
      );
    });
    return `<ol class="q-steps" data-steps>${items.join('')}</ol>`;
  },
};

/** A Step outside Steps: the same markup in a one-item list. */
export const Step: ComponentDefinition = {
  block: true,
  render: (el, r) => Steps.render({ ...el, type: 'mdxJsxFlowElement', name: 'Steps', attributes: [], children: [el as never] }, r),
};
