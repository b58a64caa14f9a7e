/**
 * Each page's body terms (shard-files.ts `BodyTerms`) kept between exports, one file per
 * shard of an index, by the page's content key. When an edit changes one page, its
 * shard is built again from the other pages' kept terms: their bodies are not read back
 * from the page cache, cut into sections and into words again (most of a warm export's
 * search cost). A missing or unreadable file only costs that work.
 */
import { createHash } from 'node:crypto';
import { readFile } from 'node:fs/promises';
import { join } from 'node:path';
import { isMissing } from '../../core/missing-file.js';
import { noteIgnored } from '../../core/ignored-errors.js';
import type { BodyTerms } from './shard-files.js';
import { replaceFile } from '../../core/replace-file.js';

/** Content key -> [length, fragment, terms, weights]: what JSON keeps of a BodyTerms (flat arrays parse fast). */
type Stored = Record<string, [number, string, string[], number[]]>;

/**
 * The file of shard `shard` of the index in `dir` for language `lang`; `version` is the
 * shards' key version (a change in how terms are made is a new file).
 */
export function pageTermsFile(cacheDir: string, version: string, dir: string, lang: string, shard: number): string {
  return join(cacheDir, 'search', 'terms', `${createHash('sha256').update([version, dir, lang, String(shard)].join('\u0000')).digest('hex').slice(0, 32)}.json`);
}

export async function readPageTerms(file: string): Promise<Map<string, BodyTerms>> {
  const out = new Map<string, BodyTerms>();
  try {
    const stored = JSON.parse(await readFile(file, 'utf8')) as Stored;
    for (const [key, [length, fragment, terms, weights]] of Object.entries(stored)) out.set(key, { length, fragment, terms, weights });
  } catch (err) {
    if (!isMissing(err)) noteIgnored('render.search.page-terms.read', err); // the pages' terms are worked out again
    out.clear();
  }
  return out;
}

/** Keeps the terms of the shard's pages that have a content key (and only those: pages gone are dropped). */
export async function writePageTerms(file: string, pages: { key: string | undefined; body: BodyTerms }[]): Promise<void> {
  const stored: Stored = {};
  for (const { key, body } of pages) if (key !== undefined) stored[key] = [body.length, body.fragment, body.terms, body.weights];
  try {
    await replaceFile(file, JSON.stringify(stored));
  } catch (err) {
    noteIgnored('render.search.page-terms.write', err); // a cache that cannot be written only costs time
  }
}
