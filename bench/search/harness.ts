/**
 * The page bench:search opens in Chromium, one per language (`<html lang>` is how
 * Pagefind picks its index): `benchRun(engine, queries, scope, version)` answers each
 * query with the engine's top ten page URLs (`a/b.html`, anchors dropped) and the time
 * it took, loading what a search dialog shows: Quire's results with their excerpts,
 * Pagefind's results' `data()` (its excerpts) for the same ten.
 */
export type EngineName = 'quire' | 'pagefind';

export function harnessPage(lang: string, enginePath: string): string {
  return `<!doctype html><html lang="${lang}"><head><meta charset="utf-8"></head><body><script type="module">
let quire, pf;
window.benchRun = async (engine, queries, scope, version) => {
  const out = [];
  for (const q of queries) {
    const t0 = performance.now();
    let urls;
    if (engine === 'quire') {
      quire = quire || (await import('./${enginePath}')).createSearch(new URL('search/', location.href).href);
      const results = await quire.search(q, { scopes: [scope], limit: 10 });
      urls = results.map((r) => r.url.split('#')[0]);
    } else {
      if (!pf) { pf = await import('./pagefind/pagefind.js'); await pf.init(); }
      const found = await pf.search(q, version ? { filters: { version } } : {});
      const data = await Promise.all(found.results.slice(0, 10).map((r) => r.data()));
      urls = data.map((d) => d.url.replace(/^\\//, '').split('#')[0]);
    }
    out.push({ urls, ms: performance.now() - t0 });
  }
  return out;
};
</script></body></html>`;
}
