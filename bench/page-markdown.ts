/**
 * Times the pages' Markdown twins (src/render/agents/) on one core:
 * `npx tsx bench/page-markdown.ts DIR [--rounds N] [--out FILE]`. Parses every page of
 * the site's navigation once (with its snippets), then times rounds of MarkdownWriter.write
 * over all pages, split into the tree rewrite (transform) and the printing (toMarkdown
 * with PRINT), in CPU time (user + system) since wall time is noisy on a shared machine.
 * `--out FILE` writes every page's Markdown to FILE, to compare two versions byte for byte.
 */
import { existsSync, readFileSync, writeFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { parseArgs } from 'node:util';
import type { Root } from 'mdast';
import { toMarkdown } from 'mdast-util-to-markdown';
import { MarkdownWriter } from '../src/render/agents/page-markdown.js';
import { PRINT } from '../src/render/agents/markdown-print.js';
import { flattenPages, loadSiteConfig } from '../src/render/config/index.js';
import { parsePage } from '../src/render/markdown/parse.js';
import { readModule, sharedSnippetCache, type PageModule } from '../src/render/markdown/modules.js';
import type { PageContext } from '../src/render/types.js';

const { values, positionals } = parseArgs({ allowPositionals: true, options: { rounds: { type: 'string', default: '5' }, out: { type: 'string' } } });
if (!positionals[0]) throw new Error('usage: bench/page-markdown.ts DIR [--rounds N] [--out FILE]');
const dir = resolve(positionals[0]);
const { config } = await loadSiteConfig(dir);
const known = new Set(flattenPages(config.navigation));

interface Page {
  ctx: PageContext;
  module: PageModule;
  tree: Root;
}

const pages: Page[] = [];
for (const page of known) {
  const file = ['.mdx', '.md'].map((ext) => `${page}${ext}`).find((f) => existsSync(join(dir, f)));
  if (!file) continue;
  const source = readFileSync(join(dir, file), 'utf8');
  const parsed = await parsePage(source);
  const module = await readModule({ root: dir, diagnostics: [], cache: sharedSnippetCache() }, file, source, parsed.tree);
  const ctx: PageContext = {
    root: dir,
    page,
    file,
    config,
    deployment: 'cloud',
    resolveLink: (href) => (known.has(href.replace(/^\//, '').replace(/[#?].*$/, '')) ? `${href}.html` : null),
    resolveAsset: (ref) => ref,
  };
  pages.push({ ctx, module, tree: parsed.tree });
}

const cpuMs = () => {
  const u = process.cpuUsage();
  return (u.user + u.system) / 1000;
};

/** One round: the rewrite of every page, then the printing of every rewritten tree. */
function round(): { transform: number; print: number; texts: string[] } {
  let cpu = cpuMs();
  const trees = pages.map((p): Root => ({ type: 'root', children: new MarkdownWriter(p.ctx, p.module).transform(p.tree.children) }));
  const transform = cpuMs() - cpu;
  cpu = cpuMs();
  const texts = trees.map((t) => toMarkdown(t, PRINT).trim());
  return { transform, print: cpuMs() - cpu, texts };
}

const warm = round();
// write() is transform + toMarkdown + trim: the bench's split must print what write() prints.
for (let i = 0; i < pages.length; i++) {
  if (new MarkdownWriter(pages[i].ctx, pages[i].module).write(pages[i].tree) !== warm.texts[i]) throw new Error(`${pages[i].ctx.file}: write() differs from transform + print`);
}
if (values.out) writeFileSync(values.out, pages.map((p, i) => `=== ${p.ctx.file}\n${warm.texts[i]}\n`).join(''));
const rounds = Array.from({ length: Number(values.rounds) }, round);
const median = (k: 'transform' | 'print') => rounds.map((r) => r[k]).sort((a, b) => a - b)[Math.floor(rounds.length / 2)];
const bytes = warm.texts.reduce((a, t) => a + t.length, 0);
console.log(`${dir}: ${pages.length} pages, ${(bytes / 1024).toFixed(0)} KiB of Markdown`);
console.log(`rounds (CPU ms, transform + print): ${rounds.map((r) => `${r.transform.toFixed(0)}+${r.print.toFixed(0)}`).join(', ')}`);
console.log(`median: transform ${median('transform').toFixed(0)} ms, print ${median('print').toFixed(0)} ms, ${((median('transform') + median('print')) / pages.length).toFixed(3)} ms/page`);
