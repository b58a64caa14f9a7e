/**
 * The highlighter's regex engine (search-scanner.ts) answers every scanner's search as
 * Shiki's JavaScript engine does, whatever the order of lines, starts and scanners sharing
 * a pattern; it remembers a pattern's last search across scanners only where the answer
 * cannot change; and highlighting with it is byte for byte Shiki's own.
 */
import { createHighlighterCore, type HighlighterCore, type RegexEngine } from 'shiki/core';
import { createJavaScriptRegexEngine } from 'shiki/engine/javascript';
import { bundledLanguagesInfo } from 'shiki/langs';
import { describe, expect, it } from 'vitest';
import { makeRegExp, RegexTranslations } from '../../../src/render/highlight/regex-translations.js';
import { createSearchEngine, type Translation } from '../../../src/render/highlight/search-scanner.js';

/** Live translations (no table folder): what Shiki's engine translates, the same way. */
function translations(): RegexTranslations {
  return new RegexTranslations('/nonexistent/regex-tables/');
}

/** An engine whose RegExps count the searches they run. */
function countingEngine(): { engine: RegexEngine; searches: () => number } {
  let searches = 0;
  const make = (t: Translation) => {
    const re = makeRegExp(t);
    const exec = re.exec.bind(re);
    re.exec = (s: string) => {
      searches++;
      return exec(s);
    };
    return re;
  };
  return { engine: createSearchEngine(translations().translate, make), searches: () => searches };
}

/** A deterministic sequence of numbers in [0, 1). */
function random(seed: number): () => number {
  let s = seed;
  return () => ((s = (s * 1103515245 + 12345) % 2 ** 31) / 2 ** 31);
}

// Oniguruma patterns as grammars write them.
const PATTERNS = [
  '(?<=\\.)([a-z]+)(?=\\()', // look-behind before the start, look-ahead past the match
  '\\b(?=[A-Z])', // zero-length
  '([a-z]+)\\s*(=)\\s*(\\d+)', // a match that may begin before a later start
  '\\x{FFFF}', // never matches
  '^\\s*(#|//)', // line start
  '\\G(\\s+)', // \G: sticky, searched every time
  '(?!\\G)\\s+', // not at the start: oniguruma-to-es cuts the line at the start (clip_search), searched every time
  '(?<name>[A-Z][a-z]+)|(\\()', // alternatives, named and unnamed groups
  '(?:(a)|b)+c', // a group that does not take part
];

const LINES = ['obj.call(x).then(y) = 42 and b = 7\n', 'const Foo = 1; // Bar.baz()\n', '   # comment .x(\n', 'abac bbc aabc\n', '\n'];

describe('createSearchEngine', () => {
  it('answers interleaved searches of scanners sharing patterns as Shiki\'s engine does', () => {
    const next = random(11);
    const ours = countingEngine();
    const shiki = createJavaScriptRegexEngine({ forgiving: true });
    // scanners over overlapping lists of the same patterns, as a grammar's rules are
    const lists = [PATTERNS, PATTERNS.slice(2), [PATTERNS[7], PATTERNS[0], PATTERNS[2]], [PATTERNS[5], PATTERNS[1]], [PATTERNS[6], PATTERNS[3]]];
    const mine = lists.map((l) => ours.engine.createScanner(l));
    const theirs = lists.map((l) => shiki.createScanner(l));
    const calls = 4000;
    let line = ours.engine.createString(LINES[0]);
    let shikiLine = shiki.createString(LINES[0]);
    let text = LINES[0];
    for (let i = 0; i < calls; i++) {
      if (next() < 0.1) {
        // a new line (an equal copy now and then: the same text, another string)
        const pick = LINES[Math.floor(next() * LINES.length)];
        text = next() < 0.3 ? [...pick].join('') : pick;
        line = ours.engine.createString(text);
        shikiLine = shiki.createString(text);
      }
      const s = Math.floor(next() * lists.length);
      const start = Math.floor(next() * (text.length + 1));
      const expected = theirs[s].findNextMatchSync(shikiLine, start, 0);
      expect(mine[s].findNextMatchSync(line, start, 0), `scanner ${s} on ${JSON.stringify(text)} from ${start}`).toEqual(expected);
    }
    // some searches were answered from a pattern's memory, shared between scanners
    expect(ours.searches()).toBeLessThan(calls * PATTERNS.length * 0.5);
  });

  it('searches again when the answer could change', () => {
    const { engine, searches } = countingEngine();
    const scanner = engine.createScanner(['b+']);
    const other = engine.createScanner(['x', 'b+']);
    const text = 'aaabbbaaabb';
    const at = (s: typeof scanner, t: string, start: number) => s.findNextMatchSync(engine.createString(t), start, 0)?.captureIndices[0];
    expect(at(scanner, text, 0)).toEqual({ start: 3, end: 6, length: 3 });
    const before = searches();
    expect(at(other, text, 2)).toEqual({ start: 3, end: 6, length: 3 }); // another scanner, a later start, the match still ahead: reused
    expect(searches()).toBe(before + 1); // only `x` searched
    expect(at(scanner, text, 4)).toEqual({ start: 4, end: 6, length: 2 }); // past the match's start: searched again
    expect(at(scanner, text, 1)).toEqual({ start: 3, end: 6, length: 3 }); // an earlier start than the last search: searched again
    expect(at(scanner, `${text}!`, 2)).toEqual({ start: 3, end: 6, length: 3 }); // another string: searched again
    expect(searches()).toBe(before + 4);
    expect(at(scanner, `${text}!`, 12)).toBeUndefined(); // none found
    expect(at(scanner, `${text}!`, 12)).toBeUndefined();
    expect(searches()).toBe(before + 5);
  });

  it('skips a pattern it cannot translate, as the forgiving engine does', () => {
    const { engine } = countingEngine();
    const scanner = engine.createScanner(['[z-a]', 'c']); // a range backwards: no translation
    expect(() => createJavaScriptRegexEngine().createScanner(['[z-a]'])).toThrow();
    expect(scanner.findNextMatchSync(engine.createString('aab c'), 0, 0)).toMatchObject({ index: 1, captureIndices: [{ start: 4, end: 5 }] });
  });
});

