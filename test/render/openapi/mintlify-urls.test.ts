/**
 * A small site shaped after real Mintlify sites (a routes group with `{source, directory}`
 * and `examples.autogenerate: false`, specs named without their extension, pages naming an
 * operation with no document, an AsyncAPI group), planned from its docs.json as an export
 * would, then its pages rendered.
 */
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loadSiteConfig } from '../../../src/render/config/index.js';
import { planApiReference, renderEndpointPage, type ApiReferencePlan } from '../../../src/render/openapi/index.js';
import type { NavNode, SiteConfig } from '../../../src/render/types.js';
import { pageContext } from './helpers.js';
import { like } from '../../helpers/like.js';

const SPEC = `openapi: 3.1.0
info: { title: Tasks, version: "1" }
servers: [{ url: "https://tasks.example.com" }]
paths:
  /tasks:
    get:
      tags: [Async task management]
      summary: List tasks
      x-codeSamples: [{ lang: bash, label: cURL, source: "curl https://tasks.example.com/tasks" }]
      responses: { "200": { description: ok } }
    post:
      tags: [Async task management]
      summary: Create a task
      responses: { "200": { description: ok } }
  /tasks/{id}:
    get:
      tags: [Async task management]
      summary: List tasks
      responses: { "200": { description: ok } }
    delete:
      tags: [Async task management]
      summary: Delete a task
      responses: { "200": { description: ok } }
  /health:
    get:
      responses: { "200": { description: ok } }
  /legacy:
    get:
      tags: [Async task management]
      summary: Legacy
      x-mint: { href: /deprecated/legacy-endpoint }
      responses: { "200": { description: ok } }
`;

const EXTRA = '{"openapi":"3.0.3","info":{"title":"Extra","version":"1"},"paths":{"/ping":{"get":{"tags":["Ops"],"summary":"Ping the service","responses":{"200":{"description":"ok"}}}}}}';
const EVENTS = 'asyncapi: 3.0.0\ninfo: { title: Events, version: "1" }\nchannels:\n  orders: { address: orders }\n  invoices: { address: invoices }\n';

const DOCS_JSON = {
  name: 'Tasks', colors: { primary: '#000' },
  navigation: { tabs: [{ tab: 'API', groups: [
    { group: 'Routes', openapi: { source: 'specs/v3-openapi', directory: '/reference/api/' }, examples: { languages: ['curl', 'python'], autogenerate: false },
      pages: ['GET /tasks', 'specs/v3-openapi POST /tasks', 'GET /tasks/{id}'] },
    { group: 'Everything', openapi: 'v3-openapi' },
    { group: 'Broken', openapi: 'nope', pages: ['nope GET /x'] },
    { group: 'Events', asyncapi: 'events' },
  ] }] },
};

let root = '';
let config: SiteConfig;
let plan: ApiReferencePlan;
beforeAll(async () => {
  root = mkdtempSync(path.join(tmpdir(), 'quire-oa-mint-'));
  mkdirSync(path.join(root, 'specs'));
  mkdirSync(path.join(root, 'other'));
  mkdirSync(path.join(root, 'guides'));
  writeFileSync(path.join(root, 'specs/v3-openapi.yaml'), SPEC);
  writeFileSync(path.join(root, 'other/extra.json'), EXTRA); // named nowhere in docs.json
  writeFileSync(path.join(root, 'events.yaml'), EVENTS);
  writeFileSync(path.join(root, 'docs.json'), JSON.stringify(DOCS_JSON));
  writeFileSync(path.join(root, 'guides/delete.mdx'), '---\ntitle: Deleting\nopenapi: v3-openapi DELETE /tasks/{id}\n---\n\nWords.\n');
  writeFileSync(path.join(root, 'guides/ping.mdx'), '---\nopenapi: "GET /ping"\n---\n');
  ({ config } = await loadSiteConfig(root));
  plan = await planApiReference(root, config, 'cloud');
});
afterAll(() => rmSync(root, { recursive: true, force: true }));

const pagesOf = (nodes: NavNode[]): unknown[] => nodes.map((n) => (n.kind === 'page' ? n.page : n.kind === 'group' ? { [n.group]: pagesOf(n.children) } : n.kind));

