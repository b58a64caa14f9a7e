/**
 * `npm run bench:real [-- --sites DIR]... [--only NAME] [--all] [--keep]`: exports real
 * Mintlify sites fetched into a folder outside the repository (default /work/real, or
 * QUIRE_REAL_SITES, colon-separated) and prints, per site: the navigation's pages and
 * those not written, errors and warnings by kind, a crawl of the output with each broken
 * reference classified "dead in the source too" or "Quire's", and cold and warm (one page
 * changed, same cache) wall time, CPU, peak RSS, pages/s and the share of pages on each
 * parser path; then one Markdown table of all sites (issues 17 and 21).
 *
 * Each export is `quire export ... --json` in a child process (run-export.ts), on a copy
 * of the site (the warm run edits one page; the fetched sites stay as they are). The
 * script builds first: the child runs the compiled engine, as production does.
 * Run it alone on the machine (`flock /tmp/quire-cpu.lock npm run bench:real`).
 */
import { appendFileSync, cpSync, existsSync, mkdtempSync, rmSync } from 'node:fs';
import { availableParallelism, loadavg, tmpdir } from 'node:os';
import { join } from 'node:path';
import { parseArgs } from 'node:util';
import { crawlOutput } from './real/crawl.js';
import { diagnosticKinds } from './real/diagnostic-kinds.js';
import { navigationPages } from './real/nav-pages.js';
import { siteDetails, TABLE_HEAD, tableRow, type SiteResult } from './real/print-report.js';
import { runExport } from './real/run-export.js';
import { findSites, readConfig, type Site } from './real/sites.js';
import { readSourceSite } from './real/source-site.js';

const DEFAULT_SITES = '/work/real';

/** Whether the output holds the page (`p.html`, or `p/index.html` for a folder page). */
function writtenPage(files: Set<string>, page: string): boolean {
  const p = page.replace(/\/+$/, '') || 'index';
  return files.has(`${p}.html`) || files.has(`${p}/index.html`);
}

async function benchSite(site: Site, work: string): Promise<SiteResult> {
  const root = join(work, 'source');
  // Never edit the fetched site: the warm run changes a page of this copy.
  // verbatimSymlinks: a relative link inside the site (Mintlify's .mintlify/skills -> ../skills) stays one, not an absolute link back into the original.
  cpSync(site.root, root, { recursive: true, verbatimSymlinks: true, filter: (src) => !/[/\\](?:\.git|node_modules)$/.test(src) });
  const config = readConfig({ ...site, root });
  const nav = navigationPages(root, config);
  const out = join(work, 'out');
  const cache = join(work, 'cache');
  const cold = await runExport(root, out, cache);
  const result: SiteResult = { name: site.name, navPages: nav.pages.length, navGenerated: nav.generated.length, written: 0, notWritten: [], unresolved: nav.unresolved, kinds: [], cold };
  if (!cold.report) return result;
  result.written = cold.report.pagesRendered;
  result.kinds = diagnosticKinds(cold.report.diagnostics);
  const source = await readSourceSite(root, config, nav.generated, nav.apiFields);
  const files = new Set(cold.report.files);
  for (const page of nav.pages) if (!writtenPage(files, page)) result.notWritten.push({ page, verdict: source.hasPage(page) ? 'quire' : 'source' });
  for (const page of nav.generated) if (!writtenPage(files, page)) result.notWritten.push({ page, verdict: 'quire' });
  result.crawl = crawlOutput(out, source);

  // The first navigation page with a source file (else any page) is the one changed.
  const changed = [...nav.pages.map((p) => `${p}.mdx`), ...cold.report.files.filter((f) => f.endsWith('.html')).map((f) => f.replace(/\.html$/, '.mdx'))].find((f) => existsSync(join(root, f)));
  if (changed) {
    appendFileSync(join(root, changed), '\n\nOne more paragraph after an edit.\n');
    result.changed = changed;
    result.warm = await runExport(root, out, cache);
  }
  return result;
}

async function main(): Promise<void> {
  const { values } = parseArgs({
    options: {
      sites: { type: 'string', multiple: true },
      only: { type: 'string', multiple: true },
      all: { type: 'boolean', default: false },
      keep: { type: 'boolean', default: false },
    },
  });
  const entries = values.sites ?? (process.env.QUIRE_REAL_SITES ? process.env.QUIRE_REAL_SITES.split(':').filter(Boolean) : [DEFAULT_SITES]);
  const found = findSites(entries);
  for (const note of found.notes) console.log(note);
  const sites = found.sites.filter((s) => !values.only || values.only.some((o) => s.name.includes(o)));
  if (sites.length === 0) {
    console.log('bench:real: no site to export, nothing measured');
    return;
  }
  const work = mkdtempSync(join(tmpdir(), 'quire-bench-real-'));
  const results: SiteResult[] = [];
  try {
    for (const site of sites) {
      // Timings are only worth their load: it is printed with each site.
      const load = loadavg()[0].toFixed(1);
      const r = await benchSite(site, join(work, site.name));
      results.push(r);
      console.log(`\n## ${site.name} (${site.root}; load ${load} before, ${loadavg()[0].toFixed(1)} after, on ${availableParallelism()} cores)\n\n${TABLE_HEAD}\n${tableRow(r)}\n\n${siteDetails(r, values.all)}`);
    }
    console.log(`\n## Summary: \`npm run bench:real\`, node ${process.version}, ${availableParallelism()} cores, load ${loadavg().map((l) => l.toFixed(1)).join(' ')}\n`);
    console.log(`${TABLE_HEAD}\n${results.map(tableRow).join('\n')}`);
    console.log(
      '\nnav pages: named in the navigation plus generated from OpenAPI; broken: references (distinct targets) in the crawled output; ' +
        'cold: fresh cache, wall from spawn to exit, CPU user+sys of all threads; warm: same cache, one page changed; ' +
        'fast / micromark: share of parsed pages on each Markdown parser path.',
    );
  } finally {
    if (values.keep) console.log(`kept ${work}`);
    else rmSync(work, { recursive: true, force: true });
  }
}

await main();
