/**
 * Built-in components used inside a custom component. The sandbox cannot run Quire's
 * renderers (they read the site, its icons and its links), so there `<Card>` and `<Icon>`
 * render a placeholder, `<quire-builtin data-name="Card" data-props="{…}">children
 * </quire-builtin>` (sandbox/runtime/in-sandbox.ts). Here that HTML becomes a small tree
 * again: its HTML pieces go through the allow-list, its placeholders become elements the
 * page renderer draws with the same built-in renderers as if the page had written them.
 */
import type { Nodes } from 'mdast';
import { componentFor } from '../components/registry.js';
import type { JsxElement, Props } from '../components/types.js';
import type { PageRenderer } from './page-renderer.js';
import { RenderedHtml } from './page-renderer.js';
import { decodeAttr } from './raw-html.js';

interface Placeholder {
  name: string;
  props: string;
  children: Piece[];
}
type Piece = string | Placeholder;

// Written by Preact's string renderer from in-sandbox.ts's builtin(): attributes in this order, values escaped.
const PLACEHOLDER = /<quire-builtin data-name="([^"]*)" data-props="([^"]*)">|<\/quire-builtin>/g;

/** The component's HTML as pieces of HTML and placeholders (nested as they were rendered). */
export function parseBuiltins(html: string): Piece[] {
  const root: Piece[] = [];
  const stack: Piece[][] = [root];
  let last = 0;
  for (const m of html.matchAll(PLACEHOLDER)) {
    const top = stack[stack.length - 1];
    if (m.index > last) top.push(html.slice(last, m.index));
    last = m.index + m[0].length;
    if (m[1] !== undefined) {
      const part: Placeholder = { name: decodeAttr(m[1]), props: decodeAttr(m[2]), children: [] };
      top.push(part);
      stack.push(part.children);
    } else if (stack.length > 1) stack.pop(); // a stray end tag (HTML the component wrote itself) ends nothing
  }
  if (last < html.length) stack[stack.length - 1].push(html.slice(last));
  return root;
}

/** JSON props back to values: `{ __quireHtml }` (JSX the component passed) is sanitized HTML. */
function fromData(value: unknown, clean: (html: string) => string): unknown {
  if (Array.isArray(value)) return value.map((v) => fromData(v, clean));
  if (!value || typeof value !== 'object') return value;
  const o = value as Record<string, unknown>;
  if (typeof o.__quireHtml === 'string') return new RenderedHtml(clean(o.__quireHtml));
  const out = Object.create(null) as Record<string, unknown>;
  for (const [k, v] of Object.entries(o)) if (k !== '__proto__') out[k] = fromData(v, clean);
  return out;
}

/**
 * Page nodes for `pieces`: sanitized HTML, and built-in elements placed at `at` (the custom
 * component's element, whose line their warnings name). HTML is cleaned now, in order.
 */
export function builtinNodes(r: PageRenderer, at: JsxElement, pieces: Piece[], clean: (html: string) => string): Nodes[] {
  return pieces.map((p): Nodes => {
    if (typeof p === 'string') return r.trustedHtml(clean(p));
    let props: Props | undefined;
    try {
      props = fromData(JSON.parse(p.props), clean) as Props;
    } catch {
      // Only HTML the component wrote itself (dangerouslySetInnerHTML) holds props that are not JSON: reported below.
      props = undefined;
    }
    if (props && typeof props === 'object' && Array.isArray(props.__quireDropped)) {
      const dropped = props.__quireDropped.filter((x): x is string => typeof x === 'string');
      delete props.__quireDropped;
      for (const prop of dropped) {
        r.warn(`function ${prop === 'children' ? 'as children' : `prop ${prop}`} of <${p.name}> in the output of custom component <${at.name}> dropped: a function cannot leave the sandbox, and an exported page runs no page code`, at.position?.start.line);
      }
    }
    // After the element's own warnings: those of what it holds.
    const children = builtinNodes(r, at, p.children, clean);
    if (!componentFor(p.name) || !props || typeof props !== 'object' || Array.isArray(props)) {
      r.warn(`<${p.name}> in the output of custom component <${at.name}> is not a built-in component with readable props: rendered its content only`, at.position?.start.line);
      return { type: 'mdxJsxFlowElement', name: null, attributes: [], children: children as never };
    }
    return r.jsx.builtin(p.name, props, children, at.position);
  });
}
