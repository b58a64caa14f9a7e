/**
 * A pattern that remembers its last search (last-search.ts) answers every search as a
 * fresh RegExp does: same match, same indices, same lastIndex, whatever the order of the
 * strings and start positions; patterns whose start changes what matches are left alone;
 * and highlighting with it is byte for byte Shiki's own.
 */
import { createHighlighterCore, type HighlighterCore } from 'shiki/core';
import { createJavaScriptRegexEngine, defaultJavaScriptRegexConstructor } from 'shiki/engine/javascript';
import { bundledLanguagesInfo } from 'shiki/langs';
import { EmulatedRegExp } from 'oniguruma-to-es';
import { describe, expect, it } from 'vitest';
import { withLastSearch } from '../../../src/render/highlight/last-search.js';

/** What a search gives: the match with its indices, and where lastIndex is left. */
function outcome(re: RegExp, text: string, start: number): unknown {
  re.lastIndex = start;
  const m = re.exec(text);
  return { match: m && [...m], index: m?.index, indices: m?.indices && [...m.indices], lastIndex: re.lastIndex };
}

/** A deterministic sequence of numbers in [0, 1). */
function random(seed: number): () => number {
  let s = seed;
  return () => ((s = (s * 1103515245 + 12345) % 2 ** 31) / 2 ** 31);
}

const PATTERNS = [
  // look-behind reading before the start, look-ahead past the match
  ['(?<=\\.)([a-z]+)(?=\\()', 'gd'],
  // zero-length matches
  ['\\b(?=[A-Z])', 'gd'],
  // a match that may begin before a later start
  ['[a-z]+\\s*=\\s*\\d+', 'gd'],
  // never matches
  ['\\uFFFF', 'gd'],
  ['^\\s*(#|//)', 'gmd'],
] as const;

const TEXTS = ['obj.call(x).then(y) = 42 and b = 7\n', 'const Foo = 1; // Bar.baz()\n', '   # comment .x(\n', ''];

/** `regex` with its searches counted (those the memory does not answer). */
function counting(regex: RegExp): { regex: RegExp; searches: () => number } {
  let searches = 0;
  const exec = regex.exec.bind(regex);
  regex.exec = (s: string) => {
    searches++;
    return exec(s);
  };
  return { regex, searches: () => searches };
}

describe('withLastSearch', () => {
  it('answers interleaved searches of several strings from any start as a fresh RegExp does', () => {
    const next = random(7);
    for (const [source, flags] of PATTERNS) {
      const counted = counting(new RegExp(source, flags));
      const remembered = withLastSearch(counted.regex);
      const fresh = new RegExp(source, flags);
      const calls = 3000;
      for (let i = 0; i < calls; i++) {
        // the same string object again most of the time, an equal copy now and then (a new line of the same text)
        const pick = TEXTS[Math.floor(next() * TEXTS.length)];
        const text = next() < 0.2 ? [...pick].join('') : pick;
        const start = Math.floor(next() * (text.length + 2));
        expect(outcome(remembered, text, start), `${source} on ${JSON.stringify(text)} from ${start}`).toEqual(outcome(fresh, text, start));
      }
      // some searches were answered from memory
      expect(counted.searches(), source).toBeLessThan(calls * 0.9);
    }
  });

  it('reuses a search only when it would find the same match', () => {
    const counted = counting(/b+/dg);
    const remembered = withLastSearch(counted.regex);
    const searches = () => counted.searches();
    const text = 'aaabbbaaabb';
    expect(outcome(remembered, text, 0)).toMatchObject({ index: 3, lastIndex: 6 });
    expect(outcome(remembered, text, 2)).toMatchObject({ index: 3, lastIndex: 6 }); // a later start, the match still ahead: reused
    expect(searches()).toBe(1);
    expect(outcome(remembered, text, 4)).toMatchObject({ index: 4, lastIndex: 6 }); // past the match's start: searched again
    expect(outcome(remembered, text, 1)).toMatchObject({ index: 3, lastIndex: 6 }); // an earlier start than the last search: searched again
    expect(outcome(remembered, 'aaabbbaaabb!', 2)).toMatchObject({ index: 3 }); // another string: searched again
    expect(searches()).toBe(4);
    expect(outcome(remembered, 'aaabbbaaabb!', 12)).toMatchObject({ index: undefined, lastIndex: 0 }); // none found: lastIndex reset
    expect(outcome(remembered, 'aaabbbaaabb!', 12)).toMatchObject({ index: undefined, lastIndex: 0 });
    expect(searches()).toBe(5);
  });

  it('leaves alone patterns whose start changes what they match', () => {
    const sticky = /a/y;
    const once = /a/;
    const clipped = new EmulatedRegExp('a', 'g', { strategy: 'clip_search' });
    for (const re of [sticky, once, clipped]) expect(Object.hasOwn(withLastSearch(re), 'exec')).toBe(false);
    expect(Object.hasOwn(withLastSearch(new EmulatedRegExp('a', 'g', {})), 'exec')).toBe(true);
  });
});

