/**
 * Grammar patterns' JavaScript translations made at build time, so that a render thread
 * does not run oniguruma-to-es on every Oniguruma pattern of the grammars it uses.
 *
 * Shiki's JavaScript engine translates each pattern the first time a rule is used, in
 * every thread (oniguruma-to-es `toRegExp`): on Mintlify's docs 1,259 patterns, ~0.4-0.6 s
 * of a render thread's CPU. `npm run build` writes, per grammar of the supported languages
 * and those they embed, every pattern vscode-textmate can hand the engine (the grammar's
 * `match`/`begin`/`end`/`while` strings, `\z` rewritten and with the `\A`/`\G` variants:
 * grammarPatterns) with its translation (`toRegExpDetails`, the options of Shiki's
 * `defaultJavaScriptRegexConstructor`), in `regex-tables/<grammar>.json` beside this module
 * (build-regex-tables.ts). The highlighter's engine (search-scanner.ts) asks this module
 * for each pattern's translation: a pattern in a loaded table becomes
 * `new EmulatedRegExp(pattern, flags, options)` or `new RegExp(pattern, flags)`, as
 * oniguruma-to-es's README says to rebuild a translation; any other pattern (an `end`
 * made from a back-reference's text, a table not built) is translated live as Shiki would.
 * A table made for another Shiki, oniguruma-to-es, V8 or target is not used (the stamp).
 *
 * Why not Shiki's own answer: @shikijs/langs-precompiled's 4.4.3 grammars are older than
 * shiki 4.6's and it turns back-references in `end` patterns into `(?!)` (a Markdown fence
 * never closes). Issue 20 keeps a workaround of ours only where the public path costs
 * over 10%: translated live, a render thread's first highlight (bench/highlight-first.ts,
 * alternated, 2026-11-29) of Mintlify's docs' 1,629 blocks took 2.86-3.97 s of CPU against
 * 2.37-2.72 s with the tables (12-51% more, pair by pair), Continue's 587 blocks 1.72-1.87 s
 * against 1.31-1.54 s, pipecat's 2,313 blocks 2.81-3.11 s against 2.43-2.61 s; 99% of the
 * patterns the engine asked for came from a table (docs/benchmarks.mdx).
 */
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { EmulatedRegExp, toRegExpDetails, type ToRegExpOptions } from 'oniguruma-to-es';
import type { LanguageRegistration } from 'shiki/core';
import { installedPackageVersion } from '../installed-package.js';
import type { Translation } from './search-scanner.js';

type Details = ReturnType<typeof toRegExpDetails>;

/** What Shiki's `defaultJavaScriptRegexConstructor` passes to `toRegExp` (target: the engine's default). */
export const TRANSLATION_OPTIONS: ToRegExpOptions = {
  global: true,
  hasIndices: true,
  lazyCompileLength: 3000,
  rules: { allowOrphanBackrefs: true, asciiWordBoundaries: true, captureGroup: true, recursionLimit: 5, singleline: true },
  target: 'auto',
};

/** A pattern and its translation, or the message of the error translating it threw. */
export type TableEntry =
  | [pattern: string, source: string, flags: string, options?: Details['options']]
  | [pattern: string, error: null, message: string];

export interface RegexTable {
  /** What made it (translationStamp): a table of another stamp is ignored. */
  stamp: string;
  grammar: string;
  entries: TableEntry[];
}

/** The target oniguruma-to-es picks for `auto` here: the first whose translations of patterns that tell them apart are auto's. */
function resolvedTarget(): string {
  const probes = ['(?i:a)b', '[\\w&&[^\\d]]', '[[^a]]', '[a\\-z]'];
  const translate = (target: ToRegExpOptions['target']) => probes.map((p) => {
    try {
      return JSON.stringify(toRegExpDetails(p, { ...TRANSLATION_OPTIONS, target }));
    } catch (err) {
      return String(err);
    }
  }).join('\n');
  const auto = translate('auto');
  return (['ES2025', 'ES2024', 'ES2018'] as const).find((t) => translate(t) === auto) ?? 'unknown';
}

let stamp: string | undefined;
/** Shiki's and oniguruma-to-es's versions, V8's, the target and the options: what a translation depends on. */
export function translationStamp(): string {
  stamp ??= [
    `shiki ${installedPackageVersion('shiki')}`,
    `oniguruma-to-es ${installedPackageVersion('oniguruma-to-es')}`,
    `v8 ${process.versions.v8}`,
    `target ${resolvedTarget()}`,
    JSON.stringify(TRANSLATION_OPTIONS),
  ].join('; ');
  return stamp;
}

const ANCHOR_OR_ESCAPE = /\\(.)/gs;

/**
 * What vscode-textmate's RegExpSource hands the engine for one `match`/`begin`/`end`/`while`
 * string: `\z` rewritten as `$(?!\n)(?<!\n)`, then, if it holds `\A` or `\G`, the four
 * variants with each of them kept or made `\uFFFF` (never matching).
 */
