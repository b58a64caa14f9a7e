/**
 * One element of a custom component (`<HeroCard title="…" />`, defined by the page or a
 * `.jsx` snippet): its literal props and its children (rendered here, by Quire) go into
 * the sandbox as data, the component's first render comes back as HTML and goes through
 * the same allow-list as HTML written in pages; then the children are put in their
 * slots. Built-ins the component used (`<Card>`, `<Icon>`) come back as placeholders and are
 * rendered here by the same renderers as in pages (sandbox-builtins.ts). A component that fails (throws, loops, runs out of memory) is a warning naming
 * the page line and the component's, and its children are shown instead.
 */
import type { JsxElement, Props } from '../components/types.js';
import { sandboxModules, type CodeComponent } from './code-modules.js';
import type { PageRenderer } from './page-renderer.js';
import { RenderedHtml } from './page-renderer.js';
import { sanitizeRawHtml } from './raw-html.js';
import { iframeHtml } from './embed.js';
import { builtinNodes, parseBuiltins } from './sandbox-builtins.js';

const SLOT = /<quire-slot data-slot="(\d+)"><\/quire-slot>/g;

/** Props as JSON for the sandbox: HTML that Quire rendered becomes a numbered slot. */
function toData(value: unknown, slots: string[]): unknown {
  if (value instanceof RenderedHtml) return { __quireSlot: slots.push(value.html) - 1 };
  if (Array.isArray(value)) return value.map((v) => toData(v, slots));
  if (value && typeof value === 'object') {
    const out: Record<string, unknown> = {};
    for (const [k, v] of Object.entries(value)) out[k] = toData(v, slots);
    return out;
  }
  return value;
}

/** The first line of the sandbox's stack that is the author's code (`index.mdx:14:5`). */
function where(stack: string): string {
  const m = /\(([^()]+?):(\d+)(?::\d+)?\)/.exec(stack.split('\n').find((l) => !/quire-(sandbox-runtime|render)\.js|\(native\)/.test(l)) ?? '');
  return m ? ` at ${m[1]}:${m[2]}` : '';
}

export function renderCustomComponent(r: PageRenderer, el: JsxElement, component: CodeComponent, props: Props, children: string): string {
  const line = el.position?.start.line;
  const slots: string[] = [];
  const data = toData(props, slots) as Record<string, unknown>;
  if (el.children.length) data.children = { __quireSlot: slots.push(children) - 1 };
  const { sandbox, id } = r.sandbox();
  const result = sandbox.render(id, sandboxModules(component.module), component.module.id, component.name, JSON.stringify(data));
  if ('error' in result) {
    const defined = `${component.module.file}${component.line ? `:${component.line}` : ''}`;
    const { name, message, stack } = result.error;
    const why =
      message === 'out of memory' ? `ran out of its ${sandbox.limits.memoryMb} MB of memory`
      : message === 'interrupted' ? `went past its time limit of ${sandbox.limits.timeMs} ms`
      : name === 'TimeLimit' ? message
      : `failed: ${name}: ${message}`;
    r.warn(`custom component <${el.name}> (defined at ${defined}) ${why}${where(stack)}; its children are shown instead`, line);
    return children;
  }
  const state = { dropping: null };
  const removed = new Set<string>();
  const hooks = {
    url: (_tag: string, attr: string, value: string) => (attr === 'href' ? r.href(value, line) : r.src(value, line)),
    removed: (tag: string) => void removed.add(`<${tag}>`),
    handler: () => undefined, // event handlers never reach the HTML (they do not run at export time), expected
    iframe: (attrs: Record<string, string | true>) => iframeHtml(attrs, (src) => r.href(src, line), () => removed.add('<iframe>'), r.ui),
  };
  /** A piece of the component's HTML through the allow-list, with Quire's slots filled in after it. */
  const clean = (html: string): string => {
    let out = '';
    let last = 0;
    for (const m of html.matchAll(SLOT)) {
      out += sanitizeRawHtml(html.slice(last, m.index), state, hooks) + (slots[Number(m[1])] ?? '');
      last = m.index + m[0].length;
    }
    return out + sanitizeRawHtml(html.slice(last), state, hooks);
  };
  // Most components use no built-in: their HTML is one piece, as parseBuiltins would give, without the scan.
  const pieces = result.html.includes('quire-builtin') ? parseBuiltins(result.html) : result.html ? [result.html] : [];
  const out = r.blocks(builtinNodes(r, el, pieces, clean));
  // Interactive components render form controls that could not work in a static page: one warning per element.
  if (removed.size) r.warn(`${[...removed].join(', ')} removed from the output of custom component <${el.name}>: HTML is sanitized (no scripts, styles, forms or embeds)`, line);
  return out;
}