const BLOCKS: [string, string][] = [
  ['typescript', 'export const handler = async <T extends Record<string, unknown>>(req: Request<T>): Promise<Response> => {\n  const { data } = await client.users.list({ limit: 10, cursor: req.query?.cursor });\n  return new Response(JSON.stringify(data.map((u) => u.id)), { status: 200 });\n};\nclass Store<K, V> implements Map<K, V> { private readonly items = new Map<K, V>(); get size() { return this.items.size; } }\n'],
  ['python', 'from langchain_core.messages import HumanMessage\n\nasync def run(agent, *, query: str) -> list[dict]:\n    """Run the agent."""\n    result = await agent.ainvoke({"messages": [HumanMessage(content=f"{query!r}")]})\n    return [m.dict() for m in result["messages"] if m.type == "ai"]\n'],
  ['cpp', '#include <vector>\ntemplate <typename T>\nstd::vector<T> take(const std::vector<T>& v, std::size_t n) {\n  return std::vector<T>(v.begin(), v.begin() + std::min(n, v.size()));\n}\nauto main() -> int { auto xs = take<int>({1, 2, 3}, 2); return static_cast<int>(xs.size()); }\n'],
  ['tsx', 'export function Card({ title, children }: { title: string; children?: React.ReactNode }) {\n  return <div className="card" onClick={() => setOpen((o) => !o)}>{title}{children}</div>;\n}\n'],
  ['markdown', '# Title\n\nSome *text* with `code` and a [link](https://x.y).\n\n```ts\nconst a = 1;\n```\n\n- item\n  > quote\n'],
  // Latin-1 lines (narrowed patterns, latin1-patterns.ts) beside lines past U+00FF (the whole patterns)
  ['python', 'def größe(naïve: str, *args, **kw) -> dict[str, int]:\n    λόγος = {"日本語": 1, "café": 2}  # ✓ done\n    return {k: v + len(naïve) for k, v in λόγος.items() if v > 0x1F}\n@dataclass\nclass Café(Base):\n    """Straße."""\n    größe: int = 0\n'],
];

async function highlighter(engine: RegexEngine): Promise<HighlighterCore> {
  const langs = BLOCKS.map(([lang]) => lang);
  return createHighlighterCore({
    themes: [import('@shikijs/themes/github-light'), import('@shikijs/themes/github-dark')],
    langs: bundledLanguagesInfo.filter((info) => langs.includes(info.id) || info.id === 'typescript').map((info) => info.import()),
    engine,
  });
}

describe('highlighting with the search engine', () => {
  it('is byte for byte what Shiki gives', async () => {
    const shiki = await highlighter(createJavaScriptRegexEngine({ forgiving: true }));
    const ours = await highlighter(createSearchEngine(translations().translate, makeRegExp));
    for (const [lang, code] of BLOCKS) {
      // No time limit: Shiki's default (500 ms a line) cuts a line short when the first pass compiles the
      // grammar on a loaded machine, and its two theme passes then disagree (regex-translations.test.ts does the same).
      const options = { lang, themes: { light: 'github-light', dark: 'github-dark' }, tokenizeTimeLimit: 0 };
      const expected = shiki.codeToHtml(code, options);
      expect(expected.split('<span').length, lang).toBeGreaterThan(30);
      expect(ours.codeToHtml(code, options), lang).toBe(expected);
    }
  });
});
