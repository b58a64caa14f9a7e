/**
 * A render thread's highlighter warmed before its first page: the grammars of the
 * languages the site's fences use are loaded, and a few of the site's own blocks of
 * each (highlight/fence-samples.ts) are tokenized, so that Shiki's JavaScript engine
 * translates, and V8 compiles, the patterns of the rules most blocks use while the
 * thread would otherwise wait for the export's main thread to finish its scan. That
 * work is the one the first pages would do (0.7 s of CPU for the 5 languages of the
 * generated corpus, 3 s for the 20 of Mintlify's docs); the samples' tokens are
 * dropped, which costs little next to it. Only Shiki's public API is used.
 */
import { DARK_THEME, LIGHT_THEME, blockLanguages, ensureLanguages, languageId } from './highlighter.js';
import { HighlightLimitError, tokenizeDual } from './dual-tokenize.js';
import type { FenceSamples } from './fence-samples.js';
import type { TwoslashBlock } from './twoslash-blocks.js';

/** What a render thread is sent to warm up with (pool/render-worker.ts). */
export interface WarmUp {
  warm: FenceSamples;
  /** The site's Twoslash blocks, typed ahead in a thread of their own (pool/twoslash-thread.ts). */
  twoslash?: TwoslashBlock[];
}

/** Loads the grammars of `samples` and tokenizes each sample once; languages Shiki does not know are skipped. */
export async function warmHighlighter(samples: FenceSamples): Promise<void> {
  const ids = new Map<string, string[]>();
  for (const [lang, blocks] of Object.entries(samples)) {
    const id = languageId(lang);
    if (id) ids.set(id, [...(ids.get(id) ?? []), ...blocks]);
  }
  if (ids.size === 0) return;
  // In one call, so that each grammar loads after those it embeds (highlighter.ts).
  const h = await ensureLanguages([...ids].flatMap(([id, blocks]) => [id, ...blocks.flatMap((code) => blockLanguages(id, code))]));
  for (const [id, blocks] of ids) {
    for (const code of blocks) {
      try {
        tokenizeDual(h, code, id, LIGHT_THEME, DARK_THEME);
      } catch (err) {
        // A block past a highlighting bound is shown as plain text when its page renders, and told then.
        if (!(err instanceof HighlightLimitError)) throw err;
      }
    }
  }
}
