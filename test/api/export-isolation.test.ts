/**
 * Tenant isolation through the API: a project's git repository holds links to the
 * service's own signing key and to /etc/passwd, and a local-folder project links to the
 * key too. Each export completes, its bundle holds no byte of what the links point at,
 * and the refusals are logged naming the files. A docs.json naming an OpenAPI document
 * on an internal address gets it refused, not fetched.
 */
import { mkdirSync, mkdtempSync, readFileSync, readdirSync, rmSync, statSync, symlinkSync, writeFileSync } from 'node:fs';
import { createServer, type Server } from 'node:http';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createApiKey } from '../../src/core/api-keys.js';
import { createOrganization } from '../../src/core/organizations.js';
import { createProject } from '../../src/core/projects.js';
import { extractBundle } from '../../src/render/bundle/extract.js';
import { startTestApi, type TestApi } from '../helpers/api.js';
import { pollUntil } from '../helpers/poll.js';
import { makeGitOrigin } from '../helpers/sites.js';
import { writeFiles } from '../render/site/make-site.js';

let api: TestApi;
const cleanup: string[] = [];

beforeAll(async () => {
  api = await startTestApi({ env: { QUIRE_RENDER_THREADS: '1' } });
});
afterAll(async () => {
  await api.close();
  for (const d of cleanup) rmSync(d, { recursive: true, force: true });
});

/** A docs folder whose snippet, asset and navigation file are links to `target`. */
function hostileSite(target: string): string {
  const dir = mkdtempSync(join(tmpdir(), 'quire-hostile-'));
  cleanup.push(dir);
  writeFiles(dir, {
    'docs.json': JSON.stringify({ name: 'Hostile', navigation: { groups: [{ group: 'Docs', pages: ['index', 'key'] }, { $ref: 'nav.json' }] } }),
    'index.mdx': '---\ntitle: Home\n---\n\nWelcome.\n',
    'key.mdx': "---\ntitle: Key\n---\n\nimport Key from '/snippets/key.mdx';\nimport Passwd from '/snippets/passwd.mdx';\n\n<Key />\n\n<Passwd />\n",
  });
  mkdirSync(join(dir, 'snippets'));
  symlinkSync(target, join(dir, 'snippets', 'key.mdx'));
  symlinkSync('/etc/passwd', join(dir, 'snippets', 'passwd.mdx'));
  symlinkSync(target, join(dir, 'nav.json'));
  symlinkSync(target, join(dir, 'logo.png'));
  return dir;
}

async function exportAndExtract(domain: string, key: string): Promise<{ status: string; error: string | null; files: Map<string, Buffer> }> {
  const started = (await (await api.fetch('/v1/static-export/jobs', { method: 'POST', json: { domain }, key })).json()) as { jobId: string };
  const done = await pollUntil(
    async () => (await (await api.fetch(`/v1/static-export/jobs/${started.jobId}`, { key })).json()) as { status: string; error: string | null },
    (j) => j.status === 'completed' || j.status === 'failed',
  );
  const files = new Map<string, Buffer>();
  if (done.status !== 'completed') return { ...done, files };
  const link = (await (await api.fetch(`/v1/static-export/jobs/${started.jobId}/bundle`, { method: 'POST', key })).json()) as { bundleUrl: string };
  const dir = mkdtempSync(join(tmpdir(), 'quire-hostile-bundle-'));
  cleanup.push(dir);
  writeFileSync(join(dir, 'b.tar.gz'), Buffer.from(await (await fetch(link.bundleUrl)).arrayBuffer()));
  await extractBundle(join(dir, 'b.tar.gz'), join(dir, 'site'));
  const walk = (d: string, prefix = ''): void => {
    for (const name of readdirSync(d)) {
      const abs = join(d, name);
      if (statSync(abs).isDirectory()) walk(abs, `${prefix}${name}/`);
      else files.set(`${prefix}${name}`, readFileSync(abs));
    }
  };
  walk(join(dir, 'site'));
  return { ...done, files };
}

