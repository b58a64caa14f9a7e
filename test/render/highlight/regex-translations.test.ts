/**
 * The build's pattern translations make the RegExps Shiki's own engine makes, highlighting
 * comes out byte for byte the same with them, the table lists every pattern vscode-textmate
 * hands the engine but ends made from a back-reference, and a table of another stamp is
 * not used. The tables are written here by the build step's own code into a temp folder.
 */
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { createHighlighterCore, type HighlighterCore, type LanguageRegistration } from 'shiki/core';
import { createJavaScriptRegexEngine, defaultJavaScriptRegexConstructor } from 'shiki/engine/javascript';
import { bundledLanguagesInfo } from 'shiki/langs';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { supportedGrammars, writeRegexTables } from '../../../src/render/highlight/build-regex-tables.js';
import { DARK_THEME, LIGHT_THEME, ensureLanguages, regexTranslations } from '../../../src/render/highlight/highlighter.js';
import {
  RegexTranslations, grammarPatterns, makeRegExp, makeTable, patternVariants, translationStamp, type RegexTable,
} from '../../../src/render/highlight/regex-translations.js';

const BLOCKS: [string, string][] = [
  ['typescript', 'import { z } from "zod";\n\nexport const User = z.object({ id: z.string().uuid(), tags: z.array(z.string()) });\nconst f = async <T,>(x: T): Promise<T> => x; // done\n'],
  ['python', 'from typing import Optional\n\n@dataclass\nclass Client:\n    """A client."""\n    def get(self, key: str, default: Optional[int] = None) -> int:\n        return self._data.get(key, default) or 0x1F\n'],
  ['shellscript', 'curl -X POST "https://api.example.com/v1/items?x=$X" \\\n  -H "Authorization: Bearer ${TOKEN}" \\\n  -d \'{"name": "a"}\' | jq .\nif [[ -z "$1" ]]; then echo $(date); fi\ncat <<EOF\nhello\nEOF\n'],
  ['yaml', 'name: ci\non:\n  push:\n    branches: [main]\njobs:\n  test:\n    steps:\n      - run: |\n          npm ci\n          npm test # go\n'],
  ['css', '@media (max-width: 600px) {\n  .card > a:hover::after { color: rgb(0 0 0 / 50%); grid-template-columns: repeat(2, 1fr); }\n}\n'],
  ['json', '{ "a": [1, 2.5e3, true, null], "b": { "c": "d\\n" } }\n'],
  ['markdown', '# Title\n\nText with <kbd>Ctrl</kbd>, **bold**, [a link](https://x.y) and `code` &amp; :smile:.\n\n```ts\nconst x: number = 1;\n```\n\n~~~bash\nls -la\n~~~\n\n> quote\n\n- item\n'],
  ['html', '<!DOCTYPE html>\n<html><head><style>body { margin: 0 }</style><script>let a = 1 < 2 && "x";</script></head>\n<body class="x"><!-- c --><p>&copy; 2026</p></body></html>\n'],
  ['go', 'package main\n\nimport "fmt"\n\nfunc main() {\n\tch := make(chan int, 3)\n\tfmt.Printf("%d\\n", <-ch)\n}\n'],
];
const LANGS = ['typescript', 'python', 'shellscript', 'yaml', 'css', 'json', 'markdown', 'html', 'go'];

let dir: string;
let grammars: Map<string, LanguageRegistration>;
beforeAll(async () => {
  dir = mkdtempSync(join(tmpdir(), 'regex-tables-'));
  await writeRegexTables(dir);
  grammars = await supportedGrammars();
});
afterAll(() => rmSync(dir, { recursive: true, force: true }));

