/**
 * A warm export of a site with an API reference (same cache folder): the config and the API
 * plan come from the cache while their inputs hold, and are made again when a `$ref` target
 * of the OpenAPI document or the document itself changes; each time the output is a cold export's, byte for byte.
 */
import { existsSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { exportSite } from '../../../src/render/export-site.js';
import { tempDir, writeFiles, type TempDir } from './make-site.js';
import { expectLikeCold } from './like-cold.js';

const doc = JSON.stringify({
  openapi: '3.1.0',
  info: { title: 'Pets', version: '1' },
  paths: { '/pets': { get: { summary: 'List pets', responses: { '200': { description: 'The pets', content: { 'application/json': { schema: { $ref: 'schemas/pet.json' } } } } } } } },
});

describe('warm export of a site with an API reference', () => {
  let tmp: TempDir;
  let root: string;
  let out: string;
  let cacheDir: string;

  beforeAll(() => {
    tmp = tempDir('quire-warm-api-');
    root = join(tmp.path, 'site');
    out = join(tmp.path, 'out');
    cacheDir = join(tmp.path, 'cache');
    writeFiles(root, {
      'docs.json': JSON.stringify({ name: 'Pets', navigation: { groups: [{ group: 'Guides', pages: ['index'] }, { group: 'API', openapi: 'openapi.json' }] } }),
      'index.mdx': '---\ntitle: Home\n---\n\nHello.\n',
      'openapi.json': doc,
      'schemas/pet.json': JSON.stringify({ type: 'object', properties: { nickname: { type: 'string', description: 'What the pet answers to' } } }),
    });
  });
  afterAll(() => tmp?.cleanup());

  const likeCold = (files: string[], name: string) => expectLikeCold(root, out, files, join(tmp.path, name));

  const apiPage = (files: string[]) => {
    const page = files.find((f) => f.endsWith('.html') && f.includes('pets'));
    expect(page).toBeDefined();
    return readFileSync(join(out, page!), 'utf8');
  };

  it('takes the config and the API plan from the cache, and plans again when a $ref target changes', async () => {
    const first = await exportSite({ root, outDir: out, cacheDir, workers: 1 });
    expect(first.diagnostics.filter((d) => d.severity === 'error')).toEqual([]);
    expect(existsSync(join(cacheDir, 'site-config.json'))).toBe(true);
    expect(existsSync(join(cacheDir, 'api-plan.json'))).toBe(true);
    expect(apiPage(first.files)).toContain('nickname');

    writeFileSync(join(root, 'index.mdx'), '---\ntitle: Home\n---\n\nHello after an edit.\n');
    const warm = await exportSite({ root, outDir: out, cacheDir, workers: 1 });
    expect(warm.features['page-cache']).toEqual({ included: true, reason: `${first.pagesRendered - 1} of ${first.pagesRendered} pages from the cache` });
    await likeCold(warm.files, 'cold-1');

    // The schema the operation's response names is renamed: the plan (and the page) follow.
    writeFileSync(join(root, 'schemas/pet.json'), JSON.stringify({ type: 'object', properties: { callname: { type: 'string' } } }));
    const again = await exportSite({ root, outDir: out, cacheDir, workers: 1 });
    const html = apiPage(again.files);
    expect(html).toContain('callname');
    expect(html).not.toContain('nickname');
    await likeCold(again.files, 'cold-2');

    // The operation's summary, which the plan holds (the page's title and sidebar label), changes.
    writeFileSync(join(root, 'openapi.json'), doc.replace('List pets', 'All the pets'));
    const renamed = await exportSite({ root, outDir: out, cacheDir, workers: 1 });
    expect(readFileSync(join(out, 'index.html'), 'utf8')).toContain('All the pets');
    await likeCold(renamed.files, 'cold-3');
  }, 240_000);
});
