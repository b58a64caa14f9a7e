/**
 * The compile cache's folder (cli/compile-cache.ts): created 0700 where Quire keeps its own
 * data, refused when someone else could write it, turned off by QUIRE_COMPILE_CACHE=off,
 * and passed on to the worker threads a process starts.
 */
import { execFileSync } from 'node:child_process';
import { chmodSync, chownSync, mkdirSync, mkdtempSync, readdirSync, rmSync, statSync, symlinkSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, describe, expect, it } from 'vitest';
import { compileCacheDir, prepareCompileCacheDir } from '../../src/cli/compile-cache.js';

const base = mkdtempSync(join(tmpdir(), 'quire-compile-cache-'));
afterAll(() => rmSync(base, { recursive: true, force: true }));
const isRoot = process.getuid?.() === 0;

describe('compileCacheDir', () => {
  it('is off unless QUIRE_COMPILE_CACHE asks: the folder it names, or for on the data dir, then the user cache dir', () => {
    expect(compileCacheDir({ HOME: '/home/q', QUIRE_DATA_DIR: '/data' })).toBeNull();
    expect(compileCacheDir({ QUIRE_COMPILE_CACHE: 'off', HOME: '/home/q' })).toBeNull();
    expect(compileCacheDir({ QUIRE_COMPILE_CACHE: '0', HOME: '/home/q' })).toBeNull();
    expect(compileCacheDir({ QUIRE_COMPILE_CACHE: '/var/cache/q', QUIRE_DATA_DIR: '/data' })).toBe('/var/cache/q');
    expect(compileCacheDir({ QUIRE_COMPILE_CACHE: 'on', QUIRE_DATA_DIR: '/data', HOME: '/home/q' })).toBe('/data/cache/node-compile');
    expect(compileCacheDir({ QUIRE_COMPILE_CACHE: 'on', XDG_CACHE_HOME: '/home/q/.xdg', HOME: '/home/q' })).toBe('/home/q/.xdg/quire/node-compile');
    expect(compileCacheDir({ QUIRE_COMPILE_CACHE: 'yes', HOME: '/home/q' })).toBe('/home/q/.cache/quire/node-compile');
  });
});

describe('prepareCompileCacheDir', () => {
  it('creates the folder, and the parents it needs, with mode 0700', () => {
    const dir = join(base, 'made', 'quire', 'node-compile');
    const result = prepareCompileCacheDir(dir);
    expect(result).toEqual({ ok: true, directory: dir });
    expect(statSync(dir).mode & 0o777).toBe(0o700);
    expect(statSync(join(base, 'made', 'quire')).mode & 0o777).toBe(0o700);
  });

  it('refuses a folder others can write, naming it and its mode', () => {
    const dir = join(base, 'open');
    mkdirSync(dir);
    chmodSync(dir, 0o777);
    const result = prepareCompileCacheDir(dir);
    expect(result).toEqual({ ok: false, reason: `${dir} is writable by every user (mode 777)` });
    chmodSync(dir, 0o770);
    expect(prepareCompileCacheDir(dir)).toEqual({ ok: false, reason: `${dir} is writable by its group (mode 770)` });
  });

  it('refuses a folder under a parent others can write without the sticky bit', () => {
    const parent = join(base, 'open-parent');
    mkdirSync(parent);
    chmodSync(parent, 0o777);
    const result = prepareCompileCacheDir(join(parent, 'cache'));
    expect(result).toEqual({ ok: false, reason: `${parent} is writable by every user (mode 777)` });
    chmodSync(parent, 0o1777); // as /tmp: others cannot rename what is ours
    expect(prepareCompileCacheDir(join(parent, 'cache'))).toMatchObject({ ok: true });
  });

  it('refuses a symbolic link and a file', () => {
    const target = join(base, 'target');
    mkdirSync(target, { mode: 0o700 });
    const link = join(base, 'link');
    symlinkSync(target, link);
    expect(prepareCompileCacheDir(link)).toEqual({ ok: false, reason: `${link} is a symbolic link` });
    const file = join(base, 'a-file');
    writeFileSync(file, '');
    const result = prepareCompileCacheDir(file);
    expect(result.ok).toBe(false);
    expect(result.ok ? '' : result.reason).toMatch(/EEXIST|not a directory/);
  });

  it.skipIf(!isRoot)('refuses a folder of another user', () => {
    const dir = join(base, 'theirs');
    mkdirSync(dir, { mode: 0o700 });
    chownSync(dir, 65534, 65534);
    expect(prepareCompileCacheDir(dir)).toEqual({ ok: false, reason: `${dir} belongs to uid 65534, not to this user (0)` });
  });
});

