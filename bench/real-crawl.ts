/**
 * `npx tsx bench/real-crawl.ts SITE_DIR OUT_DIR [--all]`: the crawl of `bench:real` alone, on an
 * export already written (`quire export SITE_DIR --out OUT_DIR`, or a `--keep` work folder's
 * `out`), with the same verdicts: for checking a fix to links or anchors without the timed
 * cold and warm runs.
 */
import { existsSync } from 'node:fs';
import { join } from 'node:path';
import { parseArgs } from 'node:util';
import { crawlOutput } from './real/crawl.js';
import { navigationPages } from './real/nav-pages.js';
import { findSites, readConfig } from './real/sites.js';
import { readSourceSite } from './real/source-site.js';

const { positionals, values } = parseArgs({ allowPositionals: true, options: { all: { type: 'boolean', default: false } } });
const [root, out] = positionals;
if (!root || !out) throw new Error('usage: tsx bench/real-crawl.ts SITE_DIR OUT_DIR [--all]');
const site = findSites([root]).sites[0];
if (!site) throw new Error(`${root}: no docs.json or mint.json in it or one level down`);
const config = readConfig(site);
const nav = navigationPages(site.root, config);
const source = await readSourceSite(site.root, config, nav.generated, nav.apiFields);
const crawl = crawlOutput(out, source);
// The navigation's pages the output lacks (`p.html` or `p/index.html`), as bench:real counts them.
const written = (page: string) => ['.html', '/index.html'].some((ext) => existsSync(join(out, `${page.replace(/\/+$/, '') || 'index'}${ext}`)));
const missing = [...nav.pages, ...nav.generated].filter((p) => !written(p));
const lost = missing.filter((p) => source.hasPage(p));
console.log(`navigation pages: ${nav.pages.length + nav.generated.length}, not written: ${lost.length} Quire's (the source has them), ${missing.length - lost.length} dead in the source`);
for (const p of lost) console.log(`  ${p}`);
for (const verdict of ['quire', 'source'] as const) {
  const list = crawl.broken.filter((b) => b.verdict === verdict);
  console.log(`${verdict === 'quire' ? "Quire's" : 'dead in the source too'}: ${list.reduce((n, b) => n + b.count, 0)} references (${list.length} targets)`);
  for (const b of values.all || verdict === 'quire' ? list : list.slice(0, 25)) console.log(`  ${b.missing} ${b.target} x${b.count} (<${b.tag}> "${b.href}" in ${b.from}; ${b.why})`);
}
