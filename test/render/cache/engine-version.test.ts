/** Cache keys name the versions of Quire and of the libraries that shape pages, as installed. */
import { readFileSync } from 'node:fs';
import { expect, it } from 'vitest';
import { ENGINE_VERSION } from '../../../src/render/cache/cache-key.js';
import { LIBRARY_VERSIONS } from '../../../src/render/cache/engine-version.js';

const installed = (pkg: string) => (JSON.parse(readFileSync(new URL(`../../../node_modules/${pkg}/package.json`, import.meta.url), 'utf8')) as { version: string }).version;

it('holds the installed versions of Quire, Shiki, micromark and KaTeX', () => {
  const quire = (JSON.parse(readFileSync(new URL('../../../package.json', import.meta.url), 'utf8')) as { version: string }).version;
  for (const [pkg, version] of [['quire', quire], ['shiki', installed('shiki')], ['micromark', installed('micromark')], ['katex', installed('katex')], ['@shikijs/langs', installed('@shikijs/langs')]]) {
    expect(LIBRARY_VERSIONS.split(' ')).toContain(`${pkg}@${version}`);
  }
  expect(ENGINE_VERSION).toContain(LIBRARY_VERSIONS);
});
