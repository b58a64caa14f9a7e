/**
 * keepTickEntryShape: after a full GC on an idle process, the property stores of
 * nextTick's queue-entry literal stay monomorphic (V8's %DebugPrint of nextTick's
 * feedback). Without it they turn megamorphic, which the control run checks, so the
 * test notices both a regression and a V8 that no longer needs the workaround.
 */
import { spawnSync } from 'node:child_process';
import { closeSync, mkdtempSync, openSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { expect, it } from 'vitest';

const PROBE = fileURLToPath(new URL('./fixtures/tick-feedback.mjs', import.meta.url));

function literalFeedback(keep: boolean): string[] {
  // %DebugPrint writes with C stdio, which drops what a full non-blocking pipe refuses:
  // the child writes to a file instead.
  const dir = mkdtempSync(join(tmpdir(), 'quire-tick-'));
  try {
    const out = openSync(join(dir, 'out'), 'w');
    const r = spawnSync(process.execPath, ['--allow-natives-syntax', '--expose-gc', '--import', 'tsx', PROBE], {
      env: { ...process.env, TICK_KEEP: keep ? '1' : '0' },
      stdio: ['ignore', out, 'pipe'],
      encoding: 'utf8',
    });
    closeSync(out);
    expect(r.status, r.stderr).toBe(0);
    return [...readFileSync(join(dir, 'out'), 'utf8').matchAll(/DefineKeyedOwnPropertyInLiteral (\w+)/g)].map((m) => m[1]!);
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}

it('keeps the feedback of nextTick entries monomorphic through an idle full GC', () => {
  const without = literalFeedback(false);
  // nextTick's literal has four properties defined after its first computed key
  expect(without).toHaveLength(4);
  expect(without, 'control: V8 no longer loses this feedback, so keepTickEntryShape can go').toContain('MEGAMORPHIC');
  expect(literalFeedback(true)).toEqual(['MONOMORPHIC', 'MONOMORPHIC', 'MONOMORPHIC', 'MONOMORPHIC']);
});
