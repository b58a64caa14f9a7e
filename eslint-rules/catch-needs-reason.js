/**
 * ESLint rule `quire/catch-needs-reason`: a catch that drops its error (no binding, or an
 * empty body) and a promise `.catch(() => ...)` that ignores its argument must carry a
 * comment saying why going on is right; otherwise the error is handled, or passed to
 * `noteIgnored` (src/core/ignored-errors.ts), which logs it at debug and counts it.
 */

/**
 * True when `node` holds a comment, or one sits on the line where it starts (`aboveToo`:
 * or ends on the line before, for a `.catch(...)` whose statement a comment introduces).
 */
function hasComment(sourceCode, node, aboveToo = false) {
  if (sourceCode.getCommentsInside(node).length > 0) return true;
  const line = node.loc.start.line;
  return sourceCode.getAllComments().some(
    (c) => (c.loc.end.line === line && c.range[0] >= node.range[0] - 200 && c.range[1] <= node.range[1] + 200) || (aboveToo && c.loc.end.line === line - 1),
  );
}

/** `_err`: a binding named as unused (no-unused-vars lets it be) drops the error too. */
function ignoredName(param) {
  return param.type === 'Identifier' && param.name.startsWith('_');
}

export default {
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
        const drops = node.param === null || ignoredName(node.param) || node.body.body.length === 0;
        if (drops && !hasComment(sourceCode, node.body)) context.report({ node, messageId: 'bare' });
      },
      CallExpression(node) {
        const callee = node.callee;
        if (callee.type !== 'MemberExpression' || callee.property.type !== 'Identifier' || callee.property.name !== 'catch') return;
        const handler = node.arguments[0];
        if (!handler || (handler.type !== 'ArrowFunctionExpression' && handler.type !== 'FunctionExpression')) return;
        const empty = handler.params.length === 0 || handler.params.every(ignoredName) || (handler.body.type === 'BlockStatement' && handler.body.body.length === 0);
        if (empty && !hasComment(sourceCode, handler, true)) context.report({ node: handler, messageId: 'bare' });
      },
    };
  },
};
