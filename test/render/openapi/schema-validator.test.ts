/**
 * The OpenAPI schema validators are compiled once per process, not once per document:
 * checking documents again and again (3.0 and 3.1, valid, invalid, circular) compiles
 * one validator per version, and each document gets the diagnostics and the
 * dereferenced document it got from swagger-parser's own schema check.
 */
import { createRequire } from 'node:module';
import { runInThisContext } from 'node:vm';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { checkDocument } from '../../../src/render/openapi/check-document.js';
import { compileValidator, compiledValidators, openApiSchemaErrors } from '../../../src/render/openapi/schema-validator.js';
import { validatorModule } from '../../../src/render/openapi/build-validators.js';
import { FIXTURES } from './helpers.js';
import { like } from '../../helpers/like.js';

/** A 3.1 document whose schema refers to itself, and one with a schema error inside a path. */
const TREE_31 = `openapi: 3.1.0
info: { title: Tree, version: "1" }
paths:
  /nodes:
    get:
      summary: Nodes
      responses:
        "200":
          description: ok
          content:
            application/json:
              schema: { $ref: "#/components/schemas/Node" }
components:
  schemas:
    Node:
      type: object
      properties:
        children: { type: array, items: { $ref: "#/components/schemas/Node" } }
`;
const BAD_31 = `openapi: 3.1.0
info: { title: Bad, version: "1" }
paths:
  /nodes:
    get:
      responses: "none"
`;
/** Two schema errors on different lines of a JSON text: each diagnostic gets its own line from the one parse of the text. */
const BAD_TWO = JSON.stringify({ openapi: '3.0.3', info: { title: 'Two', version: '1' }, paths: { '/a': { get: { responses: 'none' } }, '/b': { get: { summary: 'B', responses: 7 } } } }, null, 2);

let dir = '';
beforeAll(() => {
  dir = mkdtempSync(path.join(tmpdir(), 'quire-oa-validators-'));
  writeFileSync(path.join(dir, 'tree-3.1.yaml'), TREE_31);
  writeFileSync(path.join(dir, 'bad-3.1.yaml'), BAD_31);
  writeFileSync(path.join(dir, 'bad-two.json'), BAD_TWO);
});
afterAll(() => rmSync(dir, { recursive: true, force: true }));

describe('OpenAPI schema validators', () => {
  it('compiles one validator per OpenAPI version for any number of documents and exports', async () => {
    expect(compiledValidators()).toBe(0);
    for (let round = 0; round < 3; round++) {
      const recursive = await checkDocument(FIXTURES, 'recursive.yaml', 'cloud');
      expect(recursive.diagnostics).toEqual([]);
      const library = await checkDocument(FIXTURES, 'library-3.1.yaml', 'cloud');
      expect(library.diagnostics).toEqual([]);
      const invalid = await checkDocument(FIXTURES, 'invalid.yaml', 'cloud');
      expect(invalid.doc).toBeUndefined();
      expect(invalid.diagnostics.find((d) => d.path === 'info')).toMatchObject({ severity: 'error', line: 3, message: like.stringMatching(/version/) });
      expect(compiledValidators()).toBe(2);
    }
  });

  it('dereferences a circular 3.1 document completely once it is valid, and reports a 3.1 schema error at its path', async () => {
    const tree = await checkDocument(dir, 'tree-3.1.yaml', 'cloud');
    expect(tree.diagnostics).toEqual([]);
    const node = (tree.doc as { components: { schemas: { Node: { properties: { children: { items: unknown } } } } } }).components.schemas.Node;
    expect(node.properties.children.items).toBe(node);
    const bad = await checkDocument(dir, 'bad-3.1.yaml', 'cloud');
    expect(bad.doc).toBeUndefined();
    expect(bad.diagnostics[0]).toMatchObject({ severity: 'error', file: 'bad-3.1.yaml', path: 'paths["/nodes"].get.responses', line: 6 });
    expect(compiledValidators()).toBe(2);
  });

  it('gives each schema error of a document the line of its own path', async () => {
    const bad = await checkDocument(dir, 'bad-two.json', 'cloud');
    expect(bad.doc).toBeUndefined();
    expect(bad.diagnostics.map((d) => [d.path, d.line])).toEqual([['paths["/a"].get.responses', 10], ['paths["/b"].get.responses', 16]]);
    expect(bad.diagnostics.every((d) => d.severity === 'error' && d.file === 'bad-two.json' && d.message.startsWith('Invalid OpenAPI document bad-two.json at paths['))).toBe(true);
  });

  it('answers no errors for a valid document and ajv errors for an invalid one', () => {
    expect(openApiSchemaErrors({ openapi: '3.0.3', info: { title: 't', version: '1' }, paths: {} } as never)).toBeUndefined();
    const errors = openApiSchemaErrors({ openapi: '3.1.0', info: { title: 't' }, paths: {} } as never);
    expect(errors?.some((e) => e.instancePath === '/info' && e.params.missingProperty === 'version')).toBe(true);
  });
});

describe('OpenAPI validators written by the build (build-validators.ts)', () => {
  /** The module's validator, run as Node runs the file the build writes (its requires resolved from here). */
  function load(version: '3.0' | '3.1'): (doc: unknown) => boolean {
    const module = { exports: {} as unknown };
    const wrapped = runInThisContext(`(function (module, exports, require) {\n${validatorModule(version)}\n})`) as (m: typeof module, e: unknown, r: NodeJS.Require) => void;
    wrapped(module, module.exports, createRequire(import.meta.url));
    return module.exports as (doc: unknown) => boolean;
  }

  it('gives every document the answer and the errors the compiled validator gives', () => {
    const docs: [version: '3.0' | '3.1', doc: unknown][] = [
      ['3.0', { openapi: '3.0.3', info: { title: 't', version: '1' }, paths: {} }],
      ['3.0', { openapi: '3.0.3', info: { title: 't' }, paths: { '/a': { get: { responses: 'none' } } } }],
      ['3.1', { openapi: '3.1.0', info: { title: 't', version: '1' }, paths: { '/a': { get: { responses: { 200: { description: 'ok' } } } } } }],
      ['3.1', { openapi: '3.1.0', info: { title: 't' }, paths: { '/a': { get: { responses: 'none' } } }, components: { schemas: { X: { type: 'nope' } } } }],
    ];
    let invalid = 0;
    for (const [version, doc] of docs) {
      const built = load(version) as ((doc: unknown) => boolean) & { errors?: unknown[] };
      const { validate } = compileValidator(version);
      const ok = built(doc);
      expect(ok).toBe(validate(doc));
      expect(built.errors ?? null).toEqual(validate.errors ?? null);
      if (!ok) {
        invalid++;
        expect(built.errors?.length).toBeGreaterThan(0);
      }
    }
    expect(invalid).toBe(2);
  });
});
