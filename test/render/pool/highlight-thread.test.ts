/**
 * The export's highlight thread, with this test's thread as a render thread linked to it:
 * blocks sent ahead come back handed over, a block not sent is asked for and waited for,
 * and each is the same HTML this thread draws with its own grammars; a block past a bound
 * comes back plain with its reason; once the thread has ended, what it handed over is still
 * drawn remotely and anything else is this thread's to draw. And a whole cold export with it
 * writes what an export without threads writes.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { HighlightThread } from '../../../src/render/pool/highlight-thread.js';
import { connectHighlightThread, drawnRemotely, remoteAlive, remoteHighlight } from '../../../src/render/highlight/remote-highlight.js';
import { highlightBlock } from '../../../src/render/highlight/code-block.js';
import { blockLanguages, ensureLanguages } from '../../../src/render/highlight/highlighter.js';
import { HIGHLIGHT_LIMITS } from '../../../src/render/highlight/dual-tokenize.js';
import type { SiteBlock } from '../../../src/render/highlight/site-blocks.js';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { exportSite } from '../../../src/render/index.js';
import { HIGHLIGHT_AHEAD_PAGES, highlightsAhead } from '../../../src/render/export-run.js';
import { listFiles, tempDir, writeFiles, type TempDir } from '../site/make-site.js';
import { createRequire } from 'node:module';
import type { TwoslashBlock } from '../../../src/render/highlight/twoslash-blocks.js';

/** The block as this thread draws it with its own grammars. */
async function local(lang: string, meta: string, code: string): Promise<string> {
  const h = await ensureLanguages(blockLanguages(lang, code));
  return highlightBlock(h, code, lang, meta);
}

/** The same HTML pages, byte for byte, in both output folders. */
function expectSamePages(out: string, expected: string): void {
  const files = listFiles(expected).filter((f) => f.endsWith('.html'));
  expect(files.length).toBeGreaterThan(0);
  expect(listFiles(out).filter((f) => f.endsWith('.html'))).toEqual(files);
  for (const f of files) expect(readFileSync(join(out, f), 'utf8'), f).toBe(readFileSync(join(expected, f), 'utf8'));
}

const temps: TempDir[] = [];
afterAll(() => {
  for (const t of temps) t.cleanup();
});

/** A folder for one test's sites and outputs, removed after this file's tests. */
function workDir(prefix: string): string {
  const t = tempDir(prefix);
  temps.push(t);
  return t.path;
}

/** Waits (this thread is free meanwhile) until `check` holds. */
async function until(check: () => boolean): Promise<void> {
  const end = Date.now() + 20_000;
  while (!check()) {
    if (Date.now() > end) throw new Error('timed out');
    await new Promise((r) => setTimeout(r, 20));
  }
}

const SENT: SiteBlock[] = [
  ['ts', 'title="a.ts" {2}', 'const a: number = 1;\nexport default a;'],
  ['bash', '', 'npm install quire'],
  ['mdx', '', '# Title\n\n```python\nprint("hi")\n```\n\n<Card title="x" />'],
];

describe('highlight thread', () => {
  let thread: HighlightThread;
  beforeAll(() => {
    thread = new HighlightThread(30_000);
    const [link] = thread.connect(1);
    connectHighlightThread(link);
  });
  afterAll(() => thread.close());

  it('hands over the blocks it is sent, drawn as this thread draws them, and answers blocks not sent at once', async () => {
    thread.send([['page.mdx', SENT]]);
    // Not sent: asked for and waited for synchronously (before this thread lets the highlight
    // thread end: it ends once its queue is done, which this thread hears only when it yields).
    const asked = remoteHighlight('json', '', '{"asked": [1, 2, 3]}');
    const long = `{"a": "${'x'.repeat(HIGHLIGHT_LIMITS.maxLineChars + 1)}"}`;
    const bounded = remoteHighlight('json', '', long);
    const sent = SENT.map(([lang, meta, code]) => remoteHighlight(lang, meta, code));
    expect(asked).toEqual({ html: await local('json', '', '{"asked": [1, 2, 3]}') });
    // Past a highlighting bound: plain text, with the reason its page warns with.
    expect(bounded && 'html' in bounded ? bounded.html : '').toBe(await local('json', '', long));
    expect(bounded && 'plain' in bounded ? bounded.plain : '').toMatch(/a line of \d+ characters/);
    expect((bounded as { html: string }).html).toContain('xxxxx');
    for (const [i, [lang, meta, code]] of SENT.entries()) {
      expect(sent[i]).toEqual({ html: await local(lang, meta, code) });
      expect(drawnRemotely(lang, meta, code)).toBe(true);
    }
  });

  it('ends once the site blocks are handed over; they stay drawn remotely, any other block is the render thread own', async () => {
    await until(() => !remoteAlive());
    const [lang, meta, code] = SENT[1];
    expect(drawnRemotely(lang, meta, code)).toBe(true);
    expect(remoteHighlight(lang, meta, code)).toEqual({ html: await local(lang, meta, code) });
    expect(drawnRemotely('python', '', 'print("never sent")')).toBe(false);
    expect(remoteHighlight('python', '', 'print("never sent")')).toEqual({ lost: 'the highlighting thread had ended' });
    // Twoslash blocks and languages Shiki does not know are never the highlight thread's.
    expect(drawnRemotely('ts', 'twoslash', SENT[0][2])).toBe(false);
    expect(drawnRemotely('no-such-language', '', 'x')).toBe(false);
  });
});

