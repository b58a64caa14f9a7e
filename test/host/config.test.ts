import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { PassThrough } from 'node:stream';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { main } from '../../src/cli/main.js';
import { InvalidError } from '../../src/core/errors.js';
import { loadHostConfig } from '../../src/host/config.js';

let dir: string;
beforeEach(async () => {
  dir = await mkdtemp(join(tmpdir(), 'quire-host-config-'));
});
afterEach(async () => {
  await rm(dir, { recursive: true, force: true });
});

function capture(): { io: { stdout: PassThrough; stderr: PassThrough }; out: () => string; err: () => string } {
  const stdout = new PassThrough();
  const stderr = new PassThrough();
  let o = '';
  let e = '';
  stdout.on('data', (c: Buffer) => (o += c.toString()));
  stderr.on('data', (c: Buffer) => (e += c.toString()));
  return { io: { stdout, stderr }, out: () => o, err: () => e };
}

describe('quire host configuration', () => {
  it('reads YAML with defaults, cacheDir relative to the file', async () => {
    const file = join(dir, 'deployment.yaml');
    await writeFile(file, 'staticExport:\n  enabled: true\n  bundleUrl: "https://q.example.com/b.tar.gz?expires=1&signature=ab"\n  version: "2026-11-01"\nport: 8080\ncacheDir: ./site-cache\n');
    const { config, warnings } = await loadHostConfig(file, {});
    expect(warnings).toEqual([]);
    expect(config).toMatchObject({
      staticExport: { enabled: true, bundleUrl: 'https://q.example.com/b.tar.gz?expires=1&signature=ab', version: '2026-11-01' },
      port: 8080,
      host: '127.0.0.1',
      cacheDir: join(dir, 'site-cache'),
      fetch: { timeoutMs: 30000, retries: 4, backoffMs: 500 },
      limits: { maxEntries: 100000, maxBytes: 2 * 1024 ** 3 },
      serve: { permanentRedirectStatus: 308, precompress: true },
    });
  });

  it('reads JSON, lets the environment override, and warns about unknown keys', async () => {
    const file = join(dir, 'deployment.json');
    await writeFile(file, JSON.stringify({ staticExport: { enabled: false, colour: 'red' }, port: 80, extra: 1 }));
    const { config, warnings } = await loadHostConfig(file, { QUIRE_HOST_ENABLED: 'true', QUIRE_HOST_BUNDLE_URL: 'http://127.0.0.1:1/b.tar.gz', QUIRE_HOST_PORT: '9090', QUIRE_HOST_ADDRESS: '0.0.0.0', QUIRE_HOST_CACHE_DIR: '/var/cache/quire', QUIRE_HOST_PUBLIC_URL: 'https://docs.example.com' });
    expect(config.publicUrl).toBe('https://docs.example.com');
    expect(config.staticExport).toEqual({ enabled: true, bundleUrl: 'http://127.0.0.1:1/b.tar.gz', version: null });
    expect(config.port).toBe(9090);
    expect(config.host).toBe('0.0.0.0');
    expect(config.cacheDir).toBe('/var/cache/quire');
    expect(warnings.sort()).toEqual([`${file}: unknown key extra ignored`, `${file}: unknown key staticExport.colour ignored`]);
  });

  it('names the key of a wrong type', async () => {
    const file = join(dir, 'deployment.yaml');
    await writeFile(file, 'staticExport:\n  enabled: "yes"\n  bundleUrl: 12\nport: eighty\n');
    const err = await loadHostConfig(file, {}).catch((e: unknown) => e);
    expect(err).toBeInstanceOf(InvalidError);
    expect((err as Error).message).toMatch(/staticExport\.enabled: .*expected boolean/);
    expect((err as Error).message).toMatch(/staticExport\.bundleUrl: .*expected string/);
    expect((err as Error).message).toMatch(/port: .*expected number/);
    await expect(loadHostConfig(file, { QUIRE_HOST_PORT: 'x' })).rejects.toThrow(/port: /);
    await expect(loadHostConfig(file, { QUIRE_HOST_PUBLIC_URL: 'docs.example.com' })).rejects.toThrow(/publicUrl: expected an absolute http\(s\) URL/);
    await expect(loadHostConfig(file, { QUIRE_HOST_PUBLIC_URL: 'javascript:alert(1)' })).rejects.toThrow(/publicUrl: /);
    await writeFile(file, 'staticExport:\n  enabled: true\n');
    await expect(loadHostConfig(file, {})).rejects.toThrow(/staticExport\.bundleUrl: required when staticExport\.enabled is true/);
  });

  it('exits 2 from the command for a bad config or bad arguments', async () => {
    const file = join(dir, 'deployment.yaml');
    await writeFile(file, 'staticExport: {enabled: true, bundleUrl: "http://127.0.0.1:1/b"}\nport: "x"\n');
    const bad = capture();
    expect(await main(['host', '--config', file], {}, bad.io)).toBe(2);
    expect(bad.err()).toMatch(/port: Invalid input: expected number/);
    const args = capture();
    expect(await main(['host', '--config', file, '--port', 'abc'], {}, args.io)).toBe(2);
    expect(args.err()).toMatch(/--port .*"abc" is not a port number/);
    const missing = capture();
    expect(await main(['host'], {}, missing.io)).toBe(2);
    expect(missing.err()).toMatch(/--config is required/);
    const nofile = capture();
    expect(await main(['host', '--config', join(dir, 'none.yaml')], {}, nofile.io)).toBe(2);
    expect(nofile.err()).toMatch(/cannot read config file/);
  });
});
