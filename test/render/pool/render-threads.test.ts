/**
 * How many render threads an export starts: one core is left to the main thread and the
 * search indexer, except for sites large enough to repay every core's thread.
 */
import { describe, expect, it } from 'vitest';
import { EXTRA_THREAD_PAGES, LIGHT_LANE_PAGES, isLightPage, lightLane, renderThreads } from '../../../src/render/pool/render-threads.js';

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

describe('light pages', () => {
  it('are pages with no fence of a grammar costly to load, no import, no API reference', () => {
    expect(isLightPage('---\ntitle: A\n---\n\n<Card title="x">Text</Card>\n')).toBe(true);
    expect(isLightPage('Intro\n\n```json\n{"a": 1}\n```\n\n~~~bash\nnpm i\n~~~\n\n```\nplain\n```\n')).toBe(true);
    expect(isLightPage('Intro\n\n```tsx\n<A />\n```\n')).toBe(false);
    expect(isLightPage('```json\n{}\n```\n\n  ```mdx\n<B />\n  ```\n')).toBe(false);
    expect(isLightPage('---\ntitle: A\nopenapi: GET /users\n---\n')).toBe(false);
    expect(isLightPage('import Snippet from "/snippets/a.mdx";\n\n<Snippet />\n')).toBe(false);
    expect(isLightPage('export const a = 1;\n\n{a}\n')).toBe(false);
    // A fence inside a longer fence is its text, not a block of its own.
    expect(isLightPage('````text\n```python\nx = 1\n```\n````\n')).toBe(true);
  });

  it('get a thread of their own beside fewer render threads than cores, from LIGHT_LANE_PAGES', () => {
    expect(lightLane(2, 1, LIGHT_LANE_PAGES)).toBe(true);
    expect(lightLane(2, 1, LIGHT_LANE_PAGES - 1)).toBe(false);
    expect(lightLane(2, 2, 5000)).toBe(false);
    expect(lightLane(1, 1, 5000)).toBe(false);
  });
});