describe('startCompileCache', () => {
  const module = fileURLToPath(new URL('../../src/cli/compile-cache.ts', import.meta.url));
  // A fresh process (the cache cannot be turned off again in this one) that starts a worker thread.
  const run = (env: NodeJS.ProcessEnv) => {
    const script = join(base, `probe-${Math.random().toString(36).slice(2)}.mts`);
    writeFileSync(script, [
      `import { startCompileCache } from ${JSON.stringify(module)};`,
      `import { Worker } from 'node:worker_threads';`,
      `const outcome = startCompileCache(process.env);`,
      `const w = new Worker("require('node:worker_threads').parentPort.postMessage(require('node:module').getCompileCacheDir() ?? null)", { eval: true });`,
      `w.once('message', (inWorker) => { console.log(JSON.stringify({ outcome, inWorker })); w.terminate(); });`,
    ].join('\n'));
    const { NODE_COMPILE_CACHE: _, ...clean } = process.env;
    const out = execFileSync(process.execPath, ['--import', 'tsx', script], { env: { ...clean, ...env }, encoding: 'utf8', stdio: ['ignore', 'pipe', 'pipe'] });
    return JSON.parse(out.trim().split('\n').pop()!) as { outcome: { enabled: boolean; directory?: string; reason?: string }; inWorker: string | null };
  };

  it('turns the cache on in the process and its worker threads, which fill it', () => {
    const home = join(base, 'home');
    mkdirSync(home);
    const { outcome, inWorker } = run({ HOME: home, QUIRE_DATA_DIR: '', XDG_CACHE_HOME: '', QUIRE_COMPILE_CACHE: 'on' });
    const dir = join(home, '.cache', 'quire', 'node-compile');
    expect(outcome).toEqual({ enabled: true, directory: dir });
    // Node keeps a subfolder per Node version (and uid), filled at exit.
    expect(inWorker).toBe(join(dir, readdirSync(dir)[0]));
    expect(readdirSync(inWorker!).length).toBeGreaterThan(0);
  });

  it('keeps a NODE_COMPILE_CACHE its starter set, without nesting a folder in it for the threads', () => {
    const theirs = join(base, 'theirs-env');
    const { outcome, inWorker } = run({ NODE_COMPILE_CACHE: theirs, HOME: join(base, 'home') });
    expect(outcome).toEqual({ enabled: true, directory: theirs });
    expect(inWorker).toBe(join(theirs, readdirSync(theirs)[0]));
  });

  it('leaves it off by default, with QUIRE_COMPILE_CACHE=off and with an unsafe folder, in the threads too', () => {
    expect(run({ HOME: join(base, 'home'), QUIRE_COMPILE_CACHE: '' })).toEqual({ outcome: { enabled: false, reason: 'off by default (QUIRE_COMPILE_CACHE unset)' }, inWorker: null });
    expect(run({ QUIRE_COMPILE_CACHE: 'off' })).toEqual({ outcome: { enabled: false, reason: 'QUIRE_COMPILE_CACHE=off' }, inWorker: null });
    const open = join(base, 'open-cache');
    mkdirSync(open);
    chmodSync(open, 0o777);
    const result = run({ QUIRE_COMPILE_CACHE: open });
    expect(result).toEqual({ outcome: { enabled: false, reason: `${open} is writable by every user (mode 777)` }, inWorker: null });
  });
});
