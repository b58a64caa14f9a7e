/**
 * checkOptions: the options no export can run with are refused before anything is read,
 * each naming the bad value; the fetch allow-list is checked entry by entry (its parser is
 * loaded only for an export that has entries).
 */
import { describe, expect, it } from 'vitest';
import { InvalidError } from '../../src/core/errors.js';
import { checkOptions, renderOrder } from '../../src/render/export-options.js';

describe('checkOptions', () => {
  it('accepts an export with no allow-list, and one whose entries are hosts, addresses and ranges', async () => {
    await expect(checkOptions({ root: '.', outDir: 'out' })).resolves.toBeUndefined();
    await expect(checkOptions({ root: '.', outDir: 'out', fetchAllow: ['docs.internal', '127.0.0.1', '10.0.0.0/8', 'fd00::/8'] })).resolves.toBeUndefined();
  });

  it('refuses a bad allow-list entry, a bad base URL, deployment or remote media mode, naming it', async () => {
    const bad = [
      [{ fetchAllow: ['10.0.0.0/99'] }, /fetch allow-list: "10\.0\.0\.0\/99" is not a CIDR range/],
      [{ baseUrl: 'ftp://example.com' }, /base URL "ftp:\/\/example\.com"/],
      [{ deployment: 'moon' }, /unknown deployment "moon"/],
      [{ deployment: 'air-gapped', remoteMedia: { mode: 'keep' } }, /air-gapped export cannot keep/],
    ] as const;
    for (const [options, message] of bad) {
      const checked = checkOptions({ root: '.', outDir: 'out', ...(options as object) });
      await expect(checked).rejects.toBeInstanceOf(InvalidError);
      await expect(checked).rejects.toThrow(message);
    }
  });
});

describe('renderOrder', () => {
  const tasks = () => ['b', 'typed', 'a', 'c', 'd'].map((page) => ({ page }));
  const shards: Record<string, number> = { a: 1, b: 0, c: 1, d: 0, typed: 1 };
  const shardOf = (t: { page: string }) => shards[t.page];

  it('renders shard by shard, by path within a shard', () => {
    expect(renderOrder(tasks(), shardOf).map((t) => t.page)).toEqual(['b', 'd', 'a', 'c', 'typed']);
  });

  it('puts the pages asked for first ahead (Twoslash pages typed by the render threads themselves)', () => {
    expect(renderOrder(tasks(), shardOf, new Set(['typed'])).map((t) => t.page)).toEqual(['typed', 'b', 'd', 'a', 'c']);
  });
});
