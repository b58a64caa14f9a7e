/**
 * JSX written as a value (`icon={<svg …>…</svg>}`, `title={<>Add <code>docs.json</code></>}`,
 * `{<b>bold</b>}` in text): the estree JSX the MDX parser attaches to an expression,
 * turned into the same mdast JSX nodes as elements written in the page, so that it is
 * rendered by the same components and the same HTML allow-list. A literal, nothing runs.
 */
import type { Nodes } from 'mdast';
import type { MdxJsxAttribute, MdxJsxExpressionAttribute, MdxJsxTextElement } from 'mdast-util-mdx';
import type { Expression, Node, Program } from 'estree';

/** A JSX element or fragment met as a value; the page renderer renders it to HTML. */
export class JsxLiteral {
  constructor(readonly node: Node) {}
}

interface JsxNode {
  type: string;
  loc?: { start: { line: number; column: number } };
  name?: JsxNode | string;
  namespace?: JsxNode;
  object?: JsxNode;
  property?: JsxNode;
  openingElement?: JsxNode & { attributes: JsxNode[] };
  attributes?: JsxNode[];
  argument?: Expression;
  value?: unknown;
  expression?: Expression;
  children?: JsxNode[];
  // expressions, as far as expressionText writes them
  raw?: unknown;
  quasis?: JsxNode[];
  computed?: boolean;
  optional?: boolean;
  callee?: JsxNode;
  arguments?: JsxNode[];
  operator?: unknown;
  left?: JsxNode;
  right?: JsxNode;
  test?: JsxNode;
  consequent?: JsxNode;
  alternate?: JsxNode;
  elements?: JsxNode[];
  params?: JsxNode[];
  body?: JsxNode;
}

const position = (n: JsxNode) => (n.loc ? { position: { start: { line: n.loc.start.line, column: n.loc.start.column + 1 }, end: { line: n.loc.start.line, column: n.loc.start.column + 1 } } } : {});

function program(expression: Expression | JsxNode): Program {
  return { type: 'Program', sourceType: 'module', body: [{ type: 'ExpressionStatement', expression: expression as Expression }] };
}

function elementName(n: JsxNode | string | undefined): string | null {
  if (!n || typeof n === 'string') return n ?? null;
  if (n.type === 'JSXIdentifier') return typeof n.name === 'string' ? n.name : null;
  if (n.type === 'JSXMemberExpression') return `${elementName(n.object)}.${elementName(n.property)}`;
  if (n.type === 'JSXNamespacedName') return `${elementName(n.namespace)}:${elementName(n.name)}`;
  return null;
}

/** JSX text as React reads it: lines trimmed, blank lines dropped, the rest joined by a space. */
function jsxText(raw: string): string {
  if (!raw.includes('\n')) return raw;
  const lines = raw.split(/\r\n|\n|\r/);
  let out = '';
  lines.forEach((line, i) => {
    let s = line.replace(/\t/g, ' ');
    if (i !== 0) s = s.replace(/^ +/, '');
    if (i !== lines.length - 1) s = s.replace(/ +$/, '');
    if (s) out += (out ? ' ' : '') + s;
  });
  return out;
}

/**
 * An expression's text for diagnostics, written from its tree. Not sliced from the page:
 * the offsets of a literal's nodes index the text its parser read (the page for micromark,
 * the tag's lines or the expression alone for fast-tags.ts), so a slice of the page named
 * other text once frontmatter or lines came before it (`{...ewBox}` for `{...props}`).
 */
