/**
 * Finds the real sites to benchmark: each entry given is a docs root itself (it holds
 * docs.json or mint.json) or a folder of sites, whose subfolders are docs roots or keep
 * theirs one level down (langchain-ai+docs has it in `src/`). What is missing or holds no
 * site is said in a line, never skipped silently.
 */
import { existsSync, readdirSync, readFileSync, statSync } from 'node:fs';
import { basename, join } from 'node:path';

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

export function readConfig(site: Site): Record<string, unknown> {
  return JSON.parse(readFileSync(join(site.root, site.configFile), 'utf8')) as Record<string, unknown>;
}