/** Whether this thread holds TypeScript's module (twoslash-typing.ts loads it with require). */
function typescriptLoaded(): boolean {
  const require = createRequire(import.meta.url);
  return require.cache[require.resolve('typescript')] !== undefined;
}

describe('Twoslash blocks in the highlight thread', () => {
  const typed: TwoslashBlock = { code: 'const size = [1, 2].length;', extension: 'ts' };
  const wrong: TwoslashBlock = { code: 'const label: string = 1;', extension: 'ts' };
  const other = 'const other = "typed where drawn";';
  let thread: HighlightThread;
  beforeAll(() => {
    thread = new HighlightThread(30_000);
    const [link] = thread.connect(1);
    connectHighlightThread(link, [typed, wrong]);
    thread.typeAhead([typed, wrong]);
    thread.send([['types.mdx', [['ts', 'twoslash', typed.code], ['ts', 'twoslash', wrong.code], ['ts', 'twoslash', other], ['ts', '', 'const plain = 1;']]]]);
  });
  afterAll(() => thread.close());

  it('types and draws those it was given, byte for byte as the render thread would, and leaves the others to it', async () => {
    expect(drawnRemotely('ts', 'twoslash', typed.code)).toBe(true);
    expect(drawnRemotely('ts', 'twoslash', other)).toBe(false);
    expect(remoteHighlight('ts', 'twoslash', other)).toBeUndefined();
    const remote = remoteHighlight('ts', 'twoslash', typed.code);
    expect(remote).toEqual({ html: expect.stringMatching(/<code class="twoslash-popup-code">.*size.*number/) as unknown });
    const failed = remoteHighlight('ts', 'twoslash', wrong.code);
    expect(failed).toEqual({ html: expect.any(String) as unknown, noTypes: expect.stringContaining('TypeScript error TS2322 on line 1 of the block') as unknown });
    // Neither typed here.
    expect(typescriptLoaded()).toBe(false);
    const h = await ensureLanguages(['ts']);
    let reason = '';
    expect((remote as { html: string }).html).toBe(highlightBlock(h, typed.code, 'ts', 'twoslash', undefined, () => {}));
    expect((failed as { html: string }).html).toBe(highlightBlock(h, wrong.code, 'ts', 'twoslash', undefined, (r) => (reason = r)));
    expect((failed as { noTypes: string }).noTypes).toBe(reason);
    // The thread ends once it has drawn them all (the block with an error is its page's to ask, as a plain one is).
    await until(() => !remoteAlive());
  });
});

describe('a cold export with its highlight thread', () => {
  it('writes the pages byte for byte as the export without threads does, blocks the scan missed and plain ones included', async () => {
    const dir = workDir('quire-highlight-thread-');
    const root = join(dir, 'docs');
    const long = `{"a": "${'x'.repeat(HIGHLIGHT_LIMITS.maxLineChars + 1)}"}`;
    const pages: Record<string, string> = {
      // Found by the scan: indented in a component, a Markdown block with inner fences, meta as written.
      'index.mdx': '---\ntitle: Home\n---\n\n<CodeGroup>\n  ```bash npm\n  npm i quire\n  ```\n\n  ```bash yarn\n  yarn add quire\n  ```\n</CodeGroup>\n\n````md Example  \n```py\nprint(1)\n```\n````\n',
      // Missed by the scan (a fence in a block quote): its page asks for it, or loads the grammar itself.
      'quoted.mdx': '---\ntitle: Quoted\n---\n\n> ```go\n> package main\n> ```\n',
      // Past a highlighting bound: plain, with the same warning either way.
      'long.mdx': `---\ntitle: Long\n---\n\n\`\`\`json\n${long}\n\`\`\`\n`,
      'snippets/shared.mdx': '```yaml\nkey: value\n```\n',
      'uses-snippet.mdx': "---\ntitle: Snippet\n---\nimport Shared from '/snippets/shared.mdx';\n\n<Shared />\n\n```rust\nfn main() {}\n```\n",
      // Typed and drawn by the highlight thread, whose popups are TypeScript though the block is JavaScript.
      'typed.mdx': '---\ntitle: Typed\n---\n\n```js twoslash\nconst answer = 42;\n```\n',
      // Typed there too, with an error it does not declare: shown without types, its page warns.
      'typed-error.mdx': '---\ntitle: Typed error\n---\n\nText.\n\n```ts twoslash\nconst label: string = 1;\n```\n',
    };
    for (let i = 0; i < 12; i++) pages[`many/p${i}.mdx`] = `---\ntitle: P${i}\n---\n\n\`\`\`ts\nconst n${i}: number = ${i};\n\`\`\`\n\n\`\`\`bash\nnpm i quire\n\`\`\`\n`;
    const nav = ['index', 'quoted', 'long', 'uses-snippet', 'typed', 'typed-error', ...Array.from({ length: 12 }, (_, i) => `many/p${i}`)];
    writeFiles(root, { 'docs.json': JSON.stringify({ name: 'Blocks', theme: 'mint', navigation: { groups: [{ group: 'All', pages: nav }] } }), ...pages });
    const threads = await exportSite({ root, outDir: join(dir, 'threads'), workers: 2 });
    const inline = await exportSite({ root, outDir: join(dir, 'inline'), workers: 0 });
    expect(threads.diagnostics).toEqual(inline.diagnostics);
    expect(threads.diagnostics.filter((d) => d.severity === 'error')).toEqual([]);
    expect(threads.diagnostics.filter((d) => d.message.startsWith('code block shown without highlighting')).map((d) => d.file)).toEqual(['long.mdx']);
    expect(threads.diagnostics.filter((d) => d.message.includes('without type information')).map((d) => [d.file, d.line, d.message.includes('TS2322')])).toEqual([['typed-error.mdx', 7, true]]);
    expectSamePages(join(dir, 'threads'), join(dir, 'inline'));
    // Highlighted, not plain: the go block of the quote and the snippet's yaml.
    expect(readFileSync(join(dir, 'threads', 'quoted.html'), 'utf8')).toMatch(/<span class="[^"]*">package<\/span>/);
    expect(readFileSync(join(dir, 'threads', 'uses-snippet.html'), 'utf8')).toMatch(/<span class="[^"]*">key<\/span>/);
    expect(readFileSync(join(dir, 'threads', 'typed.html'), 'utf8')).toContain('twoslash-hover');
  });
});

