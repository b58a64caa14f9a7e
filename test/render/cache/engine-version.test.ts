/** Cache keys name the versions of Quire and of the libraries that shape pages, as installed, and the engine's own code. */
import { cpSync, mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { readFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { expect, it } from 'vitest';
import { engineVersion } from '../../../src/render/cache/cache-key.js';
import { codeHash, engineCode, LIBRARY_VERSIONS } from '../../../src/render/cache/engine-version.js';

const installed = (pkg: string) => (JSON.parse(readFileSync(new URL(`../../../node_modules/${pkg}/package.json`, import.meta.url), 'utf8')) as { version: string }).version;

it('holds the installed versions of Quire, Shiki, micromark and KaTeX', () => {
  const quire = (JSON.parse(readFileSync(new URL('../../../package.json', import.meta.url), 'utf8')) as { version: string }).version;
  for (const [pkg, version] of [['quire', quire], ['shiki', installed('shiki')], ['micromark', installed('micromark')], ['katex', installed('katex')], ['@shikijs/langs', installed('@shikijs/langs')]]) {
    expect(LIBRARY_VERSIONS.split(' ')).toContain(`${pkg}@${version}`);
  }
  expect(engineVersion()).toContain(LIBRARY_VERSIONS);
  expect(engineCode()).toMatch(/ code@[0-9a-f]{16}$/);
});

it('hashes the engine code: any change to a code, style or data file changes it; maps and declarations do not', () => {
  const dir = mkdtempSync(join(tmpdir(), 'quire-code-hash-'));
  try {
    mkdirSync(join(dir, 'markdown'));
    writeFileSync(join(dir, 'markdown', 'parse.js'), 'export const a = 1;\n');
    writeFileSync(join(dir, 'site.css'), 'body { color: red }\n');
    const before = codeHash(dir);
    expect(codeHash(dir)).toBe(before);
    writeFileSync(join(dir, 'markdown', 'parse.js.map'), '{}');
    writeFileSync(join(dir, 'markdown', 'parse.d.ts'), 'export declare const a: number;\n');
    expect(codeHash(dir)).toBe(before);
    writeFileSync(join(dir, 'site.css'), 'body { color: blue }\n');
    expect(codeHash(dir)).not.toBe(before);
    // The same files under another folder name hash the same: the key does not depend on where Quire is installed.
    const copy = mkdtempSync(join(tmpdir(), 'quire-code-hash-'));
    cpSync(dir, copy, { recursive: true });
    expect(codeHash(copy)).toBe(codeHash(dir));
    rmSync(copy, { recursive: true, force: true });
    // An extra file (the bundled browser assets) counts too.
    const extra = join(dir, 'assets.json');
    writeFileSync(extra, '{"a":1}');
    const withExtra = codeHash(join(dir, 'markdown'), [extra]);
    writeFileSync(extra, '{"a":2}');
    expect(codeHash(join(dir, 'markdown'), [extra])).not.toBe(withExtra);
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
});
