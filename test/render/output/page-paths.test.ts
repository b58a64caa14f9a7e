/** One page-path normalizer for the API's `paths` and exportSite's: every spelling of a page names it. */
import { expect, it } from 'vitest';
import { normalizePagePath } from '../../../src/render/output/page-paths.js';

it('reads every spelling of a page path the same way', () => {
  for (const raw of ['guides/intro', '/guides/intro', 'guides/intro/', ' guides/intro.mdx ', 'guides/intro.md', '/guides/intro.html', 'guides/intro.mdx/', '//guides/intro//']) {
    expect(normalizePagePath(raw), raw).toBe('guides/intro');
  }
  expect(normalizePagePath('/')).toBe('index');
  expect(normalizePagePath('index.mdx')).toBe('index');
});
