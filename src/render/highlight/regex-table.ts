/**
 * Grammar patterns translated ahead of time. Shiki's JavaScript engine turns every
 * Oniguruma pattern of a TextMate grammar into a JavaScript RegExp (oniguruma-to-es)
 * the first time a rule is used. For the five grammars of the benchmark corpus the first
 * highlight of each took 0.74 s in one thread with run-time translation, 0.34 s with
 * these tables (and every render worker pays it). The
 * translation depends only on the grammar and the library versions, so `npm run build`
 * does it once per grammar (build-regex-tables.ts) and keeps
 * the result under `dist/grammars/<versions>/<lang>.json`; the highlighter builds its
 * RegExps from those entries and translates at run time only what is missing (patterns
 * whose back-references are filled in while tokenizing, or a table not built).
 *
 * An entry is exactly what oniguruma-to-es's toRegExp would build (toRegExp is
 * toRegExpDetails plus the constructor below), so the highlighting is the same
 * byte for byte: test/render/highlight/regex-table.test.ts compares both.
 */
import { existsSync, mkdirSync, readFileSync, renameSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { defaultJavaScriptRegexConstructor } from 'shiki/engine/javascript';
import { bundledLanguagesInfo } from 'shiki/langs';
import { EmulatedRegExp, toRegExpDetails } from 'oniguruma-to-es';
import { sha256 } from '../cache/cache-key.js';
import { installedPackageDir } from '../installed-package.js';

/** The options shiki's createJavaScriptRegexEngine gives toRegExp (target 'auto'). */
const TRANSLATE_OPTIONS = {
  global: true,
  hasIndices: true,
  lazyCompileLength: 3000,
  rules: { allowOrphanBackrefs: true, asciiWordBoundaries: true, captureGroup: true, recursionLimit: 5, singleline: true },
  target: 'auto',
} as const;

type Details = ReturnType<typeof toRegExpDetails>;
/** Pattern -> its translation, or null when it cannot be translated (the engine skips it). */
type Table = Record<string, Details | null>;

/** Installed version of a package. */
function versionOf(pkg: string): string {
  return (JSON.parse(readFileSync(join(installedPackageDir(pkg), 'package.json'), 'utf8')) as { version: string }).version;
}

/** Folder of the tables for the installed library versions (the same from src/ and dist/). */
let dirOfVersions: string | undefined;

export function tableDir(): string {
  if (dirOfVersions) return dirOfVersions;
  const versions = sha256(versionOf('shiki'), versionOf('oniguruma-to-es'), JSON.stringify(TRANSLATE_OPTIONS)).slice(0, 16);
  dirOfVersions = fileURLToPath(new URL(`../../../dist/grammars/${versions}/`, import.meta.url));
  return dirOfVersions;
}

const tables = new Map<string, Details | null>();

/** Adds the table of grammar `lang` to the lookups, when it was built. */
export function loadRegexTable(lang: string, dir = tableDir()): boolean {
  const file = `${dir}${lang}.json`;
  if (!existsSync(file)) return false;
  try {
    for (const [pattern, details] of Object.entries(JSON.parse(readFileSync(file, 'utf8')) as Table)) tables.set(pattern, details);
    return true;
  } catch {
    return false; // a damaged table only costs time
  }
}

/** How many patterns came from the tables and how many were translated at run time. */
export const regexTableStats = { hits: 0, misses: 0 };

/** The regexConstructor of the highlighter's engine: from the tables, else translated now. */
export function constructRegex(pattern: string): RegExp {
  const details = tables.get(pattern);
  if (details === undefined) {
    regexTableStats.misses++;
    return defaultJavaScriptRegexConstructor(pattern, { target: TRANSLATE_OPTIONS.target });
  }
  regexTableStats.hits++;
  if (details === null) throw new Error(`pattern not supported by the JavaScript engine: ${pattern.slice(0, 60)}`);
  return details.options ? new EmulatedRegExp(details.pattern, details.flags, details.options) : new RegExp(details.pattern, details.flags);
}

/**
 * Every pattern string the engine can be asked for by a grammar: each match, begin,
 * end and while as vscode-textmate's RegExpSource prepares it (`\z` rewritten, and
 * for patterns with `\A` or `\G` the four anchor variants it compiles).
 */
export function grammarPatterns(grammars: unknown[]): Set<string> {
  const out = new Set<string>();
  const visit = (node: unknown) => {
    if (!node || typeof node !== 'object') return;
    if (Array.isArray(node)) {
      for (const n of node) visit(n);
      return;
    }
    const record = node as Record<string, unknown>;
    for (const key of ['match', 'begin', 'end', 'while']) {
      const value = record[key];
      if (typeof value === 'string') for (const variant of sourceVariants(value)) out.add(variant);
    }
    for (const value of Object.values(record)) if (typeof value === 'object') visit(value);
  };
  visit(grammars);
  return out;
}

/** vscode-textmate's RegExpSource: `\z` becomes `$(?!\n)(?<!\n)`; `\A`/`\G` give four variants. */
function sourceVariants(raw: string): string[] {
  let source = '';
  let anchors = false;
  for (let i = 0; i < raw.length; i++) {
    const ch = raw[i];
    if (ch === '\\' && i + 1 < raw.length) {
      const next = raw[i + 1];
      if (next === 'z') source += '$(?!\\n)(?<!\\n)';
      else {
        if (next === 'A' || next === 'G') anchors = true;
        source += ch + next;
      }
      i++;
      continue;
    }
    source += ch;
  }
  if (!anchors) return [source];
  const variant = (allowA: boolean, allowG: boolean) => {
    let s = '';
    for (let i = 0; i < source.length; i++) {
      const ch = source[i];
      if (ch === '\\' && i + 1 < source.length) {
        const next = source[i + 1];
        s += ch + ((next === 'A' && !allowA) || (next === 'G' && !allowG) ? '\uFFFF' : next);
        i++;
      } else s += ch;
    }
    return s;
  };
  return [variant(false, false), variant(false, true), variant(true, false), variant(true, true)];
}

/** The table of one grammar (its registrations, embedded grammars included). */
export function buildRegexTable(grammars: unknown[]): Table {
  const table: Table = {};
  for (const pattern of grammarPatterns(grammars)) {
    try {
      table[pattern] = toRegExpDetails(pattern, TRANSLATE_OPTIONS);
    } catch {
      table[pattern] = null; // untranslatable: recorded as such, and the engine reports it when the pattern is used
    }
  }
  return table;
}

/** Writes the tables of `langs` (grammar ids) into `dir`; skips those already there. */
export async function writeRegexTables(langs: string[], dir = tableDir()): Promise<number> {
  mkdirSync(dir, { recursive: true });
  let written = 0;
  for (const lang of langs) {
    const file = `${dir}${lang}.json`;
    if (existsSync(file)) continue;
    const info = bundledLanguagesInfo.find((l) => l.id === lang);
    if (!info) throw new Error(`no grammar named ${lang}`);
    const mod = await info.import();
    const tmp = `${file}.${process.pid}.tmp`;
    writeFileSync(tmp, JSON.stringify(buildRegexTable(mod.default)));
    renameSync(tmp, file);
    written++;
  }
  return written;
}
