/**
 * How many render threads an export starts: one core is left to the main thread and the
 * search indexer, except for sites large enough to repay every core's thread.
 */
import { describe, expect, it } from 'vitest';
import { EXTRA_THREAD_PAGES, renderThreads } from '../../../src/render/pool/render-threads.js';

describe('renderThreads', () => {
  it('leaves one core to the rest of the export below EXTRA_THREAD_PAGES pages', () => {
    expect(renderThreads(2)).toBe(1);
    expect(renderThreads(2, 1000)).toBe(1);
    expect(renderThreads(8, EXTRA_THREAD_PAGES - 1)).toBe(7);
  });

  it('gives every core a thread from EXTRA_THREAD_PAGES pages', () => {
    expect(renderThreads(2, EXTRA_THREAD_PAGES)).toBe(2);
    expect(renderThreads(4, 10_000)).toBe(4);
  });

  it('starts at least one thread and never more than there are pages', () => {
    expect(renderThreads(1)).toBe(1);
    expect(renderThreads(1, 50_000)).toBe(1);
    expect(renderThreads(8, 3)).toBe(3);
    expect(renderThreads(16, 10)).toBe(10);
  });
});