const BLOCKS: [string, string][] = [
  ['typescript', 'export const handler = async <T extends Record<string, unknown>>(req: Request<T>): Promise<Response> => {\n  const { data } = await client.users.list({ limit: 10, cursor: req.query?.cursor });\n  return new Response(JSON.stringify(data.map((u) => u.id)), { status: 200 });\n};\nclass Store<K, V> implements Map<K, V> { private readonly items = new Map<K, V>(); get size() { return this.items.size; } }\n'],
  ['python', 'from langchain_core.messages import HumanMessage\n\nasync def run(agent, *, query: str) -> list[dict]:\n    """Run the agent."""\n    result = await agent.ainvoke({"messages": [HumanMessage(content=f"{query!r}")]})\n    return [m.dict() for m in result["messages"] if m.type == "ai"]\n'],
  ['cpp', '#include <vector>\ntemplate <typename T>\nstd::vector<T> take(const std::vector<T>& v, std::size_t n) {\n  return std::vector<T>(v.begin(), v.begin() + std::min(n, v.size()));\n}\nauto main() -> int { auto xs = take<int>({1, 2, 3}, 2); return static_cast<int>(xs.size()); }\n'],
  ['tsx', 'export function Card({ title, children }: { title: string; children?: React.ReactNode }) {\n  return <div className="card" onClick={() => setOpen((o) => !o)}>{title}{children}</div>;\n}\n'],
];

async function highlighter(regexConstructor?: (pattern: string) => RegExp): Promise<HighlighterCore> {
  const langs = BLOCKS.map(([lang]) => lang);
  return createHighlighterCore({
    themes: [import('@shikijs/themes/github-light'), import('@shikijs/themes/github-dark')],
    langs: bundledLanguagesInfo.filter((info) => langs.includes(info.id)).map((info) => info.import()),
    engine: createJavaScriptRegexEngine({ forgiving: true, ...(regexConstructor && { regexConstructor }) }),
  });
}

describe('highlighting with patterns that remember their last search', () => {
  it('is byte for byte what Shiki gives', async () => {
    const shiki = await highlighter();
    const remembering = await highlighter((pattern) => withLastSearch(defaultJavaScriptRegexConstructor(pattern)));
    for (const [lang, code] of BLOCKS) {
      // No time limit: Shiki's default (500 ms a line) cuts a line short when the first pass compiles the
      // grammar on a loaded machine, and its two theme passes then disagree (regex-translations.test.ts does the same).
      const options = { lang, themes: { light: 'github-light', dark: 'github-dark' }, tokenizeTimeLimit: 0 };
      const expected = shiki.codeToHtml(code, options);
      expect(expected.split('<span').length, lang).toBeGreaterThan(30);
      expect(remembering.codeToHtml(code, options), lang).toBe(expected);
    }
  });
});