export function patternVariants(raw: string): string[] {
  let hasAnchor = false;
  const source = raw.replace(ANCHOR_OR_ESCAPE, (escape, ch: string) => {
    if (ch === 'A' || ch === 'G') hasAnchor = true;
    return ch === 'z' ? '$(?!\\n)(?<!\\n)' : escape;
  });
  if (!hasAnchor) return [source];
  const variant = (allowA: boolean, allowG: boolean) =>
    source.replace(ANCHOR_OR_ESCAPE, (escape, ch: string) => ((ch === 'A' && !allowA) || (ch === 'G' && !allowG) ? '\\\uFFFF' : escape));
  return [variant(false, false), variant(false, true), variant(true, false), variant(true, true)];
}

const BACK_REFERENCE = /\\(\d+)/;

/**
 * Every pattern string a grammar's rules can hand the engine, but `end` and `while`
 * patterns with back-references (made from the text the `begin` matched, at run time),
 * and `\uFFFF` (a `begin` rule's missing `end`).
 */
export function grammarPatterns(grammar: LanguageRegistration): Set<string> {
  const patterns = new Set<string>(['\uFFFF']);
  const walk = (node: unknown): void => {
    if (Array.isArray(node)) {
      for (const item of node) walk(item);
      return;
    }
    if (!node || typeof node !== 'object') return;
    const rule = node as Record<string, unknown>;
    for (const key of ['match', 'begin', 'end', 'while'] as const) {
      const raw = rule[key];
      if (typeof raw !== 'string' || raw === '') continue;
      const variants = patternVariants(raw);
      if ((key === 'end' || key === 'while') && BACK_REFERENCE.test(variants[0])) continue;
      for (const v of variants) patterns.add(v);
    }
    for (const value of Object.values(rule)) if (value && typeof value === 'object') walk(value);
  };
  walk(grammar);
  return patterns;
}

/** The table of `grammar`: each of its patterns with its translation. */
export function makeTable(grammar: LanguageRegistration): RegexTable {
  const entries = [...grammarPatterns(grammar)].map((pattern): TableEntry => {
    try {
      const d = toRegExpDetails(pattern, TRANSLATION_OPTIONS);
      return d.options ? [pattern, d.pattern, d.flags, d.options] : [pattern, d.pattern, d.flags];
    } catch (err) {
      return [pattern, null, err instanceof Error ? err.message : String(err)];
    }
  });
  return { stamp: translationStamp(), grammar: grammar.name, entries };
}

/** The RegExp of a translation, as `toRegExp` makes it. */
export function makeRegExp(t: Translation): RegExp {
  return t.options ? new EmulatedRegExp(t.source, t.flags, t.options) : new RegExp(t.source, t.flags);
}

/**
 * The translations of the grammars loaded so far, handed to the highlighter's engine
 * (search-scanner.ts): a pattern in no loaded table is translated live.
 */
export class RegexTranslations {
  /** Patterns made from a table, translated live, and tables read and ignored (another stamp). */
  readonly counts = { hits: 0, misses: 0, tables: 0, stale: 0 };
  private readonly entries = new Map<string, TableEntry>();
  private readonly tried = new Set<string>();

  /** `dir`: the folder of the `<grammar>.json` tables. */
  constructor(private readonly dir: string) {}

  /** Reads the tables of the grammars named (a registration's `name`) not read yet; a missing table is no error. */
  load(grammars: Iterable<string>): void {
    for (const name of grammars) {
      if (this.tried.has(name)) continue;
      this.tried.add(name);
      let table: RegexTable;
      try {
        table = JSON.parse(readFileSync(join(this.dir, `${name}.json`), 'utf8')) as RegexTable;
      } catch (err) {
        if ((err as NodeJS.ErrnoException).code === 'ENOENT') continue;
        throw err;
      }
      if (table.stamp !== translationStamp()) {
        this.counts.stale++;
        continue;
      }
      this.counts.tables++;
      for (const entry of table.entries) this.entries.set(entry[0], entry);
    }
  }

  /** A pattern's translation (from a table, else made live); throws as the translation threw. */
  readonly translate = (pattern: string): Translation => {
    const entry = this.entries.get(pattern);
    if (entry) {
      this.counts.hits++;
      if (entry[1] === null) throw new Error(entry[2]);
      return { source: entry[1], flags: entry[2], options: entry[3] };
    }
    this.counts.misses++;
    const d = toRegExpDetails(pattern, TRANSLATION_OPTIONS);
    return { source: d.pattern, flags: d.flags, options: d.options };
  };
}

/** The folder `npm run build` writes the tables to (absent when run from the sources: every pattern is translated live). */
export const BUILT_TABLES = fileURLToPath(new URL('./regex-tables/', import.meta.url));
