/**
 * The estree of an `import`/`export` block for fast-parse.ts, built as
 * micromark-extension-mdxjs-esm builds it (through micromark-util-events-to-acorn): acorn
 * with JSX, ECMAScript 2024 modules, parentheses kept while parsing then dropped, comments
 * collected on the Program, and every position made a page position (line, 0-based
 * column, offset). Names imported by earlier blocks of the page are declared before the
 * block as micromark declares them (`var a, b` prepended, then removed), so a block that
 * redeclares one fails as it fails there. Null where micromark would throw (acorn error,
 * a statement other than import/export): the page is left to micromark, which reports it.
 * 'incomplete' where acorn stopped at the end of the text: the caller adds the next lines.
 */
import { Parser, type Comment } from 'acorn';
import acornJsx from 'acorn-jsx';
import type { Program } from 'estree';

const JsxParser = Parser.extend(acornJsx());
const ESM_TYPES = new Set(['ExportAllDeclaration', 'ExportDefaultDeclaration', 'ExportNamedDeclaration', 'ImportDeclaration']);

interface EsNode {
  type: string;
  start: number;
  end: number;
  loc?: unknown;
  range?: [number, number];
  [key: string]: unknown;
}

/**
 * `value` is the block's text (its lines joined by `\n`), starting at column 1 of page
 * line `line`, at page offset `offset`; `names` holds the local names imported by the
 * page's earlier blocks and gains this block's.
 */
export function parseEsm(value: string, line: number, offset: number, names: string[]): Program | null | 'incomplete' {
  const prefix = names.length > 0 ? `var ${names.join(',')}\n` : '';
  const comments: Comment[] = [];
  let program: EsNode & { body: EsNode[] };
  try {
    program = JsxParser.parse(prefix + value, { ecmaVersion: 2024, sourceType: 'module', locations: true, onComment: comments, preserveParens: true }) as unknown as EsNode & { body: EsNode[] };
  } catch (err) {
    // Cut short (a function body with a blank line in it): micromark takes the lines after the blank one
    // into the block and parses again (micromark-util-events-to-acorn's `swallow`).
    const e = err as { raisedAt?: unknown; message?: unknown };
    if ((typeof e.raisedAt === 'number' && e.raisedAt >= prefix.length + value.length) || String(e.message).startsWith('Unterminated comment')) return 'incomplete';
    // micromark fails on the same block and reports it, with its line: the caller leaves the page to it
    return null;
  }
  // Line starts of the block, to turn an offset into a line and column.
  const starts = [0];
  for (let i = value.indexOf('\n'); i >= 0; i = value.indexOf('\n', i + 1)) starts.push(i + 1);
  const point = (acornOffset: number) => {
    const rel = Math.min(Math.max(acornOffset - prefix.length, 0), value.length);
    let k = starts.length - 1;
    while (starts[k] > rel) k--;
    return { line: line + k, column: rel - starts[k], offset: offset + rel };
  };
  const fix = (node: EsNode) => {
    const start = point(node.start);
    const end = point(node.end);
    node.start = start.offset;
    node.end = end.offset;
    node.loc = { start, end };
    node.range = [start.offset, end.offset];
  };
  let nestedParens = false;
  const walk = (node: EsNode) => {
    fix(node);
    for (const key of Object.keys(node)) {
      if (key === 'loc' || key === 'range') continue;
      const v = node[key];
      if (Array.isArray(v)) {
        for (let i = 0; i < v.length; i++) {
          if (!isNode(v[i])) continue;
          v[i] = unwrap(v[i] as EsNode);
          walk(v[i] as EsNode);
        }
      } else if (isNode(v)) {
        node[key] = unwrap(v);
        walk(node[key] as EsNode);
      }
    }
  };
  const unwrap = (node: EsNode): EsNode => {
    if (node.type !== 'ParenthesizedExpression') return node;
    const inner = node.expression as EsNode;
    // micromark's visitor leaves the inner of `((x))` in place: not worth copying.
    if (inner.type === 'ParenthesizedExpression') nestedParens = true;
    return inner;
  };
  walk(program);
  if (nestedParens) return null;
  for (const c of comments) fix(c as unknown as EsNode);
  if (prefix) program.body.shift();
  for (const stmt of program.body) {
    if (!ESM_TYPES.has(stmt.type)) return null;
    if (stmt.type === 'ImportDeclaration') for (const s of stmt.specifiers as { local: { name: string } }[]) names.push(s.local.name);
  }
  (program as unknown as { comments: Comment[] }).comments = comments;
  return program as unknown as Program;
}

function isNode(v: unknown): v is EsNode {
  return typeof v === 'object' && v !== null && typeof (v as { type?: unknown }).type === 'string';
}
