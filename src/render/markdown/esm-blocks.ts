/**
 * The `import`/`export` blocks of a page or snippet, in page order. MDX reads ESM at the
 * top level of the document, and JSX flow elements do not start a container, so a block
 * written between a component's tags (`<Step>` … `import X from "/snippets/x.mdx";` …
 * `</Step>`, as dubinc+docs writes it) is ESM too: the parser leaves it inside the
 * element, and MDX's compiler hoists it to the module. Readers of a module's ESM take
 * both kinds from here.
 */
import type { Root, RootContent } from 'mdast';
import type { MdxjsEsm } from 'mdast-util-mdx';

export function esmBlocks(tree: Root): MdxjsEsm[] {
  const out: MdxjsEsm[] = [];
  const visit = (nodes: readonly RootContent[]) => {
    for (const node of nodes) {
      if (node.type === 'mdxjsEsm') out.push(node);
      // Only a JSX flow element can hold flow-level ESM: lists and quotes are containers.
      else if (node.type === 'mdxJsxFlowElement') visit(node.children);
    }
  };
  visit(tree.children);
  return out;
}
