/**
 * cli/process-restart.ts: `quire export`, `serve` and `worker` restart themselves once, with two
 * malloc arenas on Linux and (not `serve`) V8's batch flags, and leave what the operator set (MALLOC_ARENA_MAX
 * to any value, a V8 flag on Node's command line or in NODE_OPTIONS), other commands and other platforms' arenas alone,
 * and size V8's worker pool to machines of fewer than four cores.
 */
import { describe, expect, it } from 'vitest';
import { batchFlags, MALLOC_ARENAS, processRestart, V8_FLAGS } from '../../src/cli/process-restart.js';

describe('processRestart', () => {
  it('asks for a restart with two arenas and the V8 flags on Linux, keeping the rest of the environment and Node options', () => {
    expect(MALLOC_ARENAS).toBe(2);
    expect(V8_FLAGS).toEqual(['--max-opt=2', '--max-lazy', '--initial-old-space-size=96', '--no-flush-bytecode']);
    const env = { PATH: '/bin', QUIRE_DATA_DIR: '/data' };
    const restarted = { env: { ...env, MALLOC_ARENA_MAX: '2' }, execArgv: V8_FLAGS };
    expect(processRestart(env, 'linux', ['export', 'docs', '--out', 'site'], [], 4)).toEqual(restarted);
    // An API server keeps TurboFan: its handlers run for hours.
    expect(processRestart(env, 'linux', ['--json', 'serve'], [], 4)).toEqual({ ...restarted, execArgv: [] });
    expect(processRestart({ ...env, MALLOC_ARENA_MAX: '2' }, 'linux', ['serve'], [], 4)).toBeNull();
    expect(processRestart(env, 'linux', ['worker'], [], 4)).toEqual(restarted);
    expect(processRestart(env, 'linux', ['export', 'docs'], ['--inspect'], 4)).toEqual({ ...restarted, execArgv: ['--max-opt=2', '--max-lazy', '--initial-old-space-size=96', '--no-flush-bytecode', '--inspect'] });
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
    expect(processRestart({ MALLOC_ARENA_MAX: '8' }, 'linux', ['export', 'docs'], V8_FLAGS, 4)).toBeNull();
    expect(processRestart({ MALLOC_ARENA_MAX: '' }, 'linux', ['export', 'docs'], [], 4)).toEqual({ env: { MALLOC_ARENA_MAX: '' }, execArgv: V8_FLAGS });
    // A flag named on the command line, in any of V8's spellings, is the operator's choice.
    expect(processRestart({ MALLOC_ARENA_MAX: '8' }, 'linux', ['export', 'docs'], ['--max-opt=4', '--no-max-lazy', '--initial-old-space-size=0', '--flush-bytecode'], 4)).toBeNull();
    expect(processRestart({ MALLOC_ARENA_MAX: '8' }, 'linux', ['export', 'docs'], ['--max_opt=3', '--initial_old_space_size=64'], 4)).toEqual({ env: { MALLOC_ARENA_MAX: '8' }, execArgv: ['--max-lazy', '--no-flush-bytecode', '--max_opt=3', '--initial_old_space_size=64'] });
    expect(processRestart({}, 'linux', ['export', 'docs'], ['--max-lazy'], 4)).toEqual({ env: { MALLOC_ARENA_MAX: '2' }, execArgv: ['--max-opt=2', '--initial-old-space-size=96', '--no-flush-bytecode', '--max-lazy'] });
  });

  it('gives other platforms the V8 flags but not the arenas', () => {
    expect(processRestart({}, 'darwin', ['export', 'docs'], [], 4)).toEqual({ env: {}, execArgv: V8_FLAGS });
    expect(processRestart({}, 'win32', ['worker'], V8_FLAGS, 4)).toBeNull();
    expect(processRestart({}, 'darwin', ['serve'], [], 4)).toBeNull();
  });

  it("sizes V8's worker pool to a machine of fewer cores than Node's four, unless the operator chose a size", () => {
    expect(batchFlags(4)).toEqual(V8_FLAGS);
    expect(batchFlags(16)).toEqual(V8_FLAGS);
    expect(batchFlags(2)).toEqual([...V8_FLAGS, '--v8-pool-size=2']);
    expect(batchFlags(1)).toEqual([...V8_FLAGS, '--v8-pool-size=1']);
    expect(batchFlags(0)).toEqual([...V8_FLAGS, '--v8-pool-size=1']);
    expect(processRestart({}, 'linux', ['export', 'docs'], [], 2)).toEqual({ env: { MALLOC_ARENA_MAX: '2' }, execArgv: [...V8_FLAGS, '--v8-pool-size=2'] });
    // Not for an API server, and not again once restarted.
    expect(processRestart({}, 'linux', ['serve'], [], 2)).toEqual({ env: { MALLOC_ARENA_MAX: '2' }, execArgv: [] });
    expect(processRestart({ MALLOC_ARENA_MAX: '2' }, 'linux', ['export', 'docs'], [...V8_FLAGS, '--v8-pool-size=2'], 2)).toBeNull();
    expect(processRestart({ MALLOC_ARENA_MAX: '2' }, 'linux', ['export', 'docs'], ['--v8_pool_size=8', ...V8_FLAGS], 2)).toBeNull();
  });

  it('keeps the flags named in NODE_OPTIONS', () => {
    const env = { MALLOC_ARENA_MAX: '2', NODE_OPTIONS: '--v8-pool-size=4  --no-max-lazy --flush_bytecode --require ./hook.cjs' };
    expect(processRestart(env, 'linux', ['export', 'docs'], [], 2)).toEqual({ env, execArgv: ['--max-opt=2', '--initial-old-space-size=96'] });
    expect(processRestart({ ...env, NODE_OPTIONS: '--max-opt=3 --max-lazy --initial-old-space-size=64 --no-flush-bytecode --v8-pool-size=1' }, 'linux', ['export', 'docs'], [], 2)).toBeNull();
  });
});
