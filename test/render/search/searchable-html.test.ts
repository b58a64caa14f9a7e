/**
 * searchableHtml hands Pagefind less markup, never other content: the kitchen-sink
 * site's page bodies (every component, code, math, images, tables) give the same index,
 * byte for byte, with their attributes left out as with the elements alone dropped
 * (what searchableHtml gave before attributes went too).
 */
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { exportSite } from '../../../src/render/export-site.js';
import { SearchIndexer, type SearchDocument } from '../../../src/render/search/pagefind-index.js';
import { searchableHtml } from '../../../src/render/search/searchable-html.js';
import { FIXTURES, tempDir, type TempDir } from '../site/make-site.js';

const ARTICLE = '<article class="prose" data-pagefind-body>';
/** Token spans, icons and buttons dropped, every attribute kept: searchableHtml up to b7bc36c. */
const elementsDropped = (html: string) => html.replace(/<svg\b[\s\S]*?<\/svg>|<button\b[\s\S]*?<\/button>|<\/?span\b[^>]*>/g, '');

async function indexOf(docs: SearchDocument[]): Promise<Map<string, Uint8Array>> {
  const indexer = new SearchIndexer(docs.map((d) => d.page));
  for (const d of docs) indexer.add(d);
  return (await indexer.finish()).files;
}

describe('searchableHtml', () => {
  let tmp: TempDir;
  let bodies: SearchDocument[];

  beforeAll(async () => {
    tmp = tempDir();
    const out = join(tmp.path, 'out');
    const report = await exportSite({ root: join(FIXTURES, 'kitchen-sink'), outDir: out, workers: 0 });
    const pages = report.files.filter((f) => f.endsWith('.html') && readFileSync(join(out, f), 'utf8').includes(ARTICLE));
    bodies = pages.map((url) => {
      const html = readFileSync(join(out, url), 'utf8');
      const from = html.indexOf(ARTICLE) + ARTICLE.length;
      return { page: url.replace(/\.html$/, ''), url, title: url, html: html.slice(from, html.indexOf('</article>', from)) };
    });
  }, 120_000);
  afterAll(() => tmp.cleanup());

  it('leaves out token spans, icons, buttons and the attributes Pagefind does not read', () => {
    const all = bodies.map((d) => d.html).join('\n');
    expect(all).toMatch(/<span class="l\d/);
    expect(all).toMatch(/<svg/);
    const stripped = searchableHtml(all);
    expect(stripped.length).toBeLessThan(elementsDropped(all).length * 0.9);
    expect(stripped).not.toMatch(/<span|<svg|<button| class="| data-(?!pagefind)| tabindex=| style=| aria-/);
    // what Pagefind reads stays: heading ids, image sources and alt texts, links
    for (const attr of [/ id="[^"]*"/g, / src="[^"]*"/g, / alt="[^"]*"/g, / href="[^"]*"/g]) {
      expect((stripped.match(attr) ?? []).length).toBe((elementsDropped(all).match(attr) ?? []).length);
    }
    expect(all.match(/ alt="[^"]*"/g)?.length).toBeGreaterThan(0);
  });

  it('keeps a class the index excludes, and a tag it cannot read, as they are', () => {
    expect(searchableHtml('<div class="q-code-copy x" data-a="1">a</div>')).toBe('<div class="q-code-copy x">a</div>');
    expect(searchableHtml('<p class="a" id="b">x<br/><img src="i.png" alt="A" class="c" /></p>')).toBe('<p id="b">x<br/><img src="i.png" alt="A" /></p>');
    expect(searchableHtml("<p class='a' id=b>x</p>")).toBe("<p class='a' id=b>x</p>");
    expect(searchableHtml('<img alt="a class b data-x c" src="i.png" data-y>')).toBe('<img alt="a class b data-x c" src="i.png">');
    expect(searchableHtml('<p class="a" data-pagefind-weight="2">x</p>')).toBe('<p class="a" data-pagefind-weight="2">x</p>');
  });

  it('gives Pagefind the same index as the bodies with every attribute', async () => {
    expect(bodies.length).toBeGreaterThan(5);
    const whole = await indexOf(bodies.map((d) => ({ ...d, html: elementsDropped(d.html) })));
    const lean = await indexOf(bodies.map((d) => ({ ...d, html: searchableHtml(d.html) })));
    expect([...lean.keys()]).toEqual([...whole.keys()]);
    for (const [path, bytes] of whole) expect(Buffer.from(lean.get(path)!).equals(Buffer.from(bytes)), path).toBe(true);
  }, 120_000);
});
