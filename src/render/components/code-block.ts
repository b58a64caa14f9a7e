/**
 * CodeBlock (create/code.mdx, "CodeBlock component"): a code block written as an element,
 * `<CodeBlock language="js" filename="a.js" lines highlight="[1,3]">code</CodeBlock>`,
 * rendered exactly as the fence with the same options would be.
 */
import type { Code } from 'mdast';
import type { ComponentDefinition } from './types.js';

const FLAGS = ['lines', 'wrap', 'nocopy', 'expandable'] as const;

export const CodeBlock: ComponentDefinition = {
  block: true,
  render(el, r) {
    const p = r.props(el);
    const meta: string[] = [];
    if (typeof p.filename === 'string') meta.push(`title="${p.filename.replace(/"/g, "'")}"`);
    if (typeof p.icon === 'string') meta.push(`icon="${p.icon.replace(/"/g, '')}"`);
    for (const f of FLAGS) if (p[f] === true) meta.push(f);
    for (const key of ['highlight', 'focus'] as const) {
      const v = p[key];
      const spec = Array.isArray(v) ? v.join(',') : typeof v === 'string' || typeof v === 'number' ? String(v) : '';
      if (spec) meta.push(`${key}="${spec.replace(/[^\d,\s\-[\]]/g, '')}"`);
    }
    const node: Code = { type: 'code', lang: typeof p.language === 'string' ? p.language : null, meta: meta.join(' ') || null, value: r.source(el), position: el.position };
    return r.code(node);
  },
};
