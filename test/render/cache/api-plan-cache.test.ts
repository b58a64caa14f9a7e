/**
 * The API reference plan kept in the cache folder (cache/api-plan-cache.ts): taken again
 * while its inputs hold, planned again when a document, a `$ref` target, a page's `openapi:`
 * frontmatter or the file list changes, never kept when it read a URL; a kept plan is the
 * plan a cold scan makes (diagnostics included).
 */
import { readFileSync, rmSync, symlinkSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { planSite, type SitePlan } from '../../../src/render/output/plan-site.js';
import { tempDir, writeFiles, type TempDir } from '../site/make-site.js';

const doc = (summary: string) =>
  JSON.stringify({
    openapi: '3.1.0',
    info: { title: 'Pets', version: '1' },
    paths: {
      '/pets': { get: { summary, responses: { '200': { description: 'ok', content: { 'application/json': { schema: { $ref: 'schemas/pet.json' } } } } } } },
      '/owners': { get: { summary: 'List owners', responses: { '200': { description: 'ok' } } } },
    },
  });

describe('API plan cache', () => {
  let tmp: TempDir;
  let root: string;
  let cacheDir: string;

  beforeEach(() => {
    tmp = tempDir('quire-api-plan-');
    root = join(tmp.path, 'site');
    cacheDir = join(tmp.path, 'cache');
    writeFiles(root, {
      'docs.json': JSON.stringify({ name: 'Pets', navigation: { groups: [{ group: 'Guides', pages: ['index', 'owners'] }, { group: 'API', openapi: 'openapi.json' }] } }),
      'index.mdx': '---\ntitle: Home\n---\n\nHello.\n',
      'owners.mdx': '---\ntitle: Owners\nopenapi: GET /owners\n---\n\nAbout owners.\n',
      'openapi.json': doc('List pets'),
      'schemas/pet.json': JSON.stringify({ type: 'object', properties: { name: { type: 'string' } } }),
    });
  });
  afterEach(() => tmp.cleanup());

  const stored = () => JSON.parse(readFileSync(join(cacheDir, 'api-plan.json'), 'utf8')) as { key: string; reads: Record<string, string> };
  /** What planSite makes of the site with the cache, next to what it makes without one. */
  const both = async (): Promise<[SitePlan, SitePlan]> => [await planSite(root, 'cloud', [cacheDir], undefined, undefined, cacheDir), await planSite(root, 'cloud', [cacheDir])];
  const titles = (plan: SitePlan) => plan.api.endpoints.map((e) => `${e.method} ${e.path}: ${e.title}`).sort();

  it('keeps the plan with the hash of every document and $ref target, and takes it again unchanged', async () => {
    const [first, cold] = await both();
    expect(titles(first)).toEqual(['GET /owners: Owners', 'GET /pets: List pets']);
    expect(first.api).toEqual(cold.api);
    const kept = stored();
    expect(Object.keys(kept.reads).sort()).toEqual(['docs.json', 'openapi.json', 'schemas/pet.json']);

    // Changed on disk behind the cache's back, its key and hashes left as they are: a plan
    // taken from the cache shows the marker, one planned again would not.
    const marked = JSON.parse(readFileSync(join(cacheDir, 'api-plan.json'), 'utf8')) as { plan: { endpoints: { title: string }[] } };
    marked.plan.endpoints[0].title = 'FROM THE CACHE';
    writeFileSync(join(cacheDir, 'api-plan.json'), JSON.stringify(marked));
    const again = await planSite(root, 'cloud', [cacheDir], undefined, undefined, cacheDir);
    expect(titles(again)).toContain(`${again.api.endpoints[0].method} ${again.api.endpoints[0].path}: FROM THE CACHE`);

    // An edit of a page without API frontmatter leaves the plan's inputs as they were.
    writeFileSync(join(root, 'index.mdx'), '---\ntitle: Home\n---\n\nHello again.\n');
    const edited = await planSite(root, 'cloud', [cacheDir], undefined, undefined, cacheDir);
    expect(titles(edited)).toContain(`${edited.api.endpoints[0].method} ${edited.api.endpoints[0].path}: FROM THE CACHE`);
  });

  it('plans again when a document, a $ref target or a page frontmatter changes, as a cold scan does', async () => {
    await both();
    writeFileSync(join(root, 'openapi.json'), doc('All the pets'));
    let [warm, cold] = await both();
    expect(titles(warm)).toEqual(['GET /owners: Owners', 'GET /pets: All the pets']);
    expect(warm.api).toEqual(cold.api);

    // The $ref target becomes invalid JSON: the cold plan reports it, so must the warm one.
    writeFileSync(join(root, 'schemas/pet.json'), '{ not json');
    [warm, cold] = await both();
    expect(cold.api.diagnostics.length).toBeGreaterThan(0);
    expect(warm.api.diagnostics).toEqual(cold.api.diagnostics);
    expect(warm.api.endpoints).toEqual(cold.api.endpoints);

    // ... and is removed: a read that failed is an input too.
    rmSync(join(root, 'schemas/pet.json'));
    [warm, cold] = await both();
    expect(warm.api).toEqual(cold.api);
    writeFileSync(join(root, 'schemas/pet.json'), JSON.stringify({ type: 'string' }));
    [warm, cold] = await both();
    expect(cold.api.diagnostics).toEqual([]);
    expect(warm.api).toEqual(cold.api);

    // A page's `openapi:` frontmatter names another operation.
    writeFileSync(join(root, 'owners.mdx'), '---\ntitle: Pets page\nopenapi: GET /pets\n---\n\nAbout pets.\n');
    [warm, cold] = await both();
    expect(titles(warm)).toEqual(titles(cold));
    expect(warm.api.endpoints.find((e) => e.path === '/pets')?.contentPage).toBe('owners');
    expect(warm.api).toEqual(cold.api);
  });

  it('plans again when a document is reached through a link that now leads elsewhere, and never keeps a plan that read a URL', async () => {
    await both();
    writeFileSync(join(root, 'other.json'), doc('Other pets'));
    rmSync(join(root, 'openapi.json'));
    symlinkSync(join(root, 'other.json'), join(root, 'openapi.json'));
    const [warm, cold] = await both();
    expect(warm.api).toEqual(cold.api);

    rmSync(join(cacheDir, 'api-plan.json'));
    writeFiles(root, { 'docs.json': JSON.stringify({ name: 'Pets', navigation: { groups: [{ group: 'API', openapi: 'https://example.invalid/openapi.json', pages: ['index'] }] } }) });
    const [remote, remoteCold] = await both();
    expect(remote.api).toEqual(remoteCold.api);
    expect(() => readFileSync(join(cacheDir, 'api-plan.json'))).toThrow(/ENOENT/);
  });
});
