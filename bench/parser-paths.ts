/**
 * `tsx bench/parser-paths.ts [DIR]... [--lines]`: for each real site (default the sites
 * under /work/real, found as bench:real finds them), the share of its .mdx/.md files
 * that the fast parser (fast-parse.ts) accepts and, for the others, why it gave up: a named
 * reason or the file and line of the parser that bailed (`--lines` prints that line's source). Each file is
 * prepared as parsePage prepares it (preparePage). Measures the
 * parser's coverage only; bench:real measures the export (issue 21). `--compare` also
 * parses every page the fast parser accepts with micromark and lists those whose trees
 * differ (the differential test's check, on real sites); the exit status is 1 if any does.
 * With several sites, the reasons are also summed over all of them.
 */
import { readdirSync, readFileSync } from 'node:fs';
import { join, relative } from 'node:path';
import { parseArgs } from 'node:util';
import { fastParse, lastFastParseBail, traceFastParse } from '../src/render/markdown/fast-parse.js';
import { preparePage } from '../src/render/markdown/parse.js';
import { findSites } from './real/sites.js';
import { compare } from '../test/helpers/mdast-compare.js';

function pageFiles(dir: string): string[] {
  const out: string[] = [];
  for (const e of readdirSync(dir, { withFileTypes: true })) {
    if (e.name.startsWith('.') || e.name === 'node_modules') continue;
    const p = join(dir, e.name);
    if (e.isDirectory()) out.push(...pageFiles(p));
    else if (/\.mdx?$/.test(e.name)) out.push(p);
  }
  return out;
}

const { values, positionals } = parseArgs({ options: { lines: { type: 'boolean', default: false }, compare: { type: 'boolean', default: false }, examples: { type: 'string' } }, allowPositionals: true });
const found = findSites(positionals.length ? positionals : ['/work/real']);
for (const note of found.notes) console.log(note);
const sourceLines = new Map<string, string[]>();
/** Line `line` of the parser's file `file` (fast-blocks.ts, ...), trimmed. */
const parserLine = (file: string, line: number): string => {
  if (!sourceLines.has(file)) sourceLines.set(file, readFileSync(join(import.meta.dirname, '../src/render/markdown', file), 'utf8').split('\n'));
  return sourceLines.get(file)![line - 1]?.trim() ?? '';
};
traceFastParse(true);
const rows: string[] = [];
const differing: string[] = [];
/** Pages per reason over all sites: what to widen next costs the most pages there. */
const overall = new Map<string, number>();
for (const site of found.sites) {
  const files = pageFiles(site.root);
  const reasons = new Map<string, string[]>();
  let fast = 0;
  for (const f of files) {
    const { source } = preparePage(readFileSync(f, 'utf8'));
    if (fastParse(source)) {
      fast++;
      if (values.compare && compare(source) !== 'same') differing.push(`${site.name}/${relative(site.root, f)}`);
      continue;
    }
    const why = lastFastParseBail();
    const list = reasons.get(why) ?? [];
    list.push(relative(site.root, f));
    reasons.set(why, list);
    overall.set(why, (overall.get(why) ?? 0) + 1);
  }
  const pct = (n: number) => `${((100 * n) / Math.max(1, files.length)).toFixed(1)}%`;
  rows.push(`| ${site.name} | ${files.length} | ${pct(fast)} | ${pct(files.length - fast)} |`);
  console.log(`\n## ${site.name}: ${files.length} files, fast ${fast} (${pct(fast)}), micromark ${files.length - fast}\n`);
  for (const [why, list] of [...reasons].sort((a, b) => b[1].length - a[1].length)) {
    const at = /^(fast-[a-z]+\.ts):(\d+)$/.exec(why);
    const label = at && values.lines ? `${why}  ${parserLine(at[1], Number(at[2]))}` : why;
    console.log(`${String(list.length).padStart(5)}  ${label}${values.examples === why ? `\n       ${list.slice(0, 8).join('\n       ')}` : `  (${list[0]})`}`);
  }
}
if (found.sites.length > 1) {
  console.log(`\n## all sites: the ten reasons that cost the most pages\n`);
  for (const [why, n] of [...overall].sort((a, b) => b[1] - a[1]).slice(0, 10)) console.log(`${String(n).padStart(5)}  ${why}`);
}
console.log(`\n| site | files | fast | micromark |\n|---|---|---|---|\n${rows.join('\n')}`);
if (values.compare) {
  console.log(`\n${differing.length} page(s) where the fast parser and micromark build different trees${differing.length ? `:\n  ${differing.join('\n  ')}` : ''}`);
  if (differing.length) process.exitCode = 1;
}
