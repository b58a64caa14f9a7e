/**
 * How many render threads an export starts: one core is left to the export thread, the
 * highlight thread and the search indexer, whatever the site's size.
 */
import { describe, expect, it } from 'vitest';
import { renderThreads } from '../../../src/render/pool/render-threads.js';

describe('renderThreads', () => {
  it('leaves one core to the rest of the export, at any size', () => {
    expect(renderThreads(2)).toBe(1);
    expect(renderThreads(2, 1000)).toBe(1);
    expect(renderThreads(2, 10_000)).toBe(1);
    expect(renderThreads(8, 1999)).toBe(7);
    expect(renderThreads(4, 50_000)).toBe(3);
  });

  it('starts at least one thread and never more than there are pages', () => {
    expect(renderThreads(1)).toBe(1);
    expect(renderThreads(1, 50_000)).toBe(1);
    expect(renderThreads(8, 3)).toBe(3);
    expect(renderThreads(16, 10)).toBe(10);
    expect(renderThreads(4, 0)).toBe(1);
  });
});
