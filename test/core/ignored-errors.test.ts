/** Errors Quire goes on after are counted on /metrics and logged at debug; "missing" is told apart from other failures. */
import { mkdtempSync, rmSync } from 'node:fs';
import { readFile, stat } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { Writable } from 'node:stream';
import { afterAll, describe, expect, it } from 'vitest';
import { processMetrics } from '../../src/api/metrics.js';
import { noteIgnored, setIgnoredErrorLogger } from '../../src/core/ignored-errors.js';
import { createLogger } from '../../src/core/logger.js';
import { isMissing, orNullIfMissing } from '../../src/core/missing-file.js';
import { openStore } from '../../src/store/open-store.js';

const dir = mkdtempSync(join(tmpdir(), 'quire-ignored-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

describe('noteIgnored', () => {
  it('counts by site in the metrics and logs the reason at debug level', async () => {
    const lines: string[] = [];
    const sink = new Writable({
      write(chunk: Buffer, _encoding, done) {
        lines.push(...chunk.toString().split('\n').filter(Boolean));
        done();
      },
    });
    setIgnoredErrorLogger(createLogger('debug', sink));
    try {
      noteIgnored('test.site', new Error('disk says no'));
      noteIgnored('test.site', new Error('again'));
    } finally {
      setIgnoredErrorLogger(undefined);
    }
    // What /metrics of the API and of `quire worker` serve (the job gauges read a real store).
    const store = await openStore({ dataDir: dir });
    const text = await processMetrics(store).render();
    await store.close();
    expect(text).toContain('quire_ignored_errors_total{site="test.site"} 2');
    const logged = lines.map((l) => JSON.parse(l) as { level: number; site: string; err: string; msg: string });
    expect(logged).toEqual([
      expect.objectContaining({ level: 20, site: 'test.site', err: 'disk says no', msg: 'error ignored' }),
      expect.objectContaining({ level: 20, site: 'test.site', err: 'again' }),
    ]);
  });
});

describe('orNullIfMissing', () => {
  it('answers null for a missing file or folder on the way, and throws any other failure', async () => {
    expect(await orNullIfMissing(stat(join(dir, 'nothing')))).toBeNull();
    expect(await orNullIfMissing(readFile(join(dir, 'nothing', 'deeper')))).toBeNull();
    await expect(orNullIfMissing(readFile(dir))).rejects.toMatchObject({ code: 'EISDIR' });
    expect(isMissing(Object.assign(new Error('x'), { code: 'ENOTDIR' }))).toBe(true);
    expect(isMissing(new Error('plain'))).toBe(false);
  });
});
