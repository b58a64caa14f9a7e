/**
 * The code blocks the highlighting benchmarks run on: the fences of the .md/.mdx files
 * under some folders (default: the real sites in /work/real), in the supported
 * languages, each distinct block once.
 */
import { existsSync, readFileSync, readdirSync, statSync } from 'node:fs';
import { join } from 'node:path';
import { languageId } from '../src/render/highlight/highlighter.js';

export interface Block {
  /** Grammar id (`ts` fences count as `typescript`). */
  lang: string;
  code: string;
  /** The first file it was found in. */
  file: string;
}

function* files(dir: string): Generator<string> {
  for (const name of readdirSync(dir)) {
    if (name.startsWith('.') || name === 'node_modules') continue;
    const path = join(dir, name);
    if (statSync(path).isDirectory()) yield* files(path);
    else if (/\.mdx?$/.test(name)) yield path;
  }
}

/** The real sites' folders when they are on this machine. */
export function realSites(): string[] {
  return existsSync('/work/real') ? readdirSync('/work/real', { withFileTypes: true }).filter((d) => d.isDirectory()).map((d) => join('/work/real', d.name)) : [];
}

/** Distinct blocks of `dirs`, up to `max`; blocks over 20,000 characters are left out. */
export function collectBlocks(dirs: string[], max = Infinity): Block[] {
  const seen = new Set<string>();
  const out: Block[] = [];
  for (const dir of dirs) {
    for (const file of files(dir)) {
      for (const m of readFileSync(file, 'utf8').matchAll(/^([ \t]*)```([\w+-]+)[^\n]*\n([\s\S]*?)\n\1```/gm)) {
        const lang = languageId(m[2]);
        if (!lang || m[3].length > 20_000) continue;
        const key = `${lang}\0${m[3]}`;
        if (seen.has(key)) continue;
        seen.add(key);
        out.push({ lang, code: m[3], file });
        if (out.length >= max) return out;
      }
    }
  }
  return out;
}
