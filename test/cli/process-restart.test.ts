/**
 * cli/process-restart.ts: `quire export`, `serve` and `worker` restart themselves once, with two
 * malloc arenas on Linux and (not `serve`) V8's batch flags, and leave what the operator set (MALLOC_ARENA_MAX
 * to any value, a V8 flag on Node's command line), other commands and other platforms' arenas alone.
 */
import { describe, expect, it } from 'vitest';
import { MALLOC_ARENAS, processRestart, V8_FLAGS } from '../../src/cli/process-restart.js';

describe('processRestart', () => {
  it('asks for a restart with two arenas and the V8 flags on Linux, keeping the rest of the environment and Node options', () => {
    expect(MALLOC_ARENAS).toBe(2);
    expect(V8_FLAGS).toEqual(['--max-opt=2', '--max-lazy', '--initial-old-space-size=96']);
    const env = { PATH: '/bin', QUIRE_DATA_DIR: '/data' };
    const restarted = { env: { ...env, MALLOC_ARENA_MAX: '2' }, execArgv: V8_FLAGS };
    expect(processRestart(env, 'linux', ['export', 'docs', '--out', 'site'], [])).toEqual(restarted);
    // An API server keeps TurboFan: its handlers run for hours.
    expect(processRestart(env, 'linux', ['--json', 'serve'], [])).toEqual({ ...restarted, execArgv: [] });
    expect(processRestart({ ...env, MALLOC_ARENA_MAX: '2' }, 'linux', ['serve'], [])).toBeNull();
    expect(processRestart(env, 'linux', ['worker'], [])).toEqual(restarted);
    expect(processRestart(env, 'linux', ['export', 'docs'], ['--inspect'])).toEqual({ ...restarted, execArgv: ['--max-opt=2', '--max-lazy', '--initial-old-space-size=96', '--inspect'] });
  });

  it('leaves commands that export nothing alone', () => {
    expect(processRestart({}, 'linux', ['key', 'create', '--org', 'o1'], [])).toBeNull();
    expect(processRestart({}, 'linux', ['--help'], [])).toBeNull();
    expect(processRestart({}, 'linux', [], [])).toBeNull();
  });

  it('does not restart again', () => {
    const first = processRestart({ PATH: '/bin' }, 'linux', ['export', 'docs'], [])!;
    expect(first.env.MALLOC_ARENA_MAX).toBe('2');
    expect(processRestart(first.env, 'linux', ['export', 'docs'], first.execArgv)).toBeNull();
  });

  it("keeps the operator's MALLOC_ARENA_MAX and V8 flags, restarting only for what is missing", () => {
    expect(processRestart({ MALLOC_ARENA_MAX: '8' }, 'linux', ['export', 'docs'], V8_FLAGS)).toBeNull();
    expect(processRestart({ MALLOC_ARENA_MAX: '' }, 'linux', ['export', 'docs'], [])).toEqual({ env: { MALLOC_ARENA_MAX: '' }, execArgv: V8_FLAGS });
    // A flag named on the command line, in any of V8's spellings, is the operator's choice.
    expect(processRestart({ MALLOC_ARENA_MAX: '8' }, 'linux', ['export', 'docs'], ['--max-opt=4', '--no-max-lazy', '--initial-old-space-size=0'])).toBeNull();
    expect(processRestart({ MALLOC_ARENA_MAX: '8' }, 'linux', ['export', 'docs'], ['--max_opt=3', '--initial_old_space_size=64'])).toEqual({ env: { MALLOC_ARENA_MAX: '8' }, execArgv: ['--max-lazy', '--max_opt=3', '--initial_old_space_size=64'] });
    expect(processRestart({}, 'linux', ['export', 'docs'], ['--max-lazy'])).toEqual({ env: { MALLOC_ARENA_MAX: '2' }, execArgv: ['--max-opt=2', '--initial-old-space-size=96', '--max-lazy'] });
  });

  it('gives other platforms the V8 flags but not the arenas', () => {
    expect(processRestart({}, 'darwin', ['export', 'docs'], [])).toEqual({ env: {}, execArgv: V8_FLAGS });
    expect(processRestart({}, 'win32', ['worker'], V8_FLAGS)).toBeNull();
    expect(processRestart({}, 'darwin', ['serve'], [])).toBeNull();
  });
});