/** A highlighter of LANGS (and the grammars they bring) on Shiki's engine, with `regexConstructor` when given. */
async function highlighter(regexConstructor?: (pattern: string) => RegExp): Promise<HighlighterCore> {
  return createHighlighterCore({
    themes: [import('@shikijs/themes/github-light'), import('@shikijs/themes/github-dark')],
    langs: bundledLanguagesInfo.filter((info) => LANGS.includes(info.id)).map((info) => info.import()),
    engine: createJavaScriptRegexEngine({ forgiving: true, ...(regexConstructor && { regexConstructor }) }),
  });
}

/** Source, flags, class and EmulatedRegExp options of a regexp, or the error its making threw. */
function describeRegExp(make: () => RegExp): unknown {
  try {
    const re = make();
    return { cls: re.constructor.name, source: re.source, flags: re.flags, options: (re as RegExp & { rawOptions?: unknown }).rawOptions };
  } catch (err) {
    return { error: (err as Error).message };
  }
}

describe('patternVariants', () => {
  it('rewrites \\z and makes the four \\A/\\G variants as vscode-textmate does, leaving escaped backslashes alone', () => {
    expect(patternVariants('a\\zb')).toEqual(['a$(?!\\n)(?<!\\n)b']);
    expect(patternVariants('\\\\G\\\\z')).toEqual(['\\\\G\\\\z']);
    expect(patternVariants('\\G(x)\\A|\\z')).toEqual([
      '\\\uFFFF(x)\\\uFFFF|$(?!\\n)(?<!\\n)',
      '\\G(x)\\\uFFFF|$(?!\\n)(?<!\\n)',
      '\\\uFFFF(x)\\A|$(?!\\n)(?<!\\n)',
      '\\G(x)\\A|$(?!\\n)(?<!\\n)',
    ]);
  });
});

describe('table translations', () => {
  it("make the RegExp Shiki's default constructor makes: class, source, flags and options, or the same error", () => {
    const translations = new RegexTranslations(dir);
    const names = ['typescript', 'python', 'css', 'markdown', 'shellscript', 'html', 'cpp', 'regexp'];
    translations.load(names);
    let compared = 0;
    let lazy = 0;
    for (const name of names) {
      for (const pattern of grammarPatterns(grammars.get(name)!)) {
        const live = describeRegExp(() => defaultJavaScriptRegexConstructor(pattern, { target: 'auto' }));
        expect(describeRegExp(() => makeRegExp(translations.translate(pattern))), pattern).toEqual(live);
        if ((live as { options?: { lazyCompile?: boolean } }).options?.lazyCompile) lazy++;
        compared++;
      }
    }
    expect(translations.counts).toMatchObject({ hits: compared, misses: 0, tables: names.length, stale: 0 });
    expect(compared).toBeGreaterThan(1500);
    // Patterns of 3,000 characters or more are compiled at first use: options say so in both.
    expect(lazy).toBeGreaterThan(0);
  });

  it('highlight real-looking blocks to the same HTML as the live translation, nearly all patterns from the table', async () => {
    const translations = new RegexTranslations(dir);
    translations.load(grammars.keys());
    const [live, table] = await Promise.all([highlighter(), highlighter((pattern) => makeRegExp(translations.translate(pattern)))]);
    for (const [lang, code] of BLOCKS) {
      // No time limit (Shiki's default is 500 ms a line): on a loaded host a first pass could stop early.
      const options = { lang, themes: { light: LIGHT_THEME, dark: DARK_THEME }, tokenizeTimeLimit: 0 };
      expect(table.codeToHtml(code, options), lang).toBe(live.codeToHtml(code, options));
    }
    // The misses: Markdown's fence ends, made from the text its begin matched.
    expect(translations.counts.hits).toBeGreaterThan(300);
    expect(translations.counts.misses).toBeGreaterThan(0);
    expect(translations.counts.misses).toBeLessThan(10);
  });

  it('list every pattern vscode-textmate hands the engine but ends and whiles made from back-references', async () => {
    const recorded = new Set<string>();
    const h = await highlighter((pattern) => {
      recorded.add(pattern);
      return defaultJavaScriptRegexConstructor(pattern, { target: 'auto' });
    });
    for (const [lang, code] of BLOCKS) h.codeToTokensWithThemes(code, { lang, themes: { light: LIGHT_THEME, dark: DARK_THEME }, tokenizeTimeLimit: 0 });
    const listed = new Set(h.getLoadedLanguages().flatMap((id) => [...grammarPatterns(grammars.get(id) ?? grammars.get(h.getLanguage(id).name)!)]));
    const backReferenced = [...grammars.values()].flatMap((g) => JSON.stringify(g).match(/"(?:end|while)":"(?:[^"\\]|\\.)*\\\\\d(?:[^"\\]|\\.)*"/g) ?? [])
      .map((field) => (JSON.parse(`{${field}}`) as Record<string, string>)[field.startsWith('"end"') ? 'end' : 'while'])
      .flatMap(patternVariants)
      .map((p) => new RegExp(`^${p.replace(/[\\^$.*+?()[\]{}|]/g, '\\$&').replace(/\\\\\d+/g, '[\\s\\S]*')}$`));
    const unlisted = [...recorded].filter((p) => !listed.has(p));
    expect(recorded.size).toBeGreaterThan(300);
    expect(unlisted.length).toBeGreaterThan(0);
    for (const p of unlisted) expect(backReferenced.some((re) => re.test(p)), p).toBe(true);
  });
});

