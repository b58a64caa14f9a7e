/**
 * Whether Markdown and MDX blocks come out the same with only the languages they name
 * loaded (highlighter.ts blockLanguages, FENCE_EMBEDDERS) as with every supported grammar
 * loaded: `npx tsx bench/highlight-embedded.ts [DIR ...]` (default: the real sites in
 * /work/real). Blocks are highlighted in file order by one highlighter that loads what each
 * names, as a render thread does; any block whose tokens differ is printed. Run it after a
 * Shiki upgrade.
 */
import { createHighlighterCore } from 'shiki/core';
import { createJavaScriptRegexEngine } from 'shiki/engine/javascript';
import { bundledLanguagesInfo } from 'shiki/langs';
import { blockLanguages, ensureLanguages, SUPPORTED_LANGUAGES } from '../src/render/highlight/highlighter.js';
import { tokenizeDual } from '../src/render/highlight/dual-tokenize.js';
import { collectBlocks, realSites } from './highlight-blocks.js';
const dirs = process.argv.slice(2);
const blocks = collectBlocks(dirs.length ? dirs : realSites()).filter((b) => b.lang === 'mdx' || b.lang === 'markdown');
const full = await createHighlighterCore({
  themes: [import('@shikijs/themes/github-light'), import('@shikijs/themes/github-dark')],
  langs: bundledLanguagesInfo.filter((l) => SUPPORTED_LANGUAGES.includes(l.id)).map((l) => l.import()),
  engine: createJavaScriptRegexEngine({ forgiving: true }),
});
let differ = 0, inner = 0;
for (const b of blocks) {
  const langs = blockLanguages(b.lang, b.code);
  if (langs.length > 1) inner++;
  const h = await ensureLanguages(langs);
  const a = JSON.stringify(tokenizeDual(h, b.code, b.lang, 'github-light', 'github-dark'));
  const c = JSON.stringify(tokenizeDual(full, b.code, b.lang, 'github-light', 'github-dark'));
  if (a !== c) { differ++; console.log('DIFF', b.lang, b.file, JSON.stringify(b.code.slice(0, 200))); }
}
console.log(`${blocks.length} md/mdx blocks, ${inner} with inner fences, ${differ} differ; loaded at the end: ${(await ensureLanguages([])).getLoadedLanguages().filter((l) => !l.includes('.')).length}`);
