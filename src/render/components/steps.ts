/**
 * Steps / Step: an ordered list; each step has a number, a title and its content.
 * A Step may also come from a snippet (`<Steps><InstallStep /><RunStep /></Steps>`, each
 * snippet rendering a `<Step>`): it is then an item of the enclosing list and takes the
 * next number, as on Mintlify, instead of a one-item list of its own.
 */
import { attrs, escapeHtml } from '../markdown/escape.js';
import type { ComponentDefinition, JsxElement, RenderApi } from './types.js';

/**
 * Per page renderer, the Steps being rendered (innermost last): the count of its items
 * so far, or null inside a Step's own content (a Step there starts a list of its own).
 */
const open = new WeakMap<RenderApi, ({ count: number } | null)[]>();

function within<T>(r: RenderApi, frame: { count: number } | null, fn: () => T): T {
  let stack = open.get(r);
  if (!stack) open.set(r, (stack = []));
  stack.push(frame);
  try {
    return fn();
  } finally {
    stack.pop();
  }
}

function stepItem(step: JsxElement, r: RenderApi, position: number): string {
  const p = r.props(step);
  const label = r.label(p.title);
  const title = label?.text ?? '';
  const n = typeof p.stepNumber === 'number' ? p.stepNumber : position;
  const size = p.titleSize === 'h2' || p.titleSize === 'h3' ? p.titleSize : 'p';
  // components/steps.mdx: `id` is "a custom ID for the step, used for anchor linking".
  const id = typeof p.id === 'string' ? r.slug(p.id) : title ? r.slug(title) : undefined;
  if (id && size !== 'p') r.heading(size === 'h2' ? 2 : 3, title, id);
  const icon = p.icon ? r.icon(p.icon, {}, step) : escapeHtml(String(n));
  const content = within(r, null, () => r.children(step));
  return (
    `<li${attrs({ class: 'q-step', 'data-step': n, id })}><span class="q-step-marker" aria-hidden="true">${icon}</span>` +
    `<div class="q-step-body">${label ? `<${size} class="q-step-title">${label.html}</${size}>` : ''}<div class="q-step-content">${content}</div></div></li>`
  );
}

export const Steps: ComponentDefinition = {
  block: true,
  render(el, r) {
    // Rendered once, with this list open: its Step children, direct or from a snippet, take the numbers.
    const frame = { count: 0 };
    const inner = within(r, frame, () => r.children(el));
    return frame.count === 0 ? `<div class="q-steps">${inner}</div>` : `<ol class="q-steps" data-steps>${inner}</ol>`;
  },
};

/** A Step in a Steps (through a snippet): the next item; elsewhere the same markup in a one-item list. */
export const Step: ComponentDefinition = {
  block: true,
  render(el, r) {
    const frame = open.get(r)?.at(-1);
    if (frame) return stepItem(el, r, ++frame.count);
    return Steps.render({ ...el, type: 'mdxJsxFlowElement', name: 'Steps', attributes: [], children: [el as never] }, r);
  },
};
