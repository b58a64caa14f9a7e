/**
 * Prompt: a card offering a prepared AI prompt (components/prompt.mdx). The card shows
 * the icon and the `description` (Markdown) with its `actions`: Copy (the default) and
 * Open in Cursor. The prompt itself is not shown: it sits in a hidden `<pre>` that the
 * Copy button copies (copy-code.ts) and that the Cursor link carries, written as the
 * author wrote it (the children's source, Markdown and all).
 */
import { attrs, escapeAttr, escapeHtml } from '../markdown/escape.js';
import type { ComponentDefinition } from './types.js';

const ACTIONS = new Set(['copy', 'cursor']);

export const Prompt: ComponentDefinition = {
  block: true,
  render(el, r) {
    const p = r.props(el);
    const text = r.source(el);
    const actions = Array.isArray(p.actions) ? p.actions.filter((a): a is string => typeof a === 'string') : ['copy'];
    for (const a of actions) if (!ACTIONS.has(a)) r.warn(`<Prompt> action "${a}" is not one of copy, cursor: left out`, el);
    const icon = p.icon ? r.icon(p.icon, { className: 'q-prompt-icon' }, el) : r.icon('sparkles', { className: 'q-prompt-icon', library: 'lucide' });
    const description = typeof p.description === 'string' ? r.markdown(p.description, el) : 'Prompt';
    let buttons = '';
    if (actions.includes('cursor')) {
      const link = `cursor://anysphere.cursor-deeplink/prompt?text=${encodeURIComponent(text)}`;
      buttons += `<a class="q-prompt-action q-prompt-cursor" href="${escapeAttr(link)}">${escapeHtml(r.ui.openInCursor)}</a>`;
    }
    if (actions.includes('copy')) buttons += `<button type="button" class="q-prompt-action q-prompt-copy" data-copy aria-label="${escapeAttr(r.ui.copyPrompt)}"><span class="q-code-copy-label">${escapeHtml(r.ui.copyPrompt)}</span></button>`;
    return (
      `<div${attrs({ class: 'q-prompt prompt', 'data-prompt': '', 'data-code': '' })}>${icon}` +
      `<div class="q-prompt-description">${description}</div><div class="q-prompt-actions">${buttons}</div>` +
      `<pre class="q-prompt-text" hidden><code>${escapeHtml(text)}</code></pre></div>`
    );
  },
};
