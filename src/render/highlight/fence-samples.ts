/**
 * The code fences a site's pages use, by language, with the first blocks of each as
 * samples: what a render thread warms its highlighter with before its first page
 * (highlight/warm-up.ts). Read on the export's main thread from the page sources the
 * scan has just read, so it loads nothing of Shiki's and only scans lines. A guess is
 * harmless: a fence missed here is highlighted as usual when its page renders, and a
 * language named here that Shiki does not know is skipped by the render thread.
 */

/** Blocks kept per fence language: enough for the rules most blocks use, no more. */
export const SAMPLES_PER_LANGUAGE = 2;
/** Characters kept of one block (its first lines up to this). */
export const SAMPLE_CHARS = 2000;
/** Fence languages kept at most (a site naming thousands is not warmed for each). */
export const MAX_LANGUAGES = 64;

/** Fence language (lower case, as written) -> its first blocks' text. */
export type FenceSamples = Record<string, string[]>;

const FENCE_OPEN = /^[ \t]*(`{3,}|~{3,})[ \t]*([^\s`{]*)/;

/** Samples of the fenced code in `sources` (Markdown or MDX texts). */
export function fenceSamples(sources: Iterable<string>): FenceSamples {
  const samples: FenceSamples = Object.create(null) as FenceSamples;
  let languages = 0;
  for (const source of sources) {
    for (const { lang, lines, from, to } of fences(source)) {
      let kept = samples[lang];
      if (lang && !kept && languages < MAX_LANGUAGES) {
        kept = samples[lang] = [];
        languages++;
      }
      if (kept && kept.length < SAMPLES_PER_LANGUAGE) kept.push(firstChars(lines, from, to));
    }
  }
  return samples;
}

/** A fenced block: its language (lower case, as written; '' for none) and its lines [from, to) of `lines`. */
export interface Fence {
  lang: string;
  lines: string[];
  from: number;
  to: number;
}

/** The fenced blocks of `source` (Markdown or MDX), in order. */
export function* fences(source: string): Generator<Fence> {
  // Most pages of most sites have no fence: skip them without splitting them into lines.
  if (!source.includes('```') && !source.includes('~~~')) return;
  const lines = source.split('\n');
  for (let i = 0; i < lines.length; i++) {
    const open = FENCE_OPEN.exec(lines[i]);
    if (!open) continue;
    const [, marker, name] = open;
    // The block ends at a line of the same marker at least as long (CommonMark), or at the end of the page.
    let end = i + 1;
    while (end < lines.length && !closes(lines[end], marker)) end++;
    yield { lang: name.toLowerCase(), lines, from: i + 1, to: end };
    i = end;
  }
}

function closes(line: string, marker: string): boolean {
  const trimmed = line.trim();
  return trimmed.length >= marker.length && trimmed[0] === marker[0] && /^(`+|~+)$/.test(trimmed);
}

/** Lines [from, to) joined, cut at the last whole line within SAMPLE_CHARS. */
function firstChars(lines: string[], from: number, to: number): string {
  let text = '';
  for (let k = from; k < to; k++) {
    const next = text ? `${text}\n${lines[k]}` : lines[k];
    if (next.length > SAMPLE_CHARS) break;
    text = next;
  }
  return text;
}
