/**
 * Times code highlighting alone, each way in a fresh process:
 * `npx tsx bench/highlight.ts [DIR ...] [--max N] [--runs R] [--ways a,b]`.
 * The fences of the .md/.mdx files under DIR (default: the real sites in /work/real,
 * else a generated corpus) in the supported languages, distinct blocks, up to --max.
 * Per way: `first` is the cold start a render worker pays (highlighter, grammars, the
 * first highlight of every block), `warm` the best of 5 further rounds over every block;
 * both in CPU time of the process (steadier than wall time on a shared machine).
 *
 * - `quire`: the highlighter of highlight/highlighter.ts with tokenizeDual (one grammar
 *   pass, both themes).
 * - `public`: Shiki's public API only: createHighlighterCore with the JavaScript regex
 *   engine and codeToTokensWithThemes (one grammar pass per theme).
 * - `public-dual`: the same highlighter with tokenizeDual.
 * - `precompiled`, `precompiled-dual`: as `public` and `public-dual`, with the grammars of
 *   @shikijs/langs-precompiled (patterns translated when the package was built) and the
 *   raw JavaScript engine.
 * - `oniguruma`, `oniguruma-dual`: as `public` and `public-dual`, with Shiki's default
 *   Oniguruma engine (WASM, shipped inside the shiki package).
 */
import { execFileSync } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import { parseArgs } from 'node:util';
import { createHighlighterCore, type HighlighterCore, type LanguageRegistration } from 'shiki/core';
import { createJavaScriptRawEngine, createJavaScriptRegexEngine } from 'shiki/engine/javascript';
import { createOnigurumaEngine } from 'shiki/engine/oniguruma';
import { bundledLanguagesInfo } from 'shiki/langs';
import { tokenizeDual } from '../src/render/highlight/dual-tokenize.js';
import { DARK_THEME, LIGHT_THEME, ensureLanguages } from '../src/render/highlight/highlighter.js';
import { collectBlocks, realSites } from './highlight-blocks.js';

const WAYS = ['quire', 'public', 'public-dual', 'precompiled', 'precompiled-dual', 'oniguruma', 'oniguruma-dual'] as const;
type Way = (typeof WAYS)[number];

async function publicHighlighter(langs: string[], way: Way): Promise<HighlighterCore> {
  const precompiled = way.startsWith('precompiled');
  return createHighlighterCore({
    themes: [import('@shikijs/themes/github-light'), import('@shikijs/themes/github-dark')],
    langs: precompiled
      ? langs.map((l) => import(`@shikijs/langs-precompiled/${l}`) as Promise<{ default: LanguageRegistration[] }>)
      : bundledLanguagesInfo.filter((l) => langs.includes(l.id)).map((l) => l.import()),
    engine: precompiled
      ? createJavaScriptRawEngine()
      : way.startsWith('oniguruma') ? createOnigurumaEngine(import('shiki/wasm')) : createJavaScriptRegexEngine({ forgiving: true }),
  });
}

/** One way, in this process: [cold ms, best warm round ms]. */
async function measure(way: Way, sample: [string, string][]): Promise<[number, number]> {
  const langs = [...new Set(sample.map(([l]) => l))];
  const cpu = () => {
    const u = process.cpuUsage();
    return (u.user + u.system) / 1000;
  };
  const started = cpu();
  const h = way === 'quire' ? await ensureLanguages(langs) : await publicHighlighter(langs, way);
  const highlight = way === 'public' || way === 'precompiled' || way === 'oniguruma'
    ? (lang: string, code: string) => h.codeToTokensWithThemes(code, { lang, themes: { light: LIGHT_THEME, dark: DARK_THEME } })
    : (lang: string, code: string) => tokenizeDual(h, code, lang, LIGHT_THEME, DARK_THEME);
  for (const [lang, code] of sample) highlight(lang, code);
  const cold = cpu() - started;
  let best = Infinity;
  for (let r = 0; r < 5; r++) {
    const t = cpu();
    for (const [lang, code] of sample) highlight(lang, code);
    best = Math.min(best, cpu() - t);
  }
  return [cold, best];
}

const { values, positionals } = parseArgs({
  allowPositionals: true,
  options: { max: { type: 'string', default: '3000' }, way: { type: 'string' }, runs: { type: 'string', default: '3' }, ways: { type: 'string', default: WAYS.join(',') } },
});
const real = realSites();
const dirs = positionals.length ? positionals : real;
if (!dirs.length) throw new Error('pass a folder of .md/.mdx files');
const sample: [string, string][] = collectBlocks(dirs, Number(values.max)).map((b) => [b.lang, b.code]);
if (values.way) {
  process.stdout.write(`${JSON.stringify(await measure(values.way as Way, sample))}\n`);
} else {
  const ways = values.ways.split(',') as Way[];
  const langs = new Set(sample.map(([l]) => l));
  const chars = sample.reduce((n, [, c]) => n + c.length, 0);
  console.log(`${sample.length} distinct blocks, ${langs.size} languages, ${Math.round(chars / 1024)} KiB of code; median of ${values.runs} runs per way, interleaved`);
  const results = new Map<Way, [number, number][]>(ways.map((w) => [w, []]));
  for (let run = 0; run < Number(values.runs); run++) {
    for (const way of ways) {
      const args = ['--import', 'tsx', fileURLToPath(import.meta.url), '--way', way, '--max', values.max, ...dirs];
      results.get(way)!.push(JSON.parse(execFileSync(process.execPath, args, { encoding: 'utf8', maxBuffer: 1 << 26 }).trim().split('\n').pop()!) as [number, number]);
    }
  }
  const median = (xs: number[]) => xs.sort((a, b) => a - b)[xs.length >> 1];
  const [c0, w0] = [median(results.get(ways[0])!.map((r) => r[0])), median(results.get(ways[0])!.map((r) => r[1]))];
  for (const way of ways) {
    const cold = median(results.get(way)!.map((r) => r[0]));
    const warm = median(results.get(way)!.map((r) => r[1]));
    console.log(`${way.padEnd(16)} first ${Math.round(cold)} ms CPU (${(cold / c0).toFixed(2)}x), warm ${Math.round(warm)} ms CPU (${(warm / w0).toFixed(2)}x)`);
  }
}