describe('a warm export that renders many pages', () => {
  it('highlights in a thread of its own from HIGHLIGHT_AHEAD_PAGES pages up, a cold one always', () => {
    expect(highlightsAhead(true, 1)).toBe(true);
    expect(highlightsAhead(false, HIGHLIGHT_AHEAD_PAGES)).toBe(true);
    expect(highlightsAhead(false, HIGHLIGHT_AHEAD_PAGES - 1)).toBe(false);
    expect(highlightsAhead(false, 1)).toBe(false);
  });

  it('writes every page missing the cache (as after an upgrade) byte for byte as the export without threads does', async () => {
    const dir = workDir('quire-highlight-ahead-');
    const other = join(dir, 'other');
    writeFiles(other, { 'docs.json': JSON.stringify({ name: 'Other', theme: 'mint', navigation: { pages: ['index'] } }), 'index.mdx': '---\ntitle: Other\n---\n\nText.\n' });
    // The cache folder holds another site's pages: the export is warm, and every page of this one misses.
    const cacheDir = join(dir, 'cache');
    await exportSite({ root: other, outDir: join(dir, 'other-out'), cacheDir });
    const root = join(dir, 'docs');
    const pages: Record<string, string> = {
      'typed.mdx': '---\ntitle: Typed\n---\n\n```ts twoslash\nconst size = [1, 2].length;\n```\n',
      'quoted.mdx': '---\ntitle: Quoted\n---\n\n> ```go\n> package main\n> ```\n',
    };
    const count = HIGHLIGHT_AHEAD_PAGES + 2;
    for (let i = 0; i < count; i++) pages[`p/p${i}.mdx`] = `---\ntitle: P${i}\n---\n\n\`\`\`ts\nconst n${i}: number = ${i};\n\`\`\`\n\n\`\`\`${i % 2 ? 'python' : 'bash'}\necho ${i % 7}\n\`\`\`\n`;
    const nav = ['typed', 'quoted', ...Array.from({ length: count }, (_, i) => `p/p${i}`)];
    writeFiles(root, { 'docs.json': JSON.stringify({ name: 'Blocks', theme: 'mint', navigation: { groups: [{ group: 'All', pages: nav }] } }), ...pages });
    const warm = await exportSite({ root, outDir: join(dir, 'warm'), cacheDir });
    const inline = await exportSite({ root, outDir: join(dir, 'inline'), workers: 0 });
    expect(warm.pagesRendered).toBe(count + 2);
    expect(warm.diagnostics).toEqual(inline.diagnostics);
    expectSamePages(join(dir, 'warm'), join(dir, 'inline'));
    expect(readFileSync(join(dir, 'warm', 'p', 'p4.html'), 'utf8')).toMatch(/<span class="[^"]*">echo<\/span>/);
    expect(readFileSync(join(dir, 'warm', 'quoted.html'), 'utf8')).toMatch(/<span class="[^"]*">package<\/span>/);
    expect(readFileSync(join(dir, 'warm', 'typed.html'), 'utf8')).toMatch(/<code class="twoslash-popup-code">.*size.*number/);
  });
});

