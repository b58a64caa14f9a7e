/**
 * Finds the real sites to benchmark: each entry given is a docs root itself (it holds
 * docs.json or mint.json) or a folder of sites, whose subfolders are docs roots or keep
 * theirs one level down (langchain-ai+docs has it in `src/`). What is missing or holds no
 * site is said in a line, never skipped silently.
 */
import { existsSync, readdirSync, readFileSync, statSync } from 'node:fs';
import { basename, dirname, join, resolve } from 'node:path';

export interface Site {
  /** The subfolder's name (or the entry's), e.g. `mintlify+docs`. */
  name: string;
  /** The docs root: the folder holding the config. */
  root: string;
  configFile: 'docs.json' | 'mint.json';
}

function configIn(dir: string): Site['configFile'] | undefined {
  if (existsSync(join(dir, 'docs.json'))) return 'docs.json';
  if (existsSync(join(dir, 'mint.json'))) return 'mint.json';
  return undefined;
}

/** The docs root in `dir` or in one of its direct subfolders (sorted, first found). */
function docsRoot(dir: string): { root: string; configFile: Site['configFile'] } | undefined {
  const here = configIn(dir);
  if (here) return { root: dir, configFile: here };
  for (const sub of readdirSync(dir, { withFileTypes: true }).filter((e) => e.isDirectory() && !e.name.startsWith('.')).map((e) => e.name).sort()) {
    const found = configIn(join(dir, sub));
    if (found) return { root: join(dir, sub), configFile: found };
  }
  return undefined;
}

export function findSites(entries: string[]): { sites: Site[]; notes: string[] } {
  const sites: Site[] = [];
  const notes: string[] = [];
  for (const entry of entries) {
    if (!existsSync(entry) || !statSync(entry).isDirectory()) {
      notes.push(`${entry}: no such folder, skipped (fetch real Mintlify sites there, or name another with --sites DIR or QUIRE_REAL_SITES)`);
      continue;
    }
    const own = configIn(entry);
    if (own) {
      sites.push({ name: basename(entry), root: entry, configFile: own });
      continue;
    }
    const subs = readdirSync(entry, { withFileTypes: true }).filter((e) => e.isDirectory() && !e.name.startsWith('.')).map((e) => e.name).sort();
    for (const sub of subs) {
      const found = docsRoot(join(entry, sub));
      if (found) sites.push({ name: sub, ...found });
      else notes.push(`${join(entry, sub)}: no docs.json or mint.json in it or one level down, skipped`);
    }
    if (subs.length === 0) notes.push(`${entry}: holds no site folder, skipped`);
  }
  return { sites, notes };
}

/**
 * `{"$ref": "./nav.json", ...}` replaced by that file's JSON (relative to the file holding
 * the reference; sibling keys win), as Mintlify reads a split config (mintlify+docs keeps
 * its other languages, meilisearch its whole navigation, in referenced files).
 */
function resolveRefs(value: unknown, dir: string, seen: Set<string>): unknown {
  if (Array.isArray(value)) return value.map((v) => resolveRefs(v, dir, seen));
  if (!value || typeof value !== 'object') return value;
  const { $ref, ...rest } = value as Record<string, unknown>;
  const own = Object.fromEntries(Object.entries(rest).map(([k, v]) => [k, resolveRefs(v, dir, seen)]));
  if (typeof $ref !== 'string') return own;
  const file = resolve(dir, $ref);
  if (seen.has(file) || !existsSync(file)) return own;
  const target = resolveRefs(JSON.parse(readFileSync(file, 'utf8')), dirname(file), new Set([...seen, file]));
  return target && typeof target === 'object' && !Array.isArray(target) ? { ...target, ...own } : target;
}

export function readConfig(site: Site): Record<string, unknown> {
  const file = join(site.root, site.configFile);
  return resolveRefs(JSON.parse(readFileSync(file, 'utf8')), site.root, new Set([file])) as Record<string, unknown>;
}
