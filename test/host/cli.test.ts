import { spawn, type ChildProcess } from 'node:child_process';
import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { makeBundle, request, startBundleServer, type BundleServer } from './helpers.js';

let dir: string;
let bundles: BundleServer;
let child: ChildProcess | null = null;

beforeEach(async () => {
  dir = await mkdtemp(join(tmpdir(), 'quire-host-cli-'));
  bundles = await startBundleServer();
});
afterEach(async () => {
  if (child && child.exitCode === null) child.kill('SIGKILL');
  await bundles.close();
  await rm(dir, { recursive: true, force: true });
});

/** Polls until `check` passes (the process works on its own schedule); fails after 60 s. */
async function eventually(check: () => Promise<boolean>, what: string): Promise<void> {
  for (let i = 0; i < 600; i++) {
    if (await check().catch(() => false)) return; // a failing check (not up yet) is polled again
    await new Promise((r) => setTimeout(r, 100));
  }
  throw new Error(`timed out waiting for ${what}`);
}

describe('quire host command', () => {
  it('serves, reloads on config change and on SIGHUP, logs JSON, stops on SIGTERM', async () => {
    bundles.publish('se_a', (await makeBundle(dir, 'a', { 'index.html': '<h1>A</h1>' })).file);
    bundles.publish('se_b', (await makeBundle(dir, 'b', { 'index.html': '<h1>B</h1>' })).file);
    const configFile = join(dir, 'deployment.yaml');
    const writeConfig = (link: string): Promise<void> => writeFile(configFile, `staticExport:\n  enabled: true\n  bundleUrl: "${link}"\nport: 0\ncacheDir: ./cache\nsurprise: true\n`);
    await writeConfig(bundles.link('se_a'));

    // The real `quire` entry point, as an operator runs it.
    child = spawn(process.execPath, ['--import', 'tsx', join(import.meta.dirname, '../../src/cli/bin.ts'), 'host', '--config', configFile], { cwd: join(import.meta.dirname, '../..'), stdio: ['ignore', 'pipe', 'pipe'] });
    const lines: Record<string, unknown>[] = [];
    let stderr = '';
    child.stdout!.on('data', (c: Buffer) => {
      for (const line of c.toString().split('\n')) if (line.trim()) lines.push(JSON.parse(line) as Record<string, unknown>);
    });
    child.stderr!.on('data', (c: Buffer) => (stderr += c.toString()));
    const exited = new Promise<number | null>((r) => child!.on('exit', (code) => r(code)));

    await eventually(async () => lines.some((l) => l.msg === 'quire host listening'), 'the server to listen');
    const url = lines.find((l) => l.msg === 'quire host listening')!.url as string;
    await eventually(async () => (await request(url, '/readyz')).status === 200, 'readiness');
    expect((await request(url, '/')).body.toString()).toBe('<h1>A</h1>');
    expect(lines.some((l) => l.msg === `${configFile}: unknown key surprise ignored` && l.level === 40)).toBe(true);

    await writeConfig(bundles.link('se_b'));
    await eventually(async () => (await request(url, '/')).body.toString() === '<h1>B</h1>', 'the config change to swap in B');

    bundles.publish('se_b', (await makeBundle(dir, 'c', { 'index.html': '<h1>C</h1>' })).file);
    child.kill('SIGHUP');
    await eventually(async () => (await request(url, '/')).body.toString() === '<h1>C</h1>', 'SIGHUP to swap in C');
    expect(lines.filter((l) => l.msg === 'reloading').map((l) => l.trigger)).toEqual(['config file changed', 'SIGHUP']);

    child.kill('SIGTERM');
    expect(await exited).toBe(0);
    expect(stderr).toBe('');
  }, 180_000);
});
