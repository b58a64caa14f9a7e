/**
 * cli/malloc-arenas.ts: `quire export`, `serve` and `worker` restart themselves with two malloc
 * arenas on Linux, once, and leave an operator's MALLOC_ARENA_MAX (any value), other commands
 * and other platforms alone.
 */
import { describe, expect, it } from 'vitest';
import { MALLOC_ARENAS, mallocArenaRestart } from '../../src/cli/malloc-arenas.js';

describe('mallocArenaRestart', () => {
  it('asks for a restart with two arenas on Linux, keeping the rest of the environment', () => {
    expect(MALLOC_ARENAS).toBe(2);
    const env = { PATH: '/bin', QUIRE_DATA_DIR: '/data' };
    const restarted = { ...env, MALLOC_ARENA_MAX: '2' };
    expect(mallocArenaRestart(env, 'linux', ['export', 'docs', '--out', 'site'])).toEqual(restarted);
    expect(mallocArenaRestart(env, 'linux', ['--json', 'serve'])).toEqual(restarted);
    expect(mallocArenaRestart(env, 'linux', ['worker'])).toEqual(restarted);
  });

  it('leaves commands that export nothing alone', () => {
    expect(mallocArenaRestart({}, 'linux', ['key', 'create', '--org', 'o1'])).toBeNull();
    expect(mallocArenaRestart({}, 'linux', ['--help'])).toBeNull();
    expect(mallocArenaRestart({}, 'linux', [])).toBeNull();
  });

  it('does not restart again, nor over what the operator set', () => {
    const restarted = mallocArenaRestart({ PATH: '/bin' }, 'linux', ['export', 'docs'])!;
    expect(restarted.MALLOC_ARENA_MAX).toBe('2');
    expect(mallocArenaRestart(restarted, 'linux', ['export', 'docs'])).toBeNull();
    expect(mallocArenaRestart({ MALLOC_ARENA_MAX: '8' }, 'linux', ['export', 'docs'])).toBeNull();
    expect(mallocArenaRestart({ MALLOC_ARENA_MAX: '' }, 'linux', ['export', 'docs'])).toBeNull();
  });

  it('leaves other platforms alone', () => {
    expect(mallocArenaRestart({}, 'darwin', ['export', 'docs'])).toBeNull();
    expect(mallocArenaRestart({}, 'win32', ['export', 'docs'])).toBeNull();
  });
});