describe('endpoint page URLs as Mintlify writes them', () => {
  it('puts endpoint entries in the directory of their openapi source, by tag and summary, numbering repeats', () => {
    const [routes] = plan.navigation.sections[0].children;
    expect(pagesOf([routes])).toEqual([{ Routes: [
      'reference/api/async-task-management/list-tasks',
      'reference/api/async-task-management/create-a-task',
      'reference/api/async-task-management/list-tasks-1', // the second "List tasks" in document order
    ] }]);
  });

  it('fills a group whose openapi names the spec without extension: default directory, untagged under "API Reference", x-mint.href kept', () => {
    const everything = plan.navigation.sections[0].children[1];
    expect(pagesOf([everything])).toEqual([{ Everything: [
      { 'Async task management': [
        'api-reference/async-task-management/list-tasks',
        'api-reference/async-task-management/create-a-task',
        'api-reference/async-task-management/list-tasks-1',
        'guides/delete', // claimed by the page whose frontmatter names it
        'deprecated/legacy-endpoint',
      ] },
      { 'API Reference': ['api-reference/get-health'] }, // no tag, no summary
    ] }]);
  });

  it('resolves frontmatter references by file name and, with no document, by searching every spec of the repository', () => {
    expect(plan.endpoints.find((e) => e.page === 'guides/delete')).toMatchObject({ file: 'specs/v3-openapi.yaml', method: 'DELETE', path: '/tasks/{id}', contentPage: 'guides/delete' });
    expect(plan.endpoints.find((e) => e.page === 'guides/ping')).toMatchObject({ file: 'other/extra.json', method: 'GET', path: '/ping' });
  });

  it('reports a spec that cannot be found where it is named, and gives the AsyncAPI group its channel pages', () => {
    const errors = plan.diagnostics.filter((d) => d.severity === 'error');
    expect(errors).toEqual([
      { severity: 'error', file: 'docs.json', path: 'navigation.tabs[0].groups[2].openapi', message: like.stringMatching(/OpenAPI document "nope" not found: no nope\.json, nope\.yaml or nope\.yml/) },
      { severity: 'error', file: 'docs.json', path: 'navigation.tabs[0].groups[2].pages[0]', message: like.stringMatching(/OpenAPI document "nope" not found/) },
    ]);
    expect(plan.diagnostics.filter((d) => d.severity === 'warning')).toEqual([]);
    // `events` without its extension, as for OpenAPI; untagged channels go under "Websockets".
    expect(pagesOf([plan.navigation.sections[0].children[3]])).toEqual([{ Events: [{ Websockets: ['api-reference/websockets/orders', 'api-reference/websockets/invoices'] }] }]);
    expect(plan.channels.map((c) => [c.page, c.title, c.file])).toEqual([['api-reference/websockets/orders', 'Orders', 'events.yaml'], ['api-reference/websockets/invoices', 'Invoices', 'events.yaml']]);
  });
});

describe('examples on a navigation group', () => {
  const samples = (html: string) => [...html.matchAll(/-code-t\d+"[^>]*>([^<]+)</g)].map((m) => m[1]);

  it('with autogenerate false shows only the spec\'s x-codeSamples: no second cURL tab', async () => {
    const spec = plan.endpoints.find((e) => e.page === 'reference/api/async-task-management/list-tasks')!;
    expect(spec.examples).toEqual({ languages: ['curl', 'python'], autogenerate: false });
    const { html } = await renderEndpointPage(spec, pageContext(root, config));
    const aside = /<div class="api-samples">([\s\S]*?)<\/div><\/div>/.exec(html)?.[1] ?? '';
    expect(aside).toMatch(/^<div class="api-tabs"><div class="api-tab-title">cURL<\/div>/); // one sample, so no tab bar
    expect(samples(html)).toEqual([]);
    expect(html.replace(/<[^>]*>/g, '')).toContain('curl https://tasks.example.com/tasks');
    expect(html).not.toContain('requests.get');
  });

  it('elsewhere generates samples as before', async () => {
    const spec = plan.endpoints.find((e) => e.page === 'api-reference/async-task-management/list-tasks')!;
    const { html } = await renderEndpointPage(spec, pageContext(root, config));
    expect(samples(html)).toEqual(['cURL', 'cURL', 'Python', 'JavaScript', 'Go']);
  });
});

describe('openapi on navigation itself and as a list', () => {
  it('fills a bare navigation from its own openapi, and a tab from every document of its list', async () => {
    const { siteConfig } = await import('./helpers.js');
    const bare = siteConfig();
    bare.navigation.specs = { openapi: { source: ['v3-openapi'], directory: 'api' } };
    const one = await planApiReference(root, bare, 'cloud');
    expect(pagesOf(one.navigation.root)).toEqual([
      { 'Async task management': ['api/async-task-management/list-tasks', 'api/async-task-management/create-a-task', 'api/async-task-management/list-tasks-1', 'guides/delete', 'deprecated/legacy-endpoint'] },
      { 'API Reference': ['api/get-health'] },
    ]);
    const listed = siteConfig({ sections: [{ kind: 'tab', label: 'Both', openapi: 'other/extra.json', specs: { openapi: { source: ['other/extra.json', 'specs/v3-openapi.yaml'] } }, children: [], sections: [] }] });
    const two = await planApiReference(root, listed, 'cloud');
    expect(pagesOf(two.navigation.sections[0].children).map((g) => Object.keys(g as object)[0])).toEqual(['Ops', 'Async task management', 'API Reference']);
    expect(two.diagnostics.filter((d) => d.severity === 'error')).toEqual([]);
  });
});
