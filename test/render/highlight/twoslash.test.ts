/**
 * `twoslash` code blocks (highlight/twoslash.ts): types from TypeScript's checker in hover
 * popups and `// ^?` queries, the block's line marks kept, undeclared errors reported, and
 * a hostile block unable to make TypeScript read anything from the disk.
 */
import { mkdirSync, writeFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { join } from 'node:path';
import { afterAll, describe, expect, it, vi } from 'vitest';
import { tempDir } from '../site/make-site.js';
import { render } from '../components/render-helper.js';
import { releaseTwoslash } from '../../../src/render/highlight/twoslash.js';
import { highlightPre, type HighlightCache } from '../../../src/render/highlight/index.js';
import { ensureLanguages } from '../../../src/render/highlight/highlighter.js';

/** Whether this thread holds TypeScript's module (twoslash.ts loads it with require). */
function typescriptLoaded(): boolean {
  const require = createRequire(import.meta.url);
  return require.cache[require.resolve('typescript')] !== undefined;
}

/** The text of the page's type popups, in order. */
function popups(html: string): string[] {
  return [...html.matchAll(/<code class="twoslash-popup-code">([\s\S]*?)<\/code>/g)].map((m) => m[1].replace(/<[^>]+>/g, '').replace(/&#x3C;/g, '<').replace(/&quot;/g, '"'));
}

describe('twoslash code blocks', () => {
  const tmp = tempDir();
  afterAll(() => tmp.cleanup());

  it("shows each identifier's type in a popup and answers // ^? queries, as Mintlify's create/code.mdx example", async () => {
    const src = [
      'Intro.',
      '',
      '```ts twoslash Twoslash example',
      'type Pet = "cat" | "dog" | "hamster";',
      '',
      'function adoptPet(name: string, type: Pet) {',
      '  return `${name} the ${type} is now adopted!`;',
      '}',
      '',
      'const message = adoptPet("Mintie", "cat");',
      '//    ^?',
      '```',
    ].join('\n');
    const page = await render(src);
    expect(page.diagnostics).toEqual([]);
    expect(page.html).toContain('<span class="q-code-title">Twoslash example</span>');
    expect(page.html).toMatch(/<pre data-lang="ts" tabindex="0" class="q-code-pre shiki twoslash lsp">/);
    const types = popups(page.html);
    expect(types).toContain('type Pet = "cat" | "dog" | "hamster"');
    expect(types).toContain('function adoptPet(name: string, type: Pet): string');
    expect(types).toContain('const message: string');
    // the query is answered where it was asked, and its comment is gone from the code
    expect(page.html).toContain('twoslash-query-persisted');
    expect(page.html).not.toContain('^?');
    // both themes' colours on every token (the JavaScript engine lost the light ones after a popup)
    expect(page.html).toContain('<span style="--shiki-light:#032F62;--shiki-dark:#9ECBFF"> "cat"</span>');
  });

  it('types a block the same after TypeScript was let go and loaded again (releaseTwoslash)', async () => {
    const src = ['```ts twoslash', 'const greeting = "hi";', 'const size = greeting.length;', '```'].join('\n');
    const before = await render(src);
    expect(popups(before.html)).toContain('const size: number');
    releaseTwoslash();
    // The next page with a block loads TypeScript again, from a fresh module.
    const after = await render(src);
    expect(after.diagnostics).toEqual([]);
    expect(after.html).toBe(before.html);
    releaseTwoslash();
    releaseTwoslash(); // nothing loaded: nothing to do
    expect((await render(src)).html).toBe(before.html);
  });

  it('loads TypeScript only for a block the highlight cache does not hold', async () => {
    const h = await ensureLanguages(['ts']);
    const code = 'const answer = 6 * 7;';
    const entries = new Map<string, string>();
    const store = (): HighlightCache => ({ get: (k) => entries.get(k), set: (k, v) => void entries.set(k, v) });
    const noTypes: string[] = [];
    releaseTwoslash();
    expect(typescriptLoaded()).toBe(false);
    const typed = highlightPre(h, code, 'ts', 'twoslash', store(), undefined, (r) => noTypes.push(r));
    expect(typescriptLoaded()).toBe(true);
    expect(typed).toContain('twoslash-popup-code');
    expect(popups(typed)).toContain('const answer: number');
    releaseTwoslash();
    // A later export (a fresh store over the same entries): the block's HTML, and no TypeScript.
    expect(highlightPre(h, code, 'ts', 'twoslash', store(), undefined, (r) => noTypes.push(r))).toBe(typed);
    expect(typescriptLoaded()).toBe(false);
    expect(noTypes).toEqual([]);
  });

  it('colours every token for both themes however slowly a line tokenizes (no time limit, as the other blocks)', async () => {
    const h = await ensureLanguages(['ts']);
    const code = 'const pet = "cat";\nlet n: number = pet.length;';
    const typedWith = (clock: () => number) => {
      const now = vi.spyOn(Date, 'now').mockImplementation(clock);
      try {
        return highlightPre(h, code, 'ts', 'twoslash', undefined, undefined, () => {});
      } finally {
        now.mockRestore();
      }
    };
    // A host so loaded that each line seems to take a second: Shiki's default 500 ms limit
    // would leave the rest of the line after its first token in the default colour.
    let t = 0;
    const slow = typedWith(() => (t += 1000));
    expect(slow).toContain('<span style="--shiki-light:#032F62;--shiki-dark:#9ECBFF"> "cat"</span>');
    expect(slow).toContain('<span style="--shiki-light:#D73A49;--shiki-dark:#F97583"> =</span>');
    expect(slow).toBe(typedWith(() => 0));
  });

  it('types no block with a line longer than any highlighted line, and says why', async () => {
    const h = await ensureLanguages(['ts']);
    const noTypes: string[] = [];
    const plain: string[] = [];
    const code = `const a = [${'1, '.repeat(2000)}1];`;
    const html = highlightPre(h, code, 'ts', 'twoslash', undefined, (r) => plain.push(r), (r) => noTypes.push(r));
    expect(html).not.toContain('twoslash-popup-code');
    expect(noTypes).toEqual([`a line of ${code.length} characters (highlighting stops at 5000)`]);
    expect(plain).toEqual([`a line of ${code.length} characters (highlighting stops at 5000)`]);
  });

  it('keeps line marks on the lines they were written on when Twoslash takes lines out', async () => {
    const page = await render(['```ts twoslash', 'const a = 1;', '// ---cut---', 'const b = a + 1; // [!code ++]', 'const c = b;', '```'].join('\n'));
    expect(page.diagnostics).toEqual([]);
    const lines = [...page.html.matchAll(/<span class="(line[^"]*)">/g)].map((m) => m[1]);
    // everything above ---cut--- is gone; the added line is the first one shown
    expect(lines).toEqual(['line diff add', 'line']);
    expect(page.html).not.toContain('---cut---');
    // a notation on the first line (taken out) does not move the marks either
    const first = await render(['```ts twoslash', '// @errors: 2322', 'const n: number = "x"; // [!code ++]', 'const m = 1;', '```'].join('\n'));
    expect([...first.html.matchAll(/<span class="(line[^"]*)">/g)].map((m) => m[1])).toEqual(['line diff add', 'line']);
  });

  it('shows errors the block declares with // @errors', async () => {
    const page = await render('```ts twoslash\n// @errors: 2322\nconst n: number = "x";\n```');
    expect(page.diagnostics).toEqual([]);
    expect(page.html).toContain('twoslash-error-line');
    expect(page.html).toContain("<div class=\"twoslash-meta-line twoslash-error-line\">Type 'string' is not assignable to type 'number'.</div>");
    expect(page.html).toContain('<span style="--shiki-light:#24292E;--shiki-dark:#E1E4E8">;</span>');
  });

  it('reports an error the block does not declare and shows it highlighted without types', async () => {
    const page = await render('Intro.\n\n```ts twoslash\nimport { sequence } from "0xsequence";\nconst a: number = sequence;\n```');
    expect(page.diagnostics).toEqual([
      {
        severity: 'warning',
        file: 'guides/page.mdx',
        line: 3,
        message: "twoslash code block shown without type information: TypeScript error TS2307 on line 1 of the block: Cannot find module '0xsequence' or its corresponding type declarations; declare expected errors with // @errors: 2307",
      },
    ]);
    expect(page.html).not.toContain('twoslash');
    expect(page.html).toContain('q-code-pre shiki');
  });

  it('cannot make TypeScript read a file from the disk', async () => {
    const dir = join(tmp.path, 'secret');
    mkdirSync(dir);
    writeFileSync(join(dir, 'token.ts'), 'export const token = "TOPSECRET-4711" as const;\n');
    writeFileSync(join(dir, 'types.d.ts'), 'declare const leaked: "TOPSECRET-4712";\n');
    for (const block of [
      `import { token } from ${JSON.stringify(join(dir, 'token'))};\nexport const t = token;`,
      `/// <reference path=${JSON.stringify(join(dir, 'types.d.ts'))} />\nexport const t = leaked;`,
      `// @types: ${dir}\n// @typeRoots: ${tmp.path}\nexport const t = leaked;`,
    ]) {
      const page = await render(`\`\`\`ts twoslash\n${block}\n\`\`\``, { root: tmp.path });
      expect(page.html).not.toContain('TOPSECRET');
      expect(page.diagnostics.map((d) => d.message).join('\n')).toMatch(/twoslash code block shown without type information: TypeScript error TS(2307|2304|2688|6053)/);
    }
  });

  it('leaves the option alone in blocks that are not JavaScript or TypeScript, as Mintlify does', async () => {
    const page = await render('```shell twoslash\necho hi\n```');
    expect(page.diagnostics).toEqual([]);
    expect(page.html).not.toContain('twoslash');
    expect(page.html).toContain('data-lang="shell"');
  });

  it('says why a block too large for type information is shown without it', async () => {
    const page = await render('```ts twoslash\n' + 'const x = 1;\n'.repeat(2000) + '```');
    expect(page.diagnostics.map((d) => d.message)).toEqual(['twoslash code block shown without type information: the block has 25999 characters (type information stops at 20000)']);
  });
});
