/**
 * The build step that writes the grammar pattern translations (regex-translations.ts) of
 * every supported language and the grammars they embed, one table per grammar, beside
 * the compiled highlighter: `node dist/render/highlight/build-regex-tables.js`, run by
 * `npm run build`.
 */
import { mkdirSync, readdirSync, renameSync, rmSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import type { LanguageRegistration } from 'shiki/core';
import { bundledLanguagesInfo } from 'shiki/langs';
import { EMBEDDED_ONLY, SUPPORTED_LANGUAGES } from './highlighter.js';
import { BUILT_TABLES, makeTable } from './regex-translations.js';

/** The grammars of the supported languages and of those their modules bring (Vue's HTML, CSS, ...), by name. */
export async function supportedGrammars(): Promise<Map<string, LanguageRegistration>> {
  const ids = new Set<string>([...SUPPORTED_LANGUAGES, ...EMBEDDED_ONLY]);
  const modules = await Promise.all(bundledLanguagesInfo.filter((info) => ids.has(info.id)).map((info) => info.import()));
  return new Map(modules.flatMap((m) => m.default).map((g) => [g.name, g]));
}

/** Writes one `<grammar>.json` per grammar into `dir` (its other tables removed); returns the patterns written. */
export async function writeRegexTables(dir: string): Promise<number> {
  mkdirSync(dir, { recursive: true });
  for (const name of readdirSync(dir)) if (name.endsWith('.json')) rmSync(join(dir, name));
  let patterns = 0;
  for (const grammar of (await supportedGrammars()).values()) {
    const table = makeTable(grammar);
    patterns += table.entries.length;
    const file = join(dir, `${grammar.name}.json`);
    writeFileSync(`${file}.${process.pid}.tmp`, JSON.stringify(table));
    renameSync(`${file}.${process.pid}.tmp`, file);
  }
  return patterns;
}

if (process.argv[1] && fileURLToPath(import.meta.url) === process.argv[1]) {
  const started = performance.now();
  const patterns = await writeRegexTables(BUILT_TABLES);
  console.log(`regex tables: ${readdirSync(BUILT_TABLES).length} grammars, ${patterns} patterns (${Math.round(performance.now() - started)} ms)`);
}
