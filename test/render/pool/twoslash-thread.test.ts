/**
 * Twoslash blocks typed ahead in a thread of their own (pool/twoslash-thread.ts): the blocks
 * the scan finds are those the renderer types (highlight/twoslash-blocks.ts), a block typed
 * ahead is drawn byte for byte as one typed where it is drawn, without TypeScript in the
 * drawing thread; a block that runs the thread out of memory is shown without types, said
 * so; in an export, a page whose block takes TypeScript past the page's time budget fails
 * alone, named, and the rest of the site is exported.
 */
import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { join } from 'node:path';
import { afterAll, afterEach, describe, expect, it } from 'vitest';
import { exportSite } from '../../../src/render/export-site.js';
import { ensureLanguages } from '../../../src/render/highlight/highlighter.js';
import { highlightPre, type HighlightCache } from '../../../src/render/highlight/index.js';
import { hasTypedBlock, releaseTwoslash } from '../../../src/render/highlight/twoslash.js';
import { MAX_BLOCKS_AHEAD, siteTwoslashBlocks, twoslashBlocks } from '../../../src/render/highlight/twoslash-blocks.js';
import { settleTypedAhead, stopTypingAhead, typeAhead } from '../../../src/render/pool/twoslash-thread.js';
import { smallSite, tempDir, writeFiles } from '../site/make-site.js';

/** Whether this thread holds TypeScript's module (twoslash-typing.ts loads it with require). */
function typescriptLoaded(): boolean {
  const require = createRequire(import.meta.url);
  return require.cache[require.resolve('typescript')] !== undefined;
}

/** A highlight cache that holds nothing: every block is drawn. */
const noCache = (): HighlightCache => ({ get: () => undefined, set: () => {} });

const PAGE = [
  '# Types',
  '',
  '```ts twoslash Example',
  'const size = "hi".length; // [!code ++]',
  '```',
  '',
  '<CodeGroup>',
  '  ```tsx twoslash',
  '  export const n = [1, 2].length;',
  '  ```',
  '</CodeGroup>',
  '',
  '```shell twoslash',
  'echo not typed',
  '```',
  '',
  '```ts',
  'const plain = 1;',
  '```',
  '',
  '````mdx Format',
  '```ts twoslash',
  'const shown = "as text";',
  '```',
  '````',
].join('\n');

describe('Twoslash blocks typed ahead', () => {
  afterEach(() => {
    stopTypingAhead();
    releaseTwoslash();
  });

  it("finds a page's blocks as the renderer gives them to Twoslash", () => {
    expect(twoslashBlocks(PAGE)).toEqual([
      // the line notation is taken out, as code-block.ts does; the opener's indentation too
      { code: 'const size = "hi".length;', extension: 'ts' },
      { code: 'export const n = [1, 2].length;', extension: 'tsx' },
    ]);
    expect(twoslashBlocks('```ts\nconst a = 1;\n```')).toEqual([]);
    // Windows line endings, read as the parsers read them
    expect(twoslashBlocks('```js twoslash\r\n  let a = 1;\r\n\r\nlet b = a;\r\n```\r\n')).toEqual([{ code: '  let a = 1;\n\nlet b = a;', extension: 'js' }]);
    // the same block on two pages (a translated copy) is typed once
    expect(siteTwoslashBlocks([PAGE, PAGE.replace('# Types', '# Tipos')])).toHaveLength(2);
    // at most MAX_BLOCKS_AHEAD: a page waits for the thread to reach its blocks
    const many = Array.from({ length: MAX_BLOCKS_AHEAD + 10 }, (_, i) => `\`\`\`ts twoslash\nconst v${i} = ${i};\n\`\`\``);
    expect(siteTwoslashBlocks(many).map((b) => b.code)).toEqual(Array.from({ length: MAX_BLOCKS_AHEAD }, (_, i) => `const v${i} = ${i};`));
  });

  it("has a page wait for its own blocks only", async () => {
    const [first, second] = twoslashBlocks(PAGE);
    typeAhead([first]);
    // Not being typed: nothing to wait for (the thread is still loading TypeScript for the other).
    await settleTypedAhead([second]);
    expect(hasTypedBlock(first.code, first.extension)).toBe(false);
    await settleTypedAhead([first, second]);
    expect(hasTypedBlock(first.code, first.extension)).toBe(true);
    expect(hasTypedBlock(second.code, second.extension)).toBe(false);
  }, 60_000);

  it('draws a block typed ahead as one typed where it is drawn, with no TypeScript in this thread', async () => {
    const h = await ensureLanguages(['ts', 'tsx']);
    // As in a page: the highlighter has tokenized a block before its first Twoslash one (see settleThemes in twoslash.ts).
    highlightPre(h, 'const warm = 1;', 'ts', '', noCache());
    const blocks = twoslashBlocks(PAGE);
    const draw = () => [
      highlightPre(h, 'const size = "hi".length; // [!code ++]', 'ts', 'twoslash Example', noCache()),
      highlightPre(h, 'export const n = [1, 2].length;', 'tsx', 'twoslash', noCache()),
    ];
    const here = draw();
    expect(here[0]).toContain('twoslash-popup-code');
    expect(here[1]).toContain('twoslash-popup-code');
    releaseTwoslash();
    expect(typescriptLoaded()).toBe(false);
    typeAhead(blocks);
    await settleTypedAhead(blocks);
    expect(blocks.every((b) => hasTypedBlock(b.code, b.extension))).toBe(true);
    expect(draw()).toEqual(here);
    expect(typescriptLoaded()).toBe(false);
  }, 60_000);

  it('shows a block that ran the thread out of memory without types, and says why', async () => {
    const h = await ensureLanguages(['ts']);
    const [block] = twoslashBlocks(PAGE);
    typeAhead([block], 16);
    await settleTypedAhead([block]);
    const noTypes: string[] = [];
    const html = highlightPre(h, 'const size = "hi".length; // [!code ++]', 'ts', 'twoslash Example', noCache(), undefined, (r) => noTypes.push(r));
    expect(noTypes).toEqual(['TypeScript ran out of memory typing it (more than 16 MB)']);
    expect(html).not.toContain('twoslash');
    expect(html).toContain('q-code-pre shiki');
    expect(typescriptLoaded()).toBe(false);
  }, 60_000);
});

describe('a Twoslash page in an export', () => {
  const tmp = tempDir();
  afterAll(() => tmp.cleanup());

  it('fails alone, named, when its block takes TypeScript past the page budget', async () => {
    const site = join(tmp.path, 'site');
    smallSite(site);
    // 10,000 template literal types, each mapped to ten tuples: TypeScript takes tens of seconds.
    const slow = 'type D = 0|1|2|3|4|5|6|7|8|9;\ntype S = `${D}${D}${D}${D}`;\ntype M = { [K in S]: { [J in D]: [K, J] } };\ntype V = M[S][D];\nconst v: V = ["0000", 0];';
    writeFiles(site, { 'typed.mdx': `---\ntitle: Typed\n---\n\n\`\`\`ts twoslash\n${slow}\n\`\`\`\n` });
    const out = join(tmp.path, 'out');
    const report = await exportSite({ root: site, outDir: out, workers: 1, pageTimeoutMs: 3000 });
    expect(report.diagnostics).toContainEqual({ severity: 'error', file: 'typed.mdx', message: "typed was not rendered: it took longer than 3 s (the page's render budget); the rest of the site is exported" });
    expect(readFileSync(join(out, 'index.html'), 'utf8')).toContain('<h1');
  }, 120_000);
});
