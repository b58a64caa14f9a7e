/**
 * openapi/json-path.ts pathLines: the line of a path in a YAML or JSON text, for diagnostics;
 * a document on one line (minified JSON) answers line 1 without being parsed, as a parse would.
 */
import { describe, expect, it } from 'vitest';
import { lineOfPath, pathLines } from '../../../src/render/openapi/json-path.js';

const YAML = `openapi: 3.0.3
info:
  title: T
paths:
  /a:
    get:
      responses: {}
`;

describe('pathLines', () => {
  it('finds the line of each path in a multi-line text, or of its deepest existing ancestor', () => {
    const at = pathLines(YAML);
    expect(at(['info', 'title'])).toBe(3);
    expect(at(['paths', '/a', 'get', 'responses'])).toBe(7);
    // A missing key: the line where its parent's value (the map under /a) starts.
    expect(at(['paths', '/a', 'post'])).toBe(6);
    expect(lineOfPath(JSON.stringify({ openapi: '3.0.3', paths: { '/a': {} } }, null, 2), ['paths', '/a'])).toBe(4);
  });

  it('answers line 1 for any path of a one-line JSON document, as parsing it would', () => {
    const text = JSON.stringify({ openapi: '3.0.3', info: { title: 'T' }, paths: { '/a': { get: { responses: 7 } } } });
    const at = pathLines(text);
    expect(at(['paths', '/a', 'get', 'responses'])).toBe(1);
    expect(at(['missing'])).toBe(1);
    // The same answer through a parse: the text with a trailing line break is parsed.
    expect(pathLines(`${text}\n`)(['paths', '/a', 'get', 'responses'])).toBe(1);
    // Not JSON (a comment, or nothing): parsed, and no line is known.
    expect(pathLines('# only a comment')(['paths'])).toBeUndefined();
    expect(pathLines('')(['paths'])).toBeUndefined();
  });
});
