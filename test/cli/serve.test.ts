/**
 * `quire serve` as `npm start` runs it: the first start on an empty data dir creates
 * the database, the demo organization, project and key file (mode 0600); the key
 * works with curl-like requests; SIGTERM exits 0; a second start creates nothing new.
 */
import { existsSync, mkdtempSync, readFileSync, rmSync, statSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, expect, it } from 'vitest';
import { createOrganization } from '../../src/core/organizations.js';
import { createProject } from '../../src/core/projects.js';
import { listOrganizations } from '../../src/store/records/organizations.js';
import { openStore } from '../../src/store/open-store.js';
import { spawnQuire, waitForExit, waitForOutput } from '../helpers/cli.js';

const dataDir = mkdtempSync(join(tmpdir(), 'quire-serve-'));
afterAll(() => rmSync(dataDir, { recursive: true, force: true }));

async function startOnce(): Promise<{ url: string; projectId: string; keyFile: string; output(): string; stop(): Promise<number | null> }> {
  const child = spawnQuire(['serve', '--port', '0'], { QUIRE_DATA_DIR: dataDir, QUIRE_LOG_LEVEL: 'info' });
  let output = '';
  child.stdout!.on('data', (d: Buffer) => (output += d.toString()));
  child.stderr!.on('data', (d: Buffer) => (output += d.toString()));
  const [, url, projectId, keyFile] = await waitForOutput(child, /listening on (http:\/\/\S+)[\s\S]*Demo project: (prj_\w+)[\s\S]*Admin key file: (\S+)/);
  return {
    url: url,
    projectId: projectId,
    keyFile: keyFile,
    output: () => output,
    async stop() {
      child.kill('SIGTERM');
      const code = await waitForExit(child);
      if (code !== 0) console.error(`exit ${code} signal ${child.signalCode}; output:\n${output}`);
      return code;
    },
  };
}

it('bootstraps once, serves with the written key, and stops cleanly on SIGTERM', async () => {
  const first = await startOnce();
  expect(first.keyFile).toBe(join(dataDir, 'admin-key'));
  expect(statSync(first.keyFile).mode & 0o777).toBe(0o600);
  const key = readFileSync(first.keyFile, 'utf8').trim();
  expect(key).toMatch(/^svc_/);
  const ready = await fetch(`${first.url}/readyz`);
  expect(ready.status).toBe(200);
  const missing = await fetch(`${first.url}/v2/agent/prj_x/job/aj_x`, { headers: { authorization: `Bearer ${key}` } });
  expect(missing.status).toBe(404);
  expect(await missing.json()).toEqual({ error: 'Job not found' });
  expect(await first.stop()).toBe(0);
  // Access lines are written to stdout in batches; stopping writes out the last ones.
  const access = first
    .output()
    .split('\n')
    .filter((l) => l.startsWith('{'))
    .map((l) => JSON.parse(l) as Record<string, unknown>)
    .filter((l) => l.msg === 'request');
  expect(access.map((l) => [l.url, l.status])).toEqual([['/readyz', 200], ['/v2/agent/prj_x/job/aj_x', 404]]);
  expect(access[1].reqId).toBe(missing.headers.get('x-request-id'));

  const second = await startOnce();
  expect(readFileSync(second.keyFile, 'utf8').trim()).toBe(key);
  expect(second.projectId).toBe(first.projectId);
  expect(await second.stop()).toBe(0);

  const store = await openStore({ dataDir });
  const orgs = await listOrganizations(store.db);
  await store.close();
  expect(orgs).toHaveLength(1);
});

it('names no demo project or key file when the database holds an operator\'s own projects', async () => {
  const ownDir = mkdtempSync(join(tmpdir(), 'quire-serve-own-'));
  try {
    const store = await openStore({ dataDir: ownDir });
    const org = await createOrganization(store, { name: 'Acme' });
    await createProject(store, { orgId: org.id, domain: 'docs.acme.test', repository: '/tmp' });
    await store.close();
    const child = spawnQuire(['serve', '--port', '0'], { QUIRE_DATA_DIR: ownDir, QUIRE_LOG_LEVEL: 'warn' });
    let output = '';
    child.stdout!.on('data', (d: Buffer) => (output += d.toString()));
    child.stderr!.on('data', (d: Buffer) => (output += d.toString()));
    await waitForOutput(child, /listening on http:\/\/\S+/);
    child.kill('SIGTERM');
    expect(await waitForExit(child)).toBe(0);
    expect(output).not.toMatch(/Demo project|Admin key file|Try: curl/);
    expect(existsSync(join(ownDir, 'admin-key'))).toBe(false);
  } finally {
    rmSync(ownDir, { recursive: true, force: true });
  }
});
