/**
 * How close each way of highlighting comes to Shiki's default, the Oniguruma (WASM)
 * engine, which is what Mintlify highlights with:
 * `npx tsx bench/highlight-fidelity.ts [DIR ...] [--show N] [--json FILE]`.
 * Every distinct block of the .md/.mdx files under DIR (default: the real sites in
 * /work/real) is coloured for both themes by each way, and per grammar the blocks whose
 * colours differ from Oniguruma's anywhere are counted (tokens compared per character:
 * text, light and dark colour, font style). `--show N` prints the first N differing
 * lines per way and grammar.
 *
 * - `js`: the JavaScript regex engine translating the bundled grammars (forgiving).
 * - `precompiled`: @shikijs/langs-precompiled (patterns translated when that package
 *   was built, from its own release's grammars) with the raw JavaScript engine.
 */
import { writeFileSync } from 'node:fs';
import { parseArgs } from 'node:util';
import { createHighlighterCore, type HighlighterCore, type LanguageRegistration, type RegexEngine } from 'shiki/core';
import { createJavaScriptRawEngine, createJavaScriptRegexEngine } from 'shiki/engine/javascript';
import { createOnigurumaEngine } from 'shiki/engine/oniguruma';
import { bundledLanguagesInfo } from 'shiki/langs';
import { HighlightLimitError, tokenizeDual, type DualToken } from '../src/render/highlight/dual-tokenize.js';
import { DARK_THEME, LIGHT_THEME } from '../src/render/highlight/highlighter.js';
import { collectBlocks, realSites, type Block } from './highlight-blocks.js';

const { values, positionals } = parseArgs({ allowPositionals: true, options: { show: { type: 'string', default: '0' }, json: { type: 'string' } } });
const dirs = positionals.length ? positionals : realSites();
if (!dirs.length) throw new Error('pass a folder of .md/.mdx files');
const blocks = collectBlocks(dirs);
const langs = [...new Set(blocks.map((b) => b.lang))].sort();

function highlighter(engine: RegexEngine | Promise<RegexEngine>, precompiled: boolean): Promise<HighlighterCore> {
  return createHighlighterCore({
    themes: [import('@shikijs/themes/github-light'), import('@shikijs/themes/github-dark')],
    langs: precompiled
      ? langs.map((l) => import(`@shikijs/langs-precompiled/${l}`) as Promise<{ default: LanguageRegistration[] }>)
      : bundledLanguagesInfo.filter((l) => langs.includes(l.id)).map((l) => l.import()),
    engine,
  });
}

/** One string per line: its tokens as `text|light|dark|style`, or why the block went plain. */
function colours(h: HighlighterCore, b: Block): string[] {
  try {
    return tokenizeDual(h, b.code, b.lang, LIGHT_THEME, DARK_THEME).map((line) => line.map((t: DualToken) => `${t.content}|${t.light}|${t.dark}|${t.fontStyle}`).join(' '));
  } catch (err) {
    if (err instanceof HighlightLimitError) return [`plain: ${err.message}`];
    return [`error: ${(err as Error).message}`];
  }
}

const reference = await highlighter(createOnigurumaEngine(import('shiki/wasm')), false);
const ways: Record<string, HighlighterCore> = {
  js: await highlighter(createJavaScriptRegexEngine({ forgiving: true }), false),
  precompiled: await highlighter(createJavaScriptRawEngine(), true),
};
const show = Number(values.show);
const counts = new Map<string, { blocks: number; differ: Record<string, number> }>();
const shown = new Map<string, number>();
for (const b of blocks) {
  const want = colours(reference, b);
  const row = counts.get(b.lang) ?? { blocks: 0, differ: Object.fromEntries(Object.keys(ways).map((w) => [w, 0])) };
  counts.set(b.lang, row);
  row.blocks++;
  for (const [way, h] of Object.entries(ways)) {
    const got = colours(h, b);
    if (got.length === want.length && got.every((l, i) => l === want[i])) continue;
    row.differ[way]++;
    const k = `${way}\0${b.lang}`;
    if ((shown.get(k) ?? 0) >= show) continue;
    shown.set(k, (shown.get(k) ?? 0) + 1);
    const i = got.findIndex((l, n) => l !== want[n]);
    console.log(`${way} ${b.lang} ${b.file}\n  oniguruma: ${want[i === -1 ? got.length : i]}\n  ${way}: ${got[i === -1 ? want.length : i]}`);
  }
}
const names = Object.keys(ways);
console.log(`${blocks.length} distinct blocks in ${langs.length} grammars; blocks whose colours differ from the Oniguruma engine's:`);
console.log(`${'grammar'.padEnd(14)}${'blocks'.padStart(7)}${names.map((w) => w.padStart(13)).join('')}`);
const total = Object.fromEntries(names.map((w) => [w, 0]));
for (const [lang, row] of [...counts].sort()) {
  for (const w of names) total[w] += row.differ[w];
  if (names.every((w) => row.differ[w] === 0)) continue;
  console.log(`${lang.padEnd(14)}${String(row.blocks).padStart(7)}${names.map((w) => String(row.differ[w]).padStart(13)).join('')}`);
}
console.log(`${'all'.padEnd(14)}${String(blocks.length).padStart(7)}${names.map((w) => String(total[w]).padStart(13)).join('')}`);
if (values.json) writeFileSync(values.json, JSON.stringify(Object.fromEntries(counts), null, 1));
