/**
 * Where an export keeps the copy of a fetched OpenAPI document: in its own work folder,
 * written as a new file. A link planted at the shared path older versions used
 * (`$TMPDIR/quire-openapi/<hash>.json`) is never written through.
 */
import { createHash } from 'node:crypto';
import { existsSync, mkdirSync, readFileSync, rmSync, symlinkSync, writeFileSync } from 'node:fs';
import { createServer, type Server } from 'node:http';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { exportSite } from '../../../src/render/export-site.js';
import { tempDir, writeFiles, type TempDir } from '../site/make-site.js';

let server: Server;
let url: string;
let tmp: TempDir;

beforeAll(async () => {
  const doc = { openapi: '3.1.0', info: { title: 'Fetched', version: '1' }, paths: { '/pets': { get: { summary: 'List pets', tags: ['pets'] } } } };
  server = createServer((_req, res) => res.writeHead(200, { 'content-type': 'application/json' }).end(JSON.stringify(doc)));
  await new Promise<void>((r) => server.listen(0, '127.0.0.1', r));
  url = `http://127.0.0.1:${(server.address() as { port: number }).port}/openapi.json`;
  tmp = tempDir('quire-fetched-');
});
afterAll(async () => {
  tmp.cleanup();
  await new Promise<void>((r) => server.close(() => r()));
});

it('writes the copy into the export\'s own work folder, never through a planted link', async () => {
  const shared = join(tmpdir(), 'quire-openapi');
  mkdirSync(shared, { recursive: true });
  const planted = join(shared, `${createHash('sha256').update(url).digest('hex').slice(0, 24)}.json`);
  const victim = join(tmp.path, 'victim.txt');
  writeFileSync(victim, 'untouched');
  rmSync(planted, { force: true });
  symlinkSync(victim, planted);
  try {
    const root = join(tmp.path, 'docs');
    writeFiles(root, { 'docs.json': JSON.stringify({ name: 'F', navigation: { groups: [{ group: 'Docs', pages: ['index'] }, { group: 'API', openapi: url }] } }), 'index.mdx': '# Home\n' });
    const workDir = join(tmp.path, 'work');
    const report = await exportSite({ root, outDir: join(tmp.path, 'out'), workers: 0, fetchAllow: ['127.0.0.1'], workDir });
    expect(report.diagnostics.filter((d) => d.severity === 'error')).toEqual([]);
    expect(report.pagesRendered).toBe(2);
    expect(readFileSync(join(tmp.path, 'out', 'api-reference', 'pets', 'list-pets.html'), 'utf8')).toContain('List pets');
    expect(readFileSync(victim, 'utf8')).toBe('untouched');
    // The copies are removed with the export; the work folder is the caller's.
    expect(existsSync(join(workDir, 'fetched'))).toBe(false);
  } finally {
    rmSync(planted, { force: true });
  }
});