describe('exports of repositories whose links point at the service\'s own files', () => {
  it('a git repository: links are checked out as plain files, nothing they name is read', async () => {
    const keyFile = join(api.config.dataDir, 'secrets', 'link-signing.key');
    const secret = readFileSync(keyFile);
    expect(secret.length).toBeGreaterThan(16);
    const src = hostileSite(keyFile);
    const origin = makeGitOrigin(src);
    cleanup.push(origin.slice('file://'.length));
    const org = await createOrganization(api.store, { name: 'Hostile git' });
    await createProject(api.store, { orgId: org.id, domain: 'docs.hostile-git.test', repository: origin, ref: 'main' });
    const { key } = await createApiKey(api.store, { orgId: org.id });
    const result = await exportAndExtract('docs.hostile-git.test', key);
    expect(result).toMatchObject({ status: 'completed', error: null });
    expect(result.files.has('key.html')).toBe(true);
    for (const [name, bytes] of result.files) {
      expect(bytes.includes(secret), name).toBe(false);
      expect(bytes.includes('root:x:0:0'), name).toBe(false);
    }
  });

  it('a local folder: the export refuses each link and logs the files it refused', async () => {
    const keyFile = join(api.config.dataDir, 'secrets', 'link-signing.key');
    const secret = readFileSync(keyFile);
    const src = hostileSite(keyFile);
    const org = await createOrganization(api.store, { name: 'Hostile folder' });
    await createProject(api.store, { orgId: org.id, domain: 'docs.hostile-folder.test', repository: src });
    const { key } = await createApiKey(api.store, { orgId: org.id });
    const result = await exportAndExtract('docs.hostile-folder.test', key);
    expect(result).toMatchObject({ status: 'completed', error: null });
    expect(result.files.has('logo.png')).toBe(false);
    for (const [name, bytes] of result.files) {
      expect(bytes.includes(secret), name).toBe(false);
      expect(bytes.includes('root:x:0:0'), name).toBe(false);
    }
    const logged = api.logs.filter((l) => l.includes('export finished with errors')).join('\n');
    expect(logged).toContain('\\"snippets/key.mdx\\" leads outside the docs folder');
    expect(logged).toContain('\\"snippets/passwd.mdx\\" leads outside the docs folder');
  });
});

describe('an export naming an OpenAPI document on an internal address', () => {
  let internal: Server;
  let hits = 0;
  const SECRET = 'internal-inventory-7d2c';
  beforeAll(async () => {
    internal = createServer((_req, res) => {
      hits++;
      res.writeHead(200, { 'content-type': 'application/json' }).end(JSON.stringify({ openapi: '3.1.0', info: { title: SECRET, version: '1' }, paths: { '/x': { get: { summary: SECRET } } } }));
    });
    await new Promise<void>((r) => internal.listen(0, '127.0.0.1', r));
  });
  afterAll(() => new Promise<void>((r) => internal.close(() => r())));

  it('refuses the fetch (SSRF), completes the rest of the site and logs why', async () => {
    const url = `http://127.0.0.1:${(internal.address() as { port: number }).port}/internal.json`;
    const dir = mkdtempSync(join(tmpdir(), 'quire-ssrf-'));
    cleanup.push(dir);
    writeFiles(dir, {
      'docs.json': JSON.stringify({ name: 'SSRF', navigation: { groups: [{ group: 'Docs', pages: ['index'] }, { group: 'API', openapi: url }] } }),
      'index.mdx': '---\ntitle: Home\n---\n\nWelcome.\n',
    });
    const org = await createOrganization(api.store, { name: 'SSRF' });
    await createProject(api.store, { orgId: org.id, domain: 'docs.ssrf.test', repository: dir });
    const { key } = await createApiKey(api.store, { orgId: org.id });
    const result = await exportAndExtract('docs.ssrf.test', key);
    expect(result).toMatchObject({ status: 'completed', error: null });
    expect(hits).toBe(0);
    expect(result.files.has('index.html')).toBe(true);
    for (const [name, bytes] of result.files) expect(bytes.includes(SECRET), name).toBe(false);
    const logged = api.logs.filter((l) => l.includes('export finished with errors')).join('\n');
    expect(logged).toContain(`OpenAPI document ${url} is refused: its address is in a loopback range`);
  });
});
