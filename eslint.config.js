/**
 * ESLint (flat config) over src/, test/ and bench/: ESLint's recommended rules and
 * typescript-eslint's type-aware recommended set (floating and misused promises, the
 * no-unsafe-* family, no-explicit-any, ...), plus one local rule: a catch that drops
 * the error must say why.
 */
import js from '@eslint/js';
import tseslint from 'typescript-eslint';

/** True when `node` holds a comment, or one sits on the line where it starts. */
function hasComment(sourceCode, node) {
  if (sourceCode.getCommentsInside(node).length > 0) return true;
  const line = node.loc.start.line;
  return sourceCode.getAllComments().some((c) => c.loc.end.line === line && c.range[0] >= node.range[0] - 200 && c.range[1] <= node.range[1] + 200);
}

/**
 * `catch {}` / `catch { return null }` (no binding: the error is thrown away), an empty
 * `catch (e) {}` and `.catch(() => {})` each need a comment saying why going on is right;
 * otherwise handle the error or pass it to `noteIgnored` (src/core/ignored-errors.ts),
 * which logs it at debug and counts it.
 */
const catchNeedsReason = {
  meta: {
    type: 'problem',
    schema: [],
    messages: {
      bare: 'This catch drops the error: handle it, pass it to noteIgnored(site, err), or say in a comment why ignoring it is right.',
    },
  },
  create(context) {
    const sourceCode = context.sourceCode;
    return {
      CatchClause(node) {
        const drops = node.param === null || node.body.body.length === 0;
        if (drops && !hasComment(sourceCode, node.body)) context.report({ node, messageId: 'bare' });
      },
      CallExpression(node) {
        const callee = node.callee;
        if (callee.type !== 'MemberExpression' || callee.property.type !== 'Identifier' || callee.property.name !== 'catch') return;
        const handler = node.arguments[0];
        if (!handler || (handler.type !== 'ArrowFunctionExpression' && handler.type !== 'FunctionExpression')) return;
        const empty = handler.params.length === 0 || (handler.body.type === 'BlockStatement' && handler.body.body.length === 0);
        if (empty && !hasComment(sourceCode, handler)) context.report({ node: handler, messageId: 'bare' });
      },
    };
  },
};

export default tseslint.config(
  { ignores: ['dist/**', 'node_modules/**', '**/fixtures/**'] },
  {
    files: ['src/**/*.ts', 'test/**/*.ts', 'bench/**/*.ts'],
    extends: [js.configs.recommended, ...tseslint.configs.recommendedTypeChecked],
    languageOptions: {
      parserOptions: { projectService: true, tsconfigRootDir: import.meta.dirname },
    },
    plugins: { quire: { rules: { 'catch-needs-reason': catchNeedsReason } } },
    linterOptions: { reportUnusedDisableDirectives: 'error' },
    rules: {
      'quire/catch-needs-reason': 'error',
      // A leading underscore marks a value left out on purpose (a destructured field
      // dropped from a copy, a parameter an interface requires).
      '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_', varsIgnorePattern: '^_', caughtErrorsIgnorePattern: '^_', ignoreRestSiblings: true }],
      // Off: an `async` function that implements a Promise-returning interface (a queue
      // handler, a store method, `close()`) without awaiting anything is still right:
      // `async` turns a throw into a rejection, which `return Promise.resolve(...)` would not.
      '@typescript-eslint/require-await': 'off',
      // Off: Quire matches control characters on purpose (JSON and log escaping, stripping
      // terminal colour codes); the rule only guards against typing them by accident.
      'no-control-regex': 'off',
    },
  },
);