describe("the highlighter's engine", () => {
  it('reads the tables of the grammars it loads and makes every RegExp through them', async () => {
    const load = vi.spyOn(regexTranslations, 'load');
    const h = await ensureLanguages(['vue']);
    expect(load.mock.calls.flatMap(([names]) => [...names])).toEqual(expect.arrayContaining(['vue', 'html', 'css', 'javascript']));
    load.mockRestore();
    const before = regexTranslations.counts.hits + regexTranslations.counts.misses;
    h.codeToTokensWithThemes('<template><p :a="b">{{ c }}</p></template>', { lang: 'vue', themes: { light: LIGHT_THEME, dark: DARK_THEME } });
    expect(regexTranslations.counts.hits + regexTranslations.counts.misses).toBeGreaterThan(before);
  });
});

describe('a table of another stamp', () => {
  it('is not used: its patterns are translated live', () => {
    const pattern = '[a-c]+\\d';
    const wrong = (stamp: string): RegexTable => ({ stamp, grammar: 'probe', entries: [[pattern, 'zzz', 'dg']] });
    const folder = mkdtempSync(join(tmpdir(), 'regex-stale-'));
    try {
      writeFileSync(join(folder, 'current.json'), JSON.stringify(wrong(translationStamp())));
      writeFileSync(join(folder, 'other.json'), JSON.stringify(wrong(translationStamp().replace(/oniguruma-to-es [^;]+/, 'oniguruma-to-es 0.0.1'))));
      const stale = new RegexTranslations(folder);
      stale.load(['other', 'missing']);
      expect(stale.counts).toMatchObject({ tables: 0, stale: 1 });
      expect(makeRegExp(stale.translate(pattern)).source).toBe(defaultJavaScriptRegexConstructor(pattern, { target: 'auto' }).source);
      expect(stale.counts).toMatchObject({ hits: 0, misses: 1 });
      // The same table with this build's stamp is used (what makes the check above mean something).
      const current = new RegexTranslations(folder);
      current.load(['current']);
      expect(makeRegExp(current.translate(pattern)).source).toBe('zzz');
      expect(current.counts).toMatchObject({ tables: 1, hits: 1 });
    } finally {
      rmSync(folder, { recursive: true, force: true });
    }
  });

  it('is made with the versions and target this process has', () => {
    expect(translationStamp()).toMatch(/^shiki \d+\.\d+\.\d+; oniguruma-to-es \d+\.\d+\.\d+; v8 [\d.]+.*; target ES20(18|24|25); \{/);
    expect(makeTable(grammars.get('json')!).stamp).toBe(translationStamp());
  });
});
