/**
 * The highlighter's regex engine: Shiki's JavaScript engine (the same scanner rule, the
 * same RegExps), with each pattern's last search kept by the pattern itself.
 *
 * A TextMate scanner is asked, at a position of a line, which of its rule's patterns
 * matches first. Shiki's engine remembers, per scanner and per pattern, the last search
 * (as vscode-oniguruma does): asked again on the same line from a position no earlier,
 * and the match it found is not behind that position (or there was none), the answer is
 * the same. But vscode-textmate makes a scanner per rule (and per `\A`/`\G` variant), rules
 * include the same patterns (TypeScript's includes `expression` in 22 places) and the
 * engine shares one RegExp per pattern string between them: on the real sites' code a
 * third of the searches repeated one another scanner had just made on the same line
 * (0xsequence's TypeScript: 611,000 of 1.85 million). Here the memory is the pattern's,
 * shared by every scanner, with the engine's rule.
 *
 * This replaces a `regexConstructor` that gave each RegExp an `exec` of its own to the
 * same end (session 22): V8 runs `exec` on its fast path only for a RegExp whose shape is
 * untouched, ~370 against ~320 ns a matching search. Counted with
 * `valgrind --tool=cachegrind` (instructions of a whole process highlighting a site's
 * distinct blocks; deterministic where the wall clock of this host is not): 0xsequence's
 * 43.76 -> 40.78 billion, mem0's 12.90 -> 11.68, Continue's 5.67 -> 5.50 (docs/benchmarks.mdx).
 *
 * Sticky patterns and those oniguruma-to-es gives a search strategy (`clip_search` cuts the
 * line at the start position, so the start changes what matches) are searched every time,
 * as the engine does. Same tokens as Shiki's engine (test/render/highlight/search-scanner.test.ts,
 * and whole exports of the real sites).
 */
import type { RegexEngine } from 'shiki/core';
import { isLatin1 } from '../one-byte.js';
import { latin1Translation } from './latin1-patterns.js';

/** A pattern's translation: what `new EmulatedRegExp(source, flags, options)` or `new RegExp(source, flags)` takes. */
export interface Translation {
  source: string;
  flags: string;
  /** oniguruma-to-es's options (hidden captures, a search strategy), when the translation has some. */
  options?: { strategy?: string | null; [key: string]: unknown };
}

/** Builds the RegExp of a translation. */
export type MakeRegExp = (t: Translation) => RegExp;

const MAX = 4294967295;

/** A line as the engine hands it to its scanners (createString). */
interface ScanString {
  content: string;
  id: number;
  latin1: boolean;
}

interface CaptureIndex {
  start: number;
  end: number;
  length: number;
}

interface Match {
  index: number;
  captureIndices: CaptureIndex[];
}

function toResult(index: number, indices: RegExpIndicesArray): Match {
  const captureIndices: CaptureIndex[] = new Array<CaptureIndex>(indices.length);
  for (let i = 0; i < indices.length; i++) {
    const at = indices[i];
    captureIndices[i] = at ? { start: at[0], end: at[1], length: at[1] - at[0] } : { start: MAX, end: MAX, length: 0 };
  }
  return { index, captureIndices };
}

/**
 * One pattern, shared by the scanners that use it. A pattern with Unicode property classes
 * searches lines of Latin-1 text with its narrowed RegExp (latin1-patterns.ts) and makes its
 * whole one only for a line past U+00FF.
 */
class Pattern {
  /** The last search is remembered (not sticky, no search strategy). */
  private readonly memo: boolean;
  // The last search: its string, its start and its match.
  private text: string | undefined = undefined;
  private from = 0;
  private match: RegExpExecArray | null = null;
  /** The RegExp for lines of Latin-1 text: the narrowed one, else the whole one. */
  private readonly latin1: RegExp;
  /** The whole RegExp, once made; null when it could not be (the pattern then never matches such a line). */
  private whole: RegExp | null | undefined;

  /** `regex`: the RegExp for any line; or, with `makeWhole`, the one for lines of Latin-1 text. */
  constructor(regex: RegExp, strategy: unknown, private readonly makeWhole?: () => RegExp) {
    this.latin1 = regex;
    if (!makeWhole) this.whole = regex;
    this.memo = regex.global && !regex.sticky && !strategy;
  }

  private wholeRegExp(): RegExp | null {
    if (this.whole === undefined) {
      try {
        this.whole = this.makeWhole!();
      } catch {
        // Its narrowed twin compiled, so this cannot fail for the narrowed classes; anything else: never matches, as a pattern without a translation.
        this.whole = null;
      }
    }
    return this.whole;
  }

  /** Where the pattern matches in `text` (`latin1`: all its characters up to U+00FF) from `start` (-1: nowhere). */
  find(text: string, start: number, latin1: boolean): number {
    const last = this.match;
    if (this.memo && text === this.text && this.from <= start && (last === null || last.index >= start)) return last ? last.index : -1;
    const regex = latin1 ? this.latin1 : this.wholeRegExp();
    if (!regex) return -1;
    regex.lastIndex = start;
    const match = regex.exec(text);
    this.text = text;
    this.from = start;
    this.match = match;
    return match ? match.index : -1;
  }

  /** The groups of the match `find` found last. */
  groups(): RegExpIndicesArray {
    return this.match!.indices!;
  }
}

class SearchScanner {
  constructor(private readonly patterns: (Pattern | null)[]) {}

  findNextMatchSync(string: string | ScanString, startPosition: number): Match | null {
    const text = typeof string === 'string' ? string : string.content;
    const latin1 = typeof string === 'string' ? isLatin1(text) : string.latin1;
    let best = -1;
    let bestAt = 0;
    for (let i = 0; i < this.patterns.length; i++) {
      const at = this.patterns[i]?.find(text, startPosition, latin1) ?? -1;
      if (at === -1) continue;
      if (at === startPosition) return toResult(i, this.patterns[i]!.groups());
      if (best === -1 || at < bestAt) {
        best = i;
        bestAt = at;
      }
    }
    return best === -1 ? null : toResult(best, this.patterns[best]!.groups());
  }
}

/**
 * The engine: `translate` gives a pattern's translation (throws when there is none: the
 * pattern is then skipped, as Shiki's `forgiving` does), `make` builds a RegExp of one.
 */
export function createSearchEngine(translate: (pattern: string) => Translation, make: MakeRegExp): RegexEngine {
  const cache = new Map<string, Pattern | null>();
  const patternOf = (p: string | RegExp): Pattern | null => {
    // A RegExp given as is (Shiki's precompiled grammars, not used here): searched as the engine does, without the memory.
    if (typeof p !== 'string') return new Pattern(p, true);
    let pattern = cache.get(p);
    if (pattern === undefined) {
      try {
        const t = translate(p);
        const narrowed = latin1Translation(t);
        pattern = narrowed ? new Pattern(make(narrowed), t.options?.strategy, () => make(t)) : new Pattern(make(t), t.options?.strategy);
      } catch {
        // No translation (a construct JavaScript cannot express): the pattern never matches, the grammar's other rules still do.
        pattern = null;
      }
      cache.set(p, pattern);
    }
    return pattern;
  };
  let lastId = 0;
  return {
    createScanner: (patterns) => new SearchScanner(patterns.map(patternOf)),
    // Whether a line is Latin-1 is looked at once, not at each of its searches.
    createString: (content): ScanString => ({ content, id: ++lastId, latin1: isLatin1(content) }),
  };
}
