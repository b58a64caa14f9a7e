import { cpSync, mkdtempSync, rmSync, writeFileSync, mkdirSync, existsSync, readFileSync } from 'node:fs';
import { createServer, type Server } from 'node:http';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loadSiteConfig } from '../../../src/render/config/index.js';
import { planApiReference, renderEndpointPage } from '../../../src/render/openapi/index.js';
import type { Diagnostic, NavNode } from '../../../src/render/types.js';
import { endpoint, FIXTURES, group, pageContext, siteConfig, specs } from './helpers.js';
import { like } from '../../helpers/like.js';

/** The fixture documents alone (the fixture site's pages would otherwise claim operations too). */
let DOCS = '';
beforeAll(() => {
  DOCS = mkdtempSync(path.join(tmpdir(), 'quire-oa-docs-'));
  cpSync(FIXTURES, DOCS, { recursive: true, filter: (src) => !src.includes(`${path.sep}site`) });
});
afterAll(() => rmSync(DOCS, { recursive: true, force: true }));

const pagesOf = (nodes: NavNode[]): unknown[] => nodes.map((n) => (n.kind === 'page' ? n.page : n.kind === 'group' ? { [n.group]: pagesOf(n.children) } : n.kind));
const errorsFor = (diags: Diagnostic[], file: string) => diags.filter((d) => d.file === file && d.severity === 'error');

describe('planApiReference on the fixture site (docs.json read by loadSiteConfig)', () => {
  it('turns endpoint entries into pages, fills the openapi group by tag and keeps the MDX page that claims an operation', async () => {
    const root = path.join(FIXTURES, 'site');
    const { config } = await loadSiteConfig(root);
    const plan = await planApiReference(root, config, 'cloud');
    expect(plan.diagnostics).toEqual([]);
    const api = plan.navigation.sections.find((s) => s.label === 'API reference')!;
    expect(pagesOf(api.children)).toEqual([
      { Pets: ['api-reference/pets/list-pets', 'api-reference/pets/create-a-pet', 'api/get-pet', 'api-reference/pets/delete-a-pet'] },
      { Library: [
        { Books: ['api-reference/books/search-books', 'api-reference/books/add-a-book', 'api-reference/books/get-a-book'] },
        { Authors: ['api-reference/authors/list-authors'] },
        { 'API Reference': ['api-reference/health-check'] }, // untagged, as Mintlify groups them; x-hidden /internal/reindex is left out
      ] },
    ]);
    const claimed = plan.endpoints.find((e) => e.page === 'api/get-pet');
    expect(claimed).toEqual({ page: 'api/get-pet', title: 'Fetch one pet', method: 'GET', path: '/pets/{petId}', file: 'openapi/petstore.json', contentPage: 'api/get-pet' });
    expect(plan.endpoints.find((e) => e.page === 'api-reference/pets/create-a-pet')).toMatchObject({ title: 'Create a pet', file: 'openapi/petstore.json' });
    // The x-hidden operation has its page (reachable by URL), outside the navigation.
    expect(plan.endpoints.find((e) => e.path === '/internal/reindex')).toMatchObject({ page: 'api-reference/reindex' });
    expect(plan.endpoints).toHaveLength(10);
    expect(JSON.parse(JSON.stringify(plan.endpoints))).toEqual(plan.endpoints); // serializable for workers
    expect(plan.features['api-playground']).toEqual({ included: true });
    expect(plan.assets?.css).toContain('.api-playground');
    expect(plan.assets?.js).toContain('data-api-operation');
    // The Guides tab is untouched.
    expect(pagesOf(plan.navigation.sections[0].children)).toEqual([{ Start: ['index', 'guides/pets'] }]);
  });

  it('gives the same pages on every run and no assets without API pages', async () => {
    const root = path.join(FIXTURES, 'site');
    const { config } = await loadSiteConfig(root);
    const a = await planApiReference(root, config, 'cloud');
    const b = await planApiReference(root, config, 'cloud');
    expect(b.endpoints).toEqual(a.endpoints);
    const none = await planApiReference(DOCS, siteConfig({ root: [group('G', [{ kind: 'page', page: 'x' }])] }), 'cloud');
    expect(none.endpoints).toEqual([]);
    expect(none.assets).toBeNull();
    expect(none.features['api-reference'].included).toBe(false);
  });
});

