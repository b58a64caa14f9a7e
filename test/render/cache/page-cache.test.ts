import { mkdtempSync, readdirSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { PageCache, type CachedPage } from '../../../src/render/cache/page-cache.js';

const entry: CachedPage = {
  rendered: {
    page: 'guides/intro', frontmatter: { title: 'Intro' }, title: 'Intro', html: '<h2 id="a">A "quoted"\nheading</h2><p>Ünïcode 🎉 and \\ backslashes</p>',
    headings: [{ depth: 2, text: 'A "quoted" heading', id: 'a' }], brokenLinks: ['/x'], assets: [], diagnostics: [{ severity: 'warning', file: 'guides/intro.mdx', line: 3, message: 'w' }],
  },
  brokenLinks: [{ file: 'guides/intro.mdx', href: '/x', line: 3 }],
};

describe('PageCache', () => {
  it('gives back what was stored, body and all', async () => {
    const cache = new PageCache(mkdtempSync(join(tmpdir(), 'quire-pc-')));
    const key = 'ab'.repeat(32);
    expect(await cache.get(key)).toBeUndefined();
    cache.set(key, entry);
    expect(await cache.get(key)).toEqual(entry);
  });

  it('treats an entry cut short as a miss', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'quire-pc-'));
    const cache = new PageCache(dir);
    const key = 'cd'.repeat(32);
    cache.set(key, entry);
    const file = join(dir, 'pages', 'cd', `${key}.page`);
    expect(readdirSync(join(dir, 'pages', 'cd'))).toEqual([`${key}.page`]);
    const text = readFileSync(file, 'utf8');
    writeFileSync(file, text.slice(0, -5));
    expect(await cache.get(key)).toBeUndefined();
    writeFileSync(file, text.slice(0, text.indexOf('\n') - 2));
    expect(await cache.get(key)).toBeUndefined();
  });
});
