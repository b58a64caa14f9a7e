/**
 * cli/process-restart.ts: `quire export`, `serve` and `worker` restart themselves once, with two
 * malloc arenas on Linux, V8's regexp flag and (not `serve`) V8's batch flags, and leave what the operator set (MALLOC_ARENA_MAX
 * to any value, a V8 flag on Node's command line or in NODE_OPTIONS), other commands and other platforms' arenas alone,
 * and size V8's worker pool to machines of fewer than four cores.
 */
import { execFile } from 'node:child_process';
import { mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import { availableParallelism, tmpdir } from 'node:os';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { promisify } from 'node:util';
import { describe, expect, it } from 'vitest';
import { ROOT } from '../helpers/cli.js';
import { batchFlags, MALLOC_ARENAS, processRestart, REGEXP_FLAGS, V8_FLAGS } from '../../src/cli/process-restart.js';

const run = promisify(execFile);

/** What an export or worker restarts with on a machine of four cores or more. */
const EXPORT_FLAGS = [...V8_FLAGS, ...REGEXP_FLAGS];

describe('processRestart', () => {
  it('asks for a restart with two arenas and the V8 flags on Linux, keeping the rest of the environment and Node options', () => {
    expect(MALLOC_ARENAS).toBe(2);
    expect(V8_FLAGS).toEqual(['--max-opt=2', '--max-lazy', '--initial-old-space-size=96', '--no-flush-bytecode']);
    expect(REGEXP_FLAGS).toEqual(['--no-regexp-tier-up']);
    const env = { PATH: '/bin', QUIRE_DATA_DIR: '/data' };
    const restarted = { env: { ...env, MALLOC_ARENA_MAX: '2' }, execArgv: EXPORT_FLAGS };
    expect(processRestart(env, 'linux', ['export', 'docs', '--out', 'site'], [], 4)).toEqual(restarted);
    // An API server keeps TurboFan (its handlers run for hours) but runs export jobs: the regexp flag.
    expect(processRestart(env, 'linux', ['--json', 'serve'], [], 4)).toEqual({ ...restarted, execArgv: REGEXP_FLAGS });
    expect(processRestart({ ...env, MALLOC_ARENA_MAX: '2' }, 'linux', ['serve'], REGEXP_FLAGS, 4)).toBeNull();
    expect(processRestart({ ...env, MALLOC_ARENA_MAX: '2' }, 'linux', ['serve'], [], 4)).toEqual({ env: { ...env, MALLOC_ARENA_MAX: '2' }, execArgv: REGEXP_FLAGS });
    expect(processRestart(env, 'linux', ['worker'], [], 4)).toEqual(restarted);
    expect(processRestart(env, 'linux', ['export', 'docs'], ['--inspect'], 4)).toEqual({ ...restarted, execArgv: [...EXPORT_FLAGS, '--inspect'] });
  });

  it('leaves commands that export nothing alone', () => {
    expect(processRestart({}, 'linux', ['key', 'create', '--org', 'o1'], [], 4)).toBeNull();
    expect(processRestart({}, 'linux', ['--help'], [], 4)).toBeNull();
    expect(processRestart({}, 'linux', [], [], 4)).toBeNull();
  });

  it('does not restart again', () => {
    const first = processRestart({ PATH: '/bin' }, 'linux', ['export', 'docs'], [], 4)!;
    expect(first.env.MALLOC_ARENA_MAX).toBe('2');
    expect(processRestart(first.env, 'linux', ['export', 'docs'], first.execArgv, 4)).toBeNull();
  });

  it("keeps the operator's MALLOC_ARENA_MAX and V8 flags, restarting only for what is missing", () => {
    expect(processRestart({ MALLOC_ARENA_MAX: '8' }, 'linux', ['export', 'docs'], EXPORT_FLAGS, 4)).toBeNull();
    expect(processRestart({ MALLOC_ARENA_MAX: '' }, 'linux', ['export', 'docs'], [], 4)).toEqual({ env: { MALLOC_ARENA_MAX: '' }, execArgv: EXPORT_FLAGS });
    // A flag named on the command line, in any of V8's spellings, is the operator's choice.
    expect(processRestart({ MALLOC_ARENA_MAX: '8' }, 'linux', ['export', 'docs'], ['--max-opt=4', '--no-max-lazy', '--initial-old-space-size=0', '--flush-bytecode', '--regexp_tier_up'], 4)).toBeNull();
    expect(processRestart({ MALLOC_ARENA_MAX: '8' }, 'linux', ['export', 'docs'], ['--max_opt=3', '--initial_old_space_size=64'], 4)).toEqual({ env: { MALLOC_ARENA_MAX: '8' }, execArgv: ['--max-lazy', '--no-flush-bytecode', '--no-regexp-tier-up', '--max_opt=3', '--initial_old_space_size=64'] });
    expect(processRestart({}, 'linux', ['export', 'docs'], ['--max-lazy'], 4)).toEqual({ env: { MALLOC_ARENA_MAX: '2' }, execArgv: ['--max-opt=2', '--initial-old-space-size=96', '--no-flush-bytecode', '--no-regexp-tier-up', '--max-lazy'] });
  });

  it('gives other platforms the V8 flags but not the arenas', () => {
    expect(processRestart({}, 'darwin', ['export', 'docs'], [], 4)).toEqual({ env: {}, execArgv: EXPORT_FLAGS });
    expect(processRestart({}, 'win32', ['worker'], EXPORT_FLAGS, 4)).toBeNull();
    expect(processRestart({}, 'darwin', ['serve'], REGEXP_FLAGS, 4)).toBeNull();
    expect(processRestart({}, 'darwin', ['serve'], [], 4)).toEqual({ env: {}, execArgv: REGEXP_FLAGS });
  });

  it("sizes V8's worker pool to a machine of fewer cores than Node's four, unless the operator chose a size", () => {
    expect(batchFlags(4)).toEqual(V8_FLAGS);
    expect(batchFlags(16)).toEqual(V8_FLAGS);
    expect(batchFlags(2)).toEqual([...V8_FLAGS, '--v8-pool-size=2']);
    expect(batchFlags(1)).toEqual([...V8_FLAGS, '--v8-pool-size=1']);
    expect(batchFlags(0)).toEqual([...V8_FLAGS, '--v8-pool-size=1']);
    expect(processRestart({}, 'linux', ['export', 'docs'], [], 2)).toEqual({ env: { MALLOC_ARENA_MAX: '2' }, execArgv: [...V8_FLAGS, '--v8-pool-size=2', ...REGEXP_FLAGS] });
    // Not for an API server, and not again once restarted.
    expect(processRestart({}, 'linux', ['serve'], [], 2)).toEqual({ env: { MALLOC_ARENA_MAX: '2' }, execArgv: REGEXP_FLAGS });
    expect(processRestart({ MALLOC_ARENA_MAX: '2' }, 'linux', ['export', 'docs'], [...V8_FLAGS, '--v8-pool-size=2', ...REGEXP_FLAGS], 2)).toBeNull();
    expect(processRestart({ MALLOC_ARENA_MAX: '2' }, 'linux', ['export', 'docs'], ['--v8_pool_size=8', ...EXPORT_FLAGS], 2)).toBeNull();
  });

  it('keeps the flags named in NODE_OPTIONS', () => {
    const env = { MALLOC_ARENA_MAX: '2', NODE_OPTIONS: '--v8-pool-size=4  --no-max-lazy --flush_bytecode --require ./hook.cjs' };
    expect(processRestart(env, 'linux', ['export', 'docs'], [], 2)).toEqual({ env, execArgv: ['--max-opt=2', '--initial-old-space-size=96', '--no-regexp-tier-up'] });
    expect(processRestart({ ...env, NODE_OPTIONS: '--max-opt=3 --max-lazy --initial-old-space-size=64 --no-flush-bytecode --v8-pool-size=1 --regexp-tier-up' }, 'linux', ['export', 'docs'], [], 2)).toBeNull();
  });
});

describe('bin/quire.js', () => {
  it('starts `quire export` again once, with the flags on Node\'s command line (V8 reads them when it starts)', async () => {
    const dir = await mkdtemp(join(tmpdir(), 'quire-restart-'));
    try {
      // Loaded by every Node start of the command (NODE_OPTIONS is kept by the restart): each writes its options down.
      const hook = join(dir, 'hook.mjs');
      await writeFile(hook, "import { appendFileSync } from 'node:fs';\nappendFileSync(process.env.ARGV_LOG, JSON.stringify(process.execArgv) + '\\n');\n");
      const env: NodeJS.ProcessEnv = { ...process.env, NODE_OPTIONS: `--import ${pathToFileURL(hook).href}`, ARGV_LOG: join(dir, 'argv.log') };
      delete env.MALLOC_ARENA_MAX;
      const { stdout } = await run(process.execPath, [join(ROOT, 'bin/quire.js'), 'export', '--help'], { env });
      expect(stdout).toMatch(/^Usage: quire export/m);
      const starts = (await readFile(join(dir, 'argv.log'), 'utf8')).trim().split('\n').map((l) => JSON.parse(l) as string[]);
      expect(starts).toEqual([[], [...batchFlags(availableParallelism()), ...REGEXP_FLAGS]]);
    } finally {
      await rm(dir, { recursive: true, force: true });
    }
  });
});