describe('openapi on tabs and anchors', () => {
  it('fills a tab or anchor that carries a document and has no pages, and scopes endpoint entries below it', async () => {
    const config = siteConfig({ sections: [
      { kind: 'tab', label: 'Zoo', ...specs('recursive.yaml'), children: [], sections: [] },
      { kind: 'anchor', label: 'Pets', ...specs('petstore-3.0.json'), children: [group('Some', [endpoint('GET', '/store/inventory')])], sections: [] },
      { kind: 'version', label: 'v2', children: [], sections: [{ kind: 'tab', label: 'Library', ...specs('library-3.1.yaml'), children: [group('Books', [endpoint('GET', '/books/{isbn}')])], sections: [] }] },
    ] });
    const plan = await planApiReference(DOCS, config, 'cloud');
    expect(plan.diagnostics).toEqual([]);
    const [zoo, pets, v2] = plan.navigation.sections;
    expect(pagesOf(zoo.children)).toEqual([{ 'API Reference': ['api-reference/category-tree', 'api-reference/add-an-animal'] }]);
    expect(pagesOf(pets.children)).toEqual([{ Some: ['api-reference/store/inventory-counts'] }]);
    expect(pagesOf(v2.sections[0].children)).toEqual([{ Books: ['api-reference/books/get-a-book'] }]);
    expect(plan.endpoints.map((e) => e.file)).toEqual(['recursive.yaml', 'recursive.yaml', 'petstore-3.0.json', 'library-3.1.yaml']);
  });
});

describe('planApiReference diagnostics', () => {
  it('names the document and the JSON path of an invalid document and a broken $ref, converts Swagger 2.0; the rest still plans', async () => {
    const config = siteConfig({ sections: [{ kind: 'tab', label: 'API', children: [
      group('Bad', [], 'invalid.yaml'),
      group('Ref', [], '/broken-ref.yaml'),
      group('Old', [], 'swagger-2.0.json'),
      group('Good', [], 'recursive.yaml'),
    ], sections: [] }] });
    const plan = await planApiReference(DOCS, config, 'cloud');
    const invalid = errorsFor(plan.diagnostics, 'invalid.yaml');
    expect(invalid.length).toBeGreaterThan(0);
    expect(invalid.map((d) => d.path)).toContain('info');
    expect(invalid.find((d) => d.path === 'info')).toMatchObject({ line: 3 });
    expect(invalid.map((d) => d.message).join('\n')).toMatch(/version/);
    expect(errorsFor(plan.diagnostics, 'broken-ref.yaml')).toEqual([like.objectContaining({
      path: 'paths["/things"].get.responses["200"].content["application/json"].schema.$ref', line: 15,
      message: like.stringContaining('#/components/schemas/Thing'),
    })]);
    expect(errorsFor(plan.diagnostics, 'swagger-2.0.json')).toEqual([]); // converted to OpenAPI 3.0
    const tab = plan.navigation.sections[0].children;
    expect(pagesOf(tab)).toEqual([
      { Bad: [] }, { Ref: [] },
      { Old: [{ Things: ['api-reference/things/get-a-thing', 'api-reference/things/create-a-thing'] }] },
      { Good: [{ 'API Reference': ['api-reference/category-tree', 'api-reference/add-an-animal'] }] },
    ]);
  });

  it('refuses Swagger versions older than 2.0 with a clear message', async () => {
    const root = mkdtempSync(path.join(tmpdir(), 'quire-oa-old-'));
    try {
      writeFileSync(path.join(root, 'ancient.json'), '{\n  "swaggerVersion": "1.2",\n  "swagger": "1.2",\n  "apis": []\n}\n');
      const plan = await planApiReference(root, siteConfig({ root: [group('Ancient', [], 'ancient.json')] }), 'cloud');
      expect(plan.diagnostics).toEqual([{ severity: 'error', file: 'ancient.json', path: 'swagger', line: 3, message: like.stringMatching(/Swagger 1\.2 document.*converts Swagger 2\.0.*[Cc]onvert it to OpenAPI 3/) }]);
    } finally {
      rmSync(root, { recursive: true, force: true });
    }
  });

  it('reports an operation the navigation names but the document lacks at its JSON path in docs.json', async () => {
    const config = siteConfig({ sections: [{ kind: 'tab', label: 'API', children: [
      group('Pets', [endpoint('GET', '/pets'), endpoint('GET', '/nope'), endpoint('PATCH', '/pets', 'petstore-3.0.json')], 'petstore-3.0.json'),
    ], sections: [] }] });
    const plan = await planApiReference(DOCS, config, 'cloud');
    expect(plan.diagnostics).toEqual([
      { severity: 'error', file: 'docs.json', path: 'navigation.tabs[0].groups[0].pages[1]', message: 'Operation GET /nope not found in petstore-3.0.json (#/paths/~1nope/get)' },
      { severity: 'error', file: 'docs.json', path: 'navigation.tabs[0].groups[0].pages[2]', message: 'Operation PATCH /pets not found in petstore-3.0.json (#/paths/~1pets/patch)' },
    ]);
    expect(pagesOf(plan.navigation.sections[0].children)).toEqual([{ Pets: ['api-reference/pets/list-pets'] }]);
  });

  it('reports a frontmatter openapi reference that names no operation, with file and line', async () => {
    const root = mkdtempSync(path.join(tmpdir(), 'quire-oa-'));
    try {
      cpSync(path.join(FIXTURES, 'recursive.yaml'), path.join(root, 'zoo.yaml'));
      writeFileSync(path.join(root, 'missing.mdx'), '---\ntitle: Missing\nopenapi: "zoo.yaml GET /cages"\n---\n\nText\n');
      writeFileSync(path.join(root, 'bad.mdx'), '---\nopenapi: "fetch the cages"\n---\n');
      writeFileSync(path.join(root, 'tree.mdx'), '---\nopenapi: GET /tree\n---\n');
      writeFileSync(path.join(root, 'tree-again.mdx'), '---\nopenapi: get /tree\n---\n');
      const plan = await planApiReference(root, siteConfig({ api: { openapi: ['zoo.yaml'] } }), 'cloud');
      expect(plan.diagnostics).toEqual([
        like.objectContaining({ file: 'bad.mdx', line: 2, path: 'openapi', message: like.stringContaining('not an operation reference') }),
        { severity: 'error', file: 'missing.mdx', line: 3, path: 'openapi', message: 'Operation GET /cages not found in zoo.yaml (#/paths/~1cages/get)' },
      ]);
      // Two pages naming one operation both show it, as on Mintlify.
      expect(plan.endpoints).toEqual([
        { page: 'tree-again', title: 'Category tree', method: 'GET', path: '/tree', file: 'zoo.yaml', contentPage: 'tree-again' },
        { page: 'tree', title: 'Category tree', method: 'GET', path: '/tree', file: 'zoo.yaml', contentPage: 'tree' },
      ]);
    } finally {
      rmSync(root, { recursive: true, force: true });
    }
  });
});