function expressionText(n: JsxNode | undefined): string {
  if (!n) return '…';
  const list = (items: JsxNode[] | undefined) => (items ?? []).map(expressionText).join(', ');
  switch (n.type) {
    case 'Identifier': return typeof n.name === 'string' ? n.name : '…';
    case 'ThisExpression': return 'this';
    case 'Literal': return typeof n.raw === 'string' ? n.raw : JSON.stringify(n.value) ?? '…';
    case 'TemplateLiteral': return `\`${(n.quasis ?? []).map((q) => (q.value as { raw: string }).raw).join('${…}')}\``;
    case 'MemberExpression': {
      const object = expressionText(n.object);
      if (n.computed) return `${object}${n.optional ? '?.' : ''}[${expressionText(n.property)}]`;
      return `${object}${n.optional ? '?.' : '.'}${expressionText(n.property)}`;
    }
    case 'CallExpression': return `${expressionText(n.callee)}(${list(n.arguments)})`;
    case 'UnaryExpression': return `${String(n.operator)}${/^[a-z]/.test(String(n.operator)) ? ' ' : ''}${expressionText(n.argument as JsxNode)}`;
    case 'BinaryExpression': case 'LogicalExpression': return `${expressionText(n.left)} ${String(n.operator)} ${expressionText(n.right)}`;
    case 'ConditionalExpression': return `${expressionText(n.test)} ? ${expressionText(n.consequent)} : ${expressionText(n.alternate)}`;
    case 'ArrayExpression': return `[${list(n.elements)}]`;
    case 'ObjectExpression': return '{…}';
    case 'ArrowFunctionExpression': return `(${list(n.params)}) => ${n.body?.type === 'BlockStatement' ? '{…}' : expressionText(n.body)}`;
    case 'FunctionExpression': return `function (${list(n.params)}) {…}`;
    case 'JSXElement': return `<${elementName(n.openingElement?.name) ?? ''} …>`;
    case 'JSXFragment': return '<>…</>';
    default: return '…';
  }
}

function children(list: JsxNode[] | undefined): Nodes[] {
  const out: Nodes[] = [];
  for (const c of list ?? []) {
    if (c.type === 'JSXText') {
      const value = jsxText(typeof c.value === 'string' ? c.value : '');
      if (value) out.push({ type: 'text', value });
    } else if (c.type === 'JSXExpressionContainer') {
      if (c.expression?.type === ('JSXEmptyExpression' as string)) continue;
      out.push({ type: 'mdxTextExpression', value: expressionText(c.expression as JsxNode), data: { estree: program(c.expression!) }, ...position(c) });
    } else if (c.type === 'JSXElement' || c.type === 'JSXFragment') out.push(jsxToMdast(c));
  }
  return out;
}

/** The mdast element of a JSX element or fragment. */
export function jsxToMdast(node: Node | JsxNode): MdxJsxTextElement {
  const n = node as JsxNode;
  const attributes: (MdxJsxAttribute | MdxJsxExpressionAttribute)[] = [];
  for (const a of n.openingElement?.attributes ?? []) {
    if (a.type === 'JSXSpreadAttribute') {
      const spread = { type: 'ObjectExpression', properties: [{ type: 'SpreadElement', argument: a.argument }] } as unknown as Expression;
      attributes.push({ type: 'mdxJsxExpressionAttribute', value: `...${expressionText(a.argument as JsxNode)}`, data: { estree: program(spread) } });
      continue;
    }
    const name = elementName(a.name) ?? '';
    const v = a.value as JsxNode | null | undefined;
    if (v === null || v === undefined) attributes.push({ type: 'mdxJsxAttribute', name, value: null });
    else if (v.type === 'Literal') attributes.push({ type: 'mdxJsxAttribute', name, value: String(v.value) });
    else {
      const expression = v.type === 'JSXExpressionContainer' ? v.expression! : (v as unknown as Expression);
      attributes.push({ type: 'mdxJsxAttribute', name, value: { type: 'mdxJsxAttributeValueExpression', value: expressionText(expression as JsxNode), data: { estree: program(expression) } } });
    }
  }
  const name = n.type === 'JSXFragment' ? null : elementName(n.openingElement?.name);
  return { type: 'mdxJsxTextElement', name, attributes, children: children(n.children) as MdxJsxTextElement['children'], ...position(n) };
}

/**
 * `el` with `line` on every node that has no position of its own: a literal parsed from
 * an attribute expression may carry none, and its diagnostics (an unknown icon inside
 * `label={<><Icon …/></>}`) then name the line of the element that holds it.
 */
export function withLine<T extends { position?: unknown; children?: unknown[] }>(el: T, line: number | undefined): T {
  if (line === undefined) return el;
  const point = { line, column: 1 };
  const visit = (n: { position?: unknown; children?: unknown[] }) => {
    n.position ??= { start: point, end: point };
    for (const c of n.children ?? []) if (c && typeof c === 'object') visit(c);
  };
  visit(el);
  return el;
}
