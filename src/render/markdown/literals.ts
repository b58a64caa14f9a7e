/**
 * Reads literal values out of the estree that the MDX parser attaches to expressions.
 * This is the whole of "evaluation": strings, numbers, booleans, null, template strings,
 * arrays and objects of those, negative numbers, and names bound in the page's scope
 * (`export const` values, snippet props, `props` itself), and JSX elements (kept as
 * JsxLiteral for the page renderer to render). Over those values, the few operators
 * snippets use to fill in a prop (firecrawl's `href={"https://…?src=" + (props.src ||
 * "docs")}`): a property of a plain object or array (`props.city`, `items[0]`: own
 * properties only), `||`, `&&`, `??`, `? :`, `===`, `!==`, `!`, and `+` on strings and
 * numbers. Anything else (a call, `new`, an assignment, another operator) is refused with
 * NotLiteral; nothing is ever executed, and the work is bounded by the expression's size.
 */
import type { Expression, Node, Program } from 'estree';
import { JsxLiteral } from './jsx-literal.js';

export type Scope = ReadonlyMap<string, unknown>;

export class NotLiteral extends Error {
  constructor(readonly node: Node) {
    super('not a literal');
  }
}

/** A value standing for "this expression renders nothing" (an expression holding only a comment). */
export const EMPTY = Symbol('empty');

/**
 * Nesting read at most (arrays in arrays, `a || b || ...`): a deeper expression is refused, as
 * anything not read is, rather than run this reader out of stack (a hostile page may nest
 * thousands deep; no page seen nests past a dozen).
 */
export const MAX_LITERAL_DEPTH = 200;

export function literalValue(node: Node, scope: Scope, depth = 0): unknown {
  if (depth > MAX_LITERAL_DEPTH) throw new NotLiteral(node);
  const next = depth + 1;
  switch (node.type) {
    case 'Literal':
      if ('regex' in node && node.regex) throw new NotLiteral(node);
      return typeof node.value === 'bigint' ? String(node.value) : node.value;
    case 'TemplateLiteral': {
      let s = node.quasis[0].value.cooked ?? '';
      node.expressions.forEach((e, i) => {
        s += String(literalValue(e, scope, next)) + (node.quasis[i + 1].value.cooked ?? '');
      });
      return s;
    }
    case 'ArrayExpression':
      return node.elements.map((e) => {
        if (!e) return undefined;
        if (e.type === 'SpreadElement') throw new NotLiteral(e);
        return literalValue(e, scope, next);
      });
    case 'ObjectExpression': {
      const out: Record<string, unknown> = {};
      for (const p of node.properties) {
        if (p.type !== 'Property' || p.computed || p.kind !== 'init' || p.method) throw new NotLiteral(p);
        const key = p.key.type === 'Identifier' ? p.key.name : p.key.type === 'Literal' ? String(p.key.value) : null;
        if (key === null || key === '__proto__') throw new NotLiteral(p.key);
        out[key] = literalValue(p.value, scope, next);
      }
      return out;
    }
    case 'UnaryExpression':
      if ((node.operator === '-' || node.operator === '+') && node.argument.type === 'Literal' && typeof node.argument.value === 'number') {
        return node.operator === '-' ? -node.argument.value : node.argument.value;
      }
      if (node.operator === '!') return !literalValue(node.argument, scope, next);
      throw new NotLiteral(node);
    case 'MemberExpression': {
      const object = literalValue(node.object, scope, next);
      const key = node.computed ? literalValue(node.property, scope, next) : node.property.type === 'Identifier' ? node.property.name : undefined;
      if (!(Array.isArray(object) || isPlainObject(object)) || (typeof key !== 'string' && typeof key !== 'number')) throw new NotLiteral(node);
      if (Array.isArray(object) && key === 'length') return object.length;
      // Own data only (never `__proto__` or an inherited method); a prop not given reads as undefined, as in JavaScript.
      return Object.hasOwn(object as object, key) ? (object as Record<string | number, unknown>)[key] : undefined;
    }
    case 'LogicalExpression': {
      const left = literalValue(node.left, scope, next);
      if (node.operator === '||') return left || literalValue(node.right, scope, next);
      if (node.operator === '&&') return left && literalValue(node.right, scope, next);
      return left ?? literalValue(node.right, scope, next);
    }
    case 'ConditionalExpression':
      return literalValue(node.test, scope, next) ? literalValue(node.consequent, scope, next) : literalValue(node.alternate, scope, next);
    case 'BinaryExpression': {
      if (node.left.type === 'PrivateIdentifier') throw new NotLiteral(node);
      const left = literalValue(node.left, scope, next);
      const right = literalValue(node.right, scope, next);
      if (node.operator === '===') return left === right;
      if (node.operator === '!==') return left !== right;
      const primitive = (v: unknown) => typeof v === 'string' || typeof v === 'number';
      if (node.operator === '+' && primitive(left) && primitive(right)) return (left as string) + (right as string);
      throw new NotLiteral(node);
    }
    case 'Identifier':
      if (node.name === 'undefined') return undefined;
      if (scope.has(node.name)) return scope.get(node.name);
      throw new NotLiteral(node);
    case 'JSXElement' as string:
    case 'JSXFragment' as string:
      return new JsxLiteral(node);
    case 'ParenthesizedExpression' as string:
      return literalValue((node as unknown as { expression: Expression }).expression, scope, next);
    default:
      throw new NotLiteral(node);
  }
}

/** An object literal's value or a props object (prototype Object's or none), not an array, a class instance or a function. */
function isPlainObject(value: unknown): value is Record<string, unknown> {
  if (value === null || typeof value !== 'object' || Array.isArray(value)) return false;
  const proto: unknown = Object.getPrototypeOf(value);
  return proto === Object.prototype || proto === null;
}

/**
 * The attributes a spread attribute (`<svg {...props}>`) gives: the own entries of the plain
 * object its expression reads to (none for undefined or null, as in JavaScript), or null when it
 * is not one (a call, an array, anything not read by literalValue).
 */
export function spreadValue(program: Program | undefined | null, scope: Scope): Record<string, unknown> | null {
  const stmt = program?.body.length === 1 ? program.body[0] : undefined;
  const object = stmt?.type === 'ExpressionStatement' && stmt.expression.type === 'ObjectExpression' ? stmt.expression : undefined;
  const spread = object?.properties.length === 1 && object.properties[0].type === 'SpreadElement' ? object.properties[0] : undefined;
  if (!spread) return null;
  let value: unknown;
  try {
    value = literalValue(spread.argument, scope);
  } catch (err) {
    if (err instanceof NotLiteral) return null;
    throw err;
  }
  if (value === undefined || value === null) return {};
  if (!isPlainObject(value)) return null;
  return Object.fromEntries(Object.entries(value).filter(([k]) => k !== '__proto__'));
}

/** The value of an MDX expression program (`{...}` in text or an attribute). */
export function programValue(program: Program | undefined | null, scope: Scope): unknown {
  if (!program || program.body.length === 0) return EMPTY;
  const stmt = program.body[0];
  if (program.body.length !== 1 || stmt.type !== 'ExpressionStatement') throw new NotLiteral(stmt);
  return literalValue(stmt.expression, scope);
}