describe('frontmatter documents named relative to the page', () => {
  it('reads ./ and ../ beside the page, as Mintlify does, and still refuses paths out of the folder', async () => {
    const root = mkdtempSync(path.join(tmpdir(), 'quire-oa-rel-'));
    try {
      mkdirSync(path.join(root, 'api', 'endpoints', 'secret'), { recursive: true });
      cpSync(path.join(FIXTURES, 'recursive.yaml'), path.join(root, 'api', 'endpoints', 'zoo.yaml'));
      writeFileSync(path.join(root, 'api', 'endpoints', 'secret', 'tree.mdx'), '---\nopenapi: ../zoo.yaml GET /tree\n---\n');
      writeFileSync(path.join(root, 'api', 'endpoints', 'tree-here.mdx'), '---\nopenapi: ./zoo.yaml get /tree\n---\n');
      writeFileSync(path.join(root, 'api', 'out.mdx'), '---\nopenapi: ../../zoo.yaml GET /tree\n---\n');
      const plan = await planApiReference(root, siteConfig({}), 'cloud');
      // Both pages inside name the same operation of the same document: both show it.
      expect(plan.endpoints.map((e) => [e.page, e.file]).sort()).toEqual([['api/endpoints/secret/tree', 'api/endpoints/zoo.yaml'], ['api/endpoints/tree-here', 'api/endpoints/zoo.yaml']]);
      expect(plan.diagnostics.map((d) => `${d.severity} ${d.file} ${d.message.split(' (')[0]}`)).toEqual([
        'error ../zoo.yaml OpenAPI document "../zoo.yaml" leads outside the docs folder',
        'error api/out.mdx Operation GET /tree not found in ../zoo.yaml',
      ]);
    } finally {
      rmSync(root, { recursive: true, force: true });
    }
  });
});

