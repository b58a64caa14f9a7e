/**
 * A render thread's first highlight of a site's blocks, for builds side by side:
 * `npx tsx bench/highlight-first.ts [--dist DIR,DIR] [--runs R] [--max N] SITE_DIR ...`.
 * Each run is a fresh process per build (alternated: a, b, a, b, ...) that imports the
 * build's compiled highlighter (default: this worktree's dist), loads the grammars of the
 * blocks' languages and tokenizes every distinct block once (tokenizeDual, both themes):
 * the CPU time of that, and the pattern translations' table hits and misses when the
 * build has them (regex-translations.ts).
 */
import { execFileSync } from 'node:child_process';
import { join, resolve } from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { parseArgs } from 'node:util';
import { collectBlocks } from './highlight-blocks.js';

const { values, positionals } = parseArgs({
  allowPositionals: true,
  options: { dist: { type: 'string', default: 'dist' }, runs: { type: 'string', default: '3' }, max: { type: 'string', default: '3000' }, child: { type: 'boolean' } },
});

interface Highlighter {
  ensureLanguages(langs: string[]): Promise<unknown>;
  blockLanguages(lang: string, code: string): string[];
  regexTranslations?: { counts: Record<string, number> };
}

if (values.child) {
  const blocks = collectBlocks(positionals, Number(values.max));
  const hl = (await import(pathToFileURL(join(values.dist, 'render/highlight/highlighter.js')).href)) as Highlighter;
  const { tokenizeDual } = (await import(pathToFileURL(join(values.dist, 'render/highlight/dual-tokenize.js')).href)) as {
    tokenizeDual: (h: unknown, code: string, lang: string, light: string, dark: string) => unknown;
  };
  const cpu = () => {
    const u = process.cpuUsage();
    return (u.user + u.system) / 1000;
  };
  const started = cpu();
  const h = await hl.ensureLanguages(blocks.flatMap((b) => hl.blockLanguages(b.lang, b.code)));
  for (const b of blocks) {
    try {
      tokenizeDual(h, b.code, b.lang, 'github-light', 'github-dark');
    } catch {
      // past a highlighting bound: shown as plain text by the export
    }
  }
  process.stdout.write(`${JSON.stringify({ cpu: cpu() - started, blocks: blocks.length, counts: hl.regexTranslations?.counts })}\n`);
} else {
  const dists = values.dist.split(',').map((d) => resolve(d));
  for (let run = 0; run < Number(values.runs); run++) {
    for (const dist of dists) {
      const args = ['--import', 'tsx', fileURLToPath(import.meta.url), '--child', '--dist', dist, '--max', values.max, ...positionals];
      const out = JSON.parse(execFileSync(process.execPath, args, { encoding: 'utf8' }).trim().split('\n').pop()!) as { cpu: number; blocks: number; counts?: Record<string, number> };
      console.log(`${dist}: ${Math.round(out.cpu)} ms CPU, ${out.blocks} blocks${out.counts ? `, ${JSON.stringify(out.counts)}` : ''}`);
    }
  }
}