describe('external $refs', () => {
  it('follows references to files inside the docs folder and refuses files outside it', async () => {
    const dir = mkdtempSync(path.join(tmpdir(), 'quire-oa-ext-'));
    try {
      const root = path.join(dir, 'docs');
      mkdirSync(path.join(root, 'schemas'), { recursive: true });
      writeFileSync(path.join(dir, 'secret.yaml'), 'password: hunter2\n');
      writeFileSync(path.join(root, 'schemas/user.yaml'), 'type: object\nproperties:\n  nickname: { type: string }\n');
      const doc = (ref: string) => `openapi: 3.0.3\ninfo: { title: t, version: "1" }\npaths:\n  /users:\n    get:\n      summary: Users\n      responses:\n        "200":\n          description: ok\n          content:\n            application/json:\n              schema: { $ref: "${ref}" }\n`;
      writeFileSync(path.join(root, 'good.yaml'), doc('schemas/user.yaml'));
      writeFileSync(path.join(root, 'escape.yaml'), doc('../secret.yaml'));
      const config = siteConfig({ root: [group('Good', [], 'good.yaml'), group('Escape', [], 'escape.yaml')] });
      const plan = await planApiReference(root, config, 'cloud');
      expect(plan.diagnostics).toEqual([{
        severity: 'error', file: 'escape.yaml', line: 12, path: 'paths["/users"].get.responses["200"].content["application/json"].schema.$ref',
        message: `Broken $ref in escape.yaml at paths["/users"].get.responses["200"].content["application/json"].schema.$ref: ${path.join(dir, 'secret.yaml')} cannot be used, it is outside the docs folder`,
      }]);
      expect(plan.endpoints.map((e) => e.file)).toEqual(['good.yaml']);
      const page = await renderEndpointPage(plan.endpoints[0], pageContext(root, config));
      expect(page.html).toContain('<code class="api-field-name">nickname</code>');
      expect(page.html).not.toContain('hunter2');
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });
});

describe('URL documents and deployments', () => {
  let server: Server;
  let url = '';
  let hits = 0;
  let root = '';
  beforeAll(async () => {
    root = mkdtempSync(path.join(tmpdir(), 'quire-oa-url-'));
    const yaml = readFileSync(path.join(FIXTURES, 'library-3.1.yaml'), 'utf8');
    server = createServer((req, res) => {
      hits++;
      if (req.url === '/library.yaml') res.writeHead(200, { 'content-type': 'application/yaml' }).end(yaml);
      else res.writeHead(404).end();
    });
    await new Promise<void>((r) => server.listen(0, '127.0.0.1', r));
    url = `http://127.0.0.1:${(server.address() as { port: number }).port}/library.yaml`;
  });
  afterAll(async () => {
    rmSync(root, { recursive: true, force: true });
    await new Promise<void>((r) => server.close(() => r()));
  });

  it('refuses a URL document on a loopback address unless the operator allows it', async () => {
    const before = hits;
    const plan = await planApiReference(root, siteConfig({ root: [group('Library', [], url)] }), 'client-hosted', undefined, { policy: {}, copyDir: root });
    expect(hits).toBe(before);
    expect(plan.endpoints).toEqual([]);
    expect(plan.diagnostics).toEqual([
      like.objectContaining({ severity: 'error', file: url, message: `OpenAPI document ${url} is refused: its address is in a loopback range that exports may not reach (the operator can allow it with QUIRE_EXPORT_FETCH_ALLOW)` }),
    ]);
  });

  it('fetches an allowed URL document at export time and renders from the local copy', async () => {
    const config = siteConfig({ root: [group('Library', [], url)] });
    const copies = mkdtempSync(path.join(tmpdir(), 'quire-oa-copies-'));
    const plan = await planApiReference(root, config, 'client-hosted', undefined, { policy: { allow: ['127.0.0.1/32'] }, copyDir: copies });
    expect(plan.diagnostics).toEqual([]);
    expect(plan.endpoints.length).toBe(6); // with the x-hidden operation's page
    const spec = plan.endpoints[0];
    expect(spec.file).toBe(url);
    expect(spec.localCopy && existsSync(spec.localCopy)).toBe(true);
    expect(path.dirname(spec.localCopy!)).toBe(copies);
    const before = hits;
    const page = await renderEndpointPage(spec, pageContext(root, config, 'client-hosted'));
    expect(hits).toBe(before); // the worker side never fetches
    expect(page.html).toContain('https://library.example.com/api');
    rmSync(copies, { recursive: true, force: true });
  });

  it('refuses a URL document in an air-gapped deployment and says to vendor the file', async () => {
    const before = hits;
    const plan = await planApiReference(root, siteConfig({ api: { openapi: [url] }, root: [group('Library', [], url)] }), 'air-gapped');
    expect(hits).toBe(before);
    expect(plan.endpoints).toEqual([]);
    expect(plan.diagnostics).toEqual([like.objectContaining({ severity: 'error', file: url, message: like.stringMatching(/air-gapped.*vendor the file/) })]);
  });

  it('leaves the playground out of air-gapped builds unless docs.json enables it, and says so', async () => {
    const nav = [group('Zoo', [], 'recursive.yaml')];
    const off = await planApiReference(DOCS, siteConfig({ root: nav }), 'air-gapped');
    expect(off.features['api-playground']).toEqual({ included: false, reason: like.stringMatching(/air-gapped.*"enabledInAirGapped": true/) });
    const on = await planApiReference(DOCS, siteConfig({ root: nav, api: { playground: { enabledInAirGapped: true } } }), 'air-gapped');
    expect(on.features['api-playground']).toEqual({ included: true });
    const raw = await planApiReference(DOCS, siteConfig({ root: nav, raw: { api: { playground: { airGapped: true } } } }), 'air-gapped');
    expect(raw.features['api-playground']).toEqual({ included: true });
    const none = await planApiReference(DOCS, siteConfig({ root: nav, api: { playground: { display: 'none' } } }), 'cloud');
    expect(none.features['api-playground']).toEqual({ included: false, reason: 'api.playground.display is "none"' });
  });
});
