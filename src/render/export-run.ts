/**
 * The export proper (export-site.ts starts the render threads first, then loads
 * export-start.ts, which sets up the caches and calls this module): turns a docs folder
 * (docs.json or mint.json plus MDX pages) into a self-contained static site. Phases: scan (config, pages, frontmatter), render (page
 * bodies from the cache or on a pool of worker threads, each put into the layout and
 * written as it comes, search shards built meanwhile), write (theme, KaTeX, static
 * files, sitemap, robots, 404, redirects). Same input, same bytes.
 *
 * Decisions (see the modules named): pages are the navigation's plus every other
 * .md/.mdx outside snippets/, those outside the navigation rendered but not in the
 * sidebar (output/plan-site.ts); every page is `path.html` and every link relative
 * (output/page-paths.ts); the output folder is reused only when it holds a previous
 * export (output/write-files.ts). Pages render in worker threads, each page within a
 * time and memory budget (a page over it fails alone, named: pool/render-pages.ts);
 * `workers: 0` renders on the calling thread, where the inputs are bounded but nothing
 * can preempt a page.
 */
import { dirname, join, resolve } from 'node:path';
import { mkdir, writeFile } from 'node:fs/promises';
import type { Deployment, Diagnostic, ExportOptions, ExportProgress, ExportReport } from './types.js';
import { layoutPage } from './layout/page-layout.js';
import { pageIconFor } from './layout/page-icon.js';
import { pageOutputFile } from './output/page-paths.js';
import { planSite } from './output/plan-site.js';
import { mediaFiles } from './output/site-assets.js';
import { prepareOutDir, removeStaleFiles, writeOutputFiles, type OutputContent } from './output/write-files.js';
import { siteFiles } from './output/site-files.js';
import { sourceCopies } from './output/source-copies.js';
import { writePageFile } from './output/write-page.js';
import { markdownFile, pageMarkdownFile } from './agents/markdown-file.js';
import { agentFiles, type MadeMarkdown } from './agents/llms-files.js';
import { skillFiles } from './agents/skill-files.js';
import { LlmsFullEntries } from './agents/llms-entries.js';
import type { RenderInit, RenderTask, RenderTaskResult, ThreadStart } from './pool/render-task.js';
import { usesMath, usesMermaid } from './pool/page-features.js';
import type { OwnTask, WorkerPool } from './pool/worker-pool.js';
import { budgetOf, DEFAULT_PAGE_TIMEOUT_MS, pageKinds, renderMisses } from './pool/render-pages.js';
import type { HighlightThread } from './pool/highlight-thread.js';
import { readConfinedText } from './source/confined-path.js';
import type { PageCache } from './cache/page-cache.js';
import { appendEntry, type PackTarget } from './cache/page-pack.js';
import type { HighlightPacks } from './cache/highlight-pack.js';
import { pageCacheKeys } from './cache/page-keys.js';
import { readRest } from './cache/source-memo.js';
import { OutputManifest } from './cache/output-manifest.js';
import { engineVersion, sha256 } from './cache/cache-key.js';
import { engineCode } from './cache/engine-version.js';
import type { SearchDocument } from './search/search-index.js';
import { pageSearchScope } from './search/search-scopes.js';
import { SiteSearchIndexer } from './search/site-search-index.js';
import { stemmerKey } from './search/stemmers.js';
import { searchSections } from './search/search-text.js';
import type { Outbound } from './openapi/read-document.js';
import type { RemoteMedia } from './media/remote-media.js';
import { cmp, mapLimit, renderOrder, selectTasks, sortDiagnostics } from './export-options.js';
import { exportFeatures, exportSiteModel, themeFiles, type ExportSite } from './export-model.js';

/** What the report needs from one rendered page. */
type PageOutcome = Pick<RenderTaskResult, 'diagnostics' | 'brokenLinks' | 'assets' | 'math' | 'mermaid'>;

/**
 * A rendered page's Markdown text under its cache key (MadeMarkdown). Made out here: a function
 * made inside onRendered would hold that call's whole scope (the page's body among it) until
 * llms-full.txt is made, ~20 MB more peak RSS on a cold export of Mintlify's docs.
 */
function keyedMarkdown(key: string, text: string): MadeMarkdown {
  return { key, text: () => text };
}

/** What export-start.ts set up for the export. */
export interface Resolved {
  started: number;
  root: string;
  outDir: string;
  deployment: Deployment;
  cacheDir: string | undefined;
  /** Nothing cached from an earlier export: every page renders. */
  cold: boolean;
  /** Workers started before the scan. */
  early: WorkerPool<RenderTask, RenderTaskResult> | undefined;
  cache: PageCache | undefined;
  highlights: HighlightPacks | undefined;
  outbound: Outbound;
  /** Media pages load from other hosts: bundled, left out or kept (media/remote-media.ts). */
  media: RemoteMedia;
}

/**
 * Pages to render from which a warm export highlights in a thread of its own, as a cold one
 * does: the first export after an upgrade of Quire (every page's key changes with the engine's
 * code) or after an edit that many pages share. Mintlify's docs with every page missing the
 * cache, in a render thread that highlighted its own blocks and typed its own Twoslash blocks:
 * 9.15 / 9.97 s and 531-546 MB against 8.44 / 8.94 s and 414-418 MB cold (2026-11-29). A thread
 * costs ~0.15 s of CPU to start and is worth it from a small site's size up (Continue's docs,
 * 151 pages, cold: 3.24-3.73 -> 2.68-2.92 s with it); an edit of a few pages does without.
 */
export const HIGHLIGHT_AHEAD_PAGES = 100;

/** Whether an export with `toRender` pages to render highlights in a thread of its own: a cold one always. */
export function highlightsAhead(cold: boolean, toRender: number): boolean {
  return cold || toRender >= HIGHLIGHT_AHEAD_PAGES;
}

/** The export proper: the phases of the header above, with what export-start.ts set up. */
export async function exportWith(options: ExportOptions, { started, root, outDir, deployment, cacheDir, cold, early, cache, highlights, outbound, media }: Resolved): Promise<ExportReport> {
  const signal = options.signal;
  // During the render, one report per hundredth of the pages (and the last): a warm export takes
  // a thousand pages from the cache in a few hundred milliseconds, and each report crosses to the
  // calling thread (export-thread.ts) and wakes it.
  let reported = -1;
  const progress = (phase: ExportProgress['phase'], pagesDone: number, pagesTotal: number) => {
    if (!options.onProgress) return;
    if (phase === 'render' && pagesDone > 0 && pagesDone < pagesTotal) {
      const step = Math.floor((pagesDone * 100) / pagesTotal);
      if (step === reported) return;
      reported = step;
    }
    options.onProgress({ phase, pagesDone, pagesTotal });
  };
  progress('scan', 0, 0);
  // A cold export renders every page: the code blocks the scan finds are highlighted in a thread
  // of their own, once for all render threads, from the end of the scan on, while they render the
  // rest of their pages (pool/highlight-thread.ts). Their Twoslash blocks are typed meanwhile in a
  // short-lived thread the highlight thread starts (pool/twoslash-thread.ts), and drawn there.
  // What finds them is loaded only then: a warm export's few pages highlight their blocks in
  // their render thread; one that renders many (`HIGHLIGHT_AHEAD_PAGES`) starts the highlight
  // thread once it knows them.
  let warm: Parameters<typeof planSite>[4];
  let highlighter: HighlightThread | undefined;
  const startHighlighting = async (pool: WorkerPool<RenderTask, RenderTaskResult>) => {
    const [{ siteTwoslashBlocks }, { readSnippets, siteCodeBlocks }, { HighlightThread }] = await Promise.all([
      import('./highlight/twoslash-blocks.js'), import('./highlight/site-blocks.js'), import('./pool/highlight-thread.js'),
    ]);
    // A block may stall it half a page's time budget: then the render threads highlight for themselves.
    const thread = (highlighter = new HighlightThread((options.pageTimeoutMs ?? DEFAULT_PAGE_TIMEOUT_MS) / 2));
    // Given the sources of the pages to render, once read.
    return (sources: Map<string, string>) => {
      const twoslash = siteTwoslashBlocks(sources.values());
      // Linked first: the thread hands each slice to the render threads it knows when it is done.
      const links = thread.connect(pool.size);
      // Typed from now on, in a thread the highlight thread starts; drawn there once typed.
      thread.typeAhead(twoslash);
      // With the blocks of the snippets the pages import (read here, confined to the docs folder).
      void readSnippets(sources, (file) => readConfinedText(root, file)).then(
        (snippets) => thread.send(siteCodeBlocks(sources, snippets)),
        () => thread.send(siteCodeBlocks(sources)),
      );
      pool.prepare(((i: number) => ({ task: { start: true, twoslash, highlight: links[i] } satisfies ThreadStart, transfer: [links[i].port] })) satisfies OwnTask);
    };
  };
  if (cold && early) warm = await startHighlighting(early);
  const plan = await planSite(root, deployment, [outDir, ...(cacheDir ? [cacheDir] : []), ...(options.workDir ? [resolve(options.workDir)] : [])], outbound, warm, cacheDir);
  const tasks = selectTasks(plan, options.paths);
  const diagnostics: Diagnostic[] = [...plan.diagnostics];
  const fileSet = new Set(plan.files);
  signal?.throwIfAborted();

  // Keys of every page of the site, not only those `paths` names: they are what stays in the cache.
  // The output folder is checked and listed (on libuv's threads) while the keys are hashed, and
  // before any page is sent: a folder refused fails the export before anything renders.
  const outReady = prepareOutDir(outDir, root);
  outReady.catch(() => undefined); // awaited below
  const keys = cache ? await pageCacheKeys(plan, plan.tasks, deployment) : new Map<string, string>();
  const previousFiles = await outReady;
  // A page's body needs only this much of the site (pool/render-task.ts RenderInit), known once the
  // scan is done: the pages that miss the cache render from now on, while this thread makes the
  // site's styles, theme and model (export-model.ts), which only their layout needs. A warm
  // export's changed page waited for all of that before (issue 21).
  const init: RenderInit = {
    model: { config: plan.config, navigation: plan.navigation, deployment, pages: plan.pages },
    root,
    files: plan.files,
    pages: Object.keys(plan.pages),
    redirectSources: plan.redirectSources,
    cacheDir,
    // Hashed here once, so render threads do not each read the engine's files again.
    engineCode: cacheDir ? engineCode() : undefined,
  };
  const indexed = tasks.filter((t) => plan.pages[t.page].searchable);
  const written = new Set<string>();
  const pageWrites: Promise<void>[] = [];
  // Set once the model is made (below). The search index calls onShard and stemmerPath only once
  // pages are added to it, which waits for the model too.
  let manifest: OutputManifest | undefined;
  let stemmers: ExportSite['theme']['stemmers'] = {};
  // Each search shard is written as soon as it is built, while later pages still render.
  const shardWrites: Promise<void>[] = [];
  const onShard = (shardFiles: Map<string, Uint8Array>) => {
    for (const p of shardFiles.keys()) written.add(p);
    shardWrites.push(writeOutputFiles(outDir, shardFiles, manifest));
  };
  const stemmerPath = (lang: string) => {
    const key = stemmerKey(lang);
    return key ? stemmers[key]?.path : undefined;
  };
  const search = indexed.length > 0
    ? new SiteSearchIndexer(indexed.map((t) => ({ page: t.page, scope: pageSearchScope(plan.navigation, t.page) })), { cacheDir, onShard, stemmerPath })
    : undefined;
  // Pages rendered before the model is made wait here for it (their layout needs it).
  let deliver: ((task: RenderTask, result: RenderTaskResult) => void) | undefined;
  const held: [RenderTask, RenderTaskResult][] = [];
  const onResult = (task: RenderTask, result: RenderTaskResult) => (deliver ? deliver(task, result) : void held.push([task, result]));
  // This run's pack of page-cache entries, appended to as pages come (cache/page-pack.ts).
  let pagePack: PackTarget | undefined;
  // Shard by shard, so each search shard can be built while the next one renders. Where the
  // render threads type Twoslash blocks themselves (no highlight thread types them: a warm
  // export of a few pages, `workers: 0`), the few Twoslash pages first, so that TypeScript is
  // let go early, not carried by their heap through the whole export; the highlight thread's
  // typing goes on meanwhile, and a page waiting for it at the start would idle its thread.
  const shardOf = (t: RenderTask) => (search && plan.pages[t.page].searchable ? search.shardOf(t.page) : Number.MAX_SAFE_INTEGER);
  // A failure once pages are sent (making the model, below) stops their rendering instead of waiting for all of it.
  const stop = new AbortController();
  const renderSignal = signal ? AbortSignal.any([signal, stop.signal]) : stop.signal;
  let rendered = 0;
  const render = (list: RenderTask[], pool: typeof early) => {
    if (list.length === 0) return Promise.resolve();
    renderOrder(list, shardOf, highlighter ? undefined : kinds.typed);
    for (const task of list) {
      task.cacheKey = task.file && changedSince.has(task.file) ? undefined : keys.get(task.page);
      // The page's source goes to the render thread with its task instead of being read
      // there again (~0.1 s of CPU per 1000 pages on the thread that sets a cold export's
      // pace); it is let go once the page is rendered (onRendered). An empty one may be a
      // file the scan could not read: the thread reads it and says why.
      const source = task.file ? plan.sources.get(task.file) : undefined;
      if (source) task.source = source;
    }
    highlighter?.order(list.flatMap((t) => (t.file ? [t.file] : [])));
    if (rendered === 0) {
      pagePack = cache?.runPack();
      highlights?.load();
      init.highlightPack = highlights?.runPack();
    }
    rendered += list.length;
    return renderMisses(list, init, options.workers, pool, renderSignal, budgetOf(options), kinds, onResult);
  };
  // Cold: the cache has no index yet, nothing to look up.
  if (!cold) cache?.load();
  // The pages the cache's index does not name render now, while this thread makes the model and
  // then takes the others from the cache.
  const listed = (task: RenderTask) => !!cache && !cold && cache.has(keys.get(task.page)!);
  const misses = tasks.filter((t) => !listed(t));
  // A warm scan read only the changed pages (cache/source-memo.ts): the others to render are read now.
  const changedSince = await readRest(root, misses.flatMap((t) => (t.file ? [t.file] : [])), plan.sources, plan.facts);
  // Of the pages to render only (a warm export's few): the kinds are found by reading each source.
  // A listed entry that does not read back (below) renders as a page of no particular kind.
  const kinds = pageKinds(misses, plan.sources);
  if (!cold && early && highlightsAhead(cold, misses.length)) {
    const link = await startHighlighting(early);
    link(new Map(misses.flatMap((t): [string, string][] => (t.file && plan.sources.has(t.file) ? [[t.file, plan.sources.get(t.file)!]] : []))));
  }
  progress('render', 0, tasks.length);
  // With render threads the misses render while the model is made; on this thread (`workers: 0`)
  // only after it, so that rendered pages do not pile up waiting for it.
  let rendering = options.workers === 0 ? undefined : render(misses, early);
  rendering?.catch(() => undefined); // awaited below, once the hits are taken
  try {
    const site = await exportSiteModel(plan, tasks, options, { root, deployment, cacheDir, media }, diagnostics);
    const { model, theme, scripts, styles } = site;
    stemmers = theme.stemmers;
    const pageIcon = pageIconFor(model.config.icons?.library);
    // Pages are written as they come, their folders made when first needed
    // (output/write-page.ts); cached pages written asynchronously wait for theirs, made once.
    const folders = new Map<string, Promise<unknown>>();
    const folderFor = (path: string) => {
      const dir = dirname(path);
      let made = folders.get(dir);
      if (!made) folders.set(dir, (made = mkdir(dir, { recursive: true })));
      return made;
    };
    // What the last export into this folder wrote: unchanged pages and files are left as they are.
    manifest = cacheDir ? new OutputManifest(cacheDir, outDir, sha256(engineVersion(), JSON.stringify(model))) : undefined;
    await manifest?.load();
    const boost = (page: string) => plan.pages[page].boost;
    // Cached bodies are laid out here, the rest come from the render threads. Only what
    // the report needs is kept per page; bodies go to the search index and are dropped.
    const results = new Map<string, PageOutcome>();
    let done = 0;
    let cacheHits = 0;
    const parsers: ExportReport['parsers'] = { fast: 0, micromark: 0, none: 0, cached: 0 };
    const accept = (task: RenderTask, result: PageOutcome, doc: SearchDocument) => {
      results.set(task.page, { diagnostics: result.diagnostics, brokenLinks: result.brokenLinks, assets: result.assets, math: result.math, mermaid: result.mermaid });
      written.add(pageOutputFile(task.page));
      written.add(pageMarkdownFile(task.page));
      if (search && plan.pages[task.page].searchable) search.add(doc);
      progress('render', ++done, tasks.length);
    };
    // Each page's Markdown file as made, for llms-full.txt (no reading them back): of a page whose
    // text follows from its cache key, that key and the text on demand (MadeMarkdown); a rendered
    // page's llms-full.txt entries are made as it comes, while later pages render (agents/llms-entries.ts).
    const markdownTexts = new Map<string, MadeMarkdown>();
    const llmsEntries = new LlmsFullEntries(model);
    const previous = new Set(previousFiles);
    // A page whose body loads media from other hosts is written once they are fetched, its
    // references rewritten (media/remote-media.ts); what became of them is part of its manifest key.
    const mediaDiagnostics: Diagnostic[] = [];
    const hasMedia = (refs: RenderTaskResult['remoteMedia']): refs is NonNullable<RenderTaskResult['remoteMedia']> => media.active && !!refs?.length;
    // A page rendered on the pool: written, its search text taken, its cache entry recorded.
    const onRendered = (task: RenderTask, result: RenderTaskResult) => {
      delete task.source;
      const file = pageOutputFile(task.page);
      const { rendered } = result;
      // The layout, the Markdown file and the cache entry are made here, on the thread that
      // waits for the render threads (pool/render-task.ts).
      const layout = { icon: pageIcon, math: result.math, mermaid: result.mermaid };
      const markdown = markdownFile(model.config, rendered);
      const markdownPath = join(outDir, pageMarkdownFile(task.page));
      // What is cached under its key is this very page: from the cache next time, the same text and key.
      markdownTexts.set(task.page, task.cacheKey && result.cacheable ? keyedMarkdown(task.cacheKey, markdown) : markdown);
      if (hasMedia(result.remoteMedia)) {
        // The Markdown version is written with the page, its images rewritten the same way.
        pageWrites.push(
          media.page(rendered.html, result.remoteMedia, file, markdown).then((remote) => {
            const rewritten = remote.markdown ?? markdown;
            markdownTexts.set(task.page, rewritten);
            llmsEntries.add(task.page, rewritten);
            writePageFile(markdownPath, rewritten);
            mediaDiagnostics.push(...remote.diagnostics);
            const written = writePageFile(join(outDir, file), layoutPage(model, { ...rendered, html: remote.html }, layout));
            if (task.cacheKey) manifest?.recordPage(task.page, sha256(task.cacheKey, remote.signature), written);
          }),
        );
      } else {
        writePageFile(markdownPath, markdown);
        llmsEntries.add(task.page, markdown);
        const written = writePageFile(join(outDir, file), layoutPage(model, rendered, layout));
        if (task.cacheKey) manifest?.recordPage(task.page, task.cacheKey, written);
      }
      // The search text is taken here, where there is time to spare, not in the render thread that sets the pace.
      const sections = !plan.pages[task.page].searchable ? [] : searchSections(rendered.html);
      parsers[result.parser ?? 'none']++;
      accept(task, result, { page: task.page, url: file, title: result.title, sections, boost: boost(task.page), contentKey: task.cacheKey });
      const cached = task.cacheKey && result.cacheable && pagePack ? appendEntry(pagePack, task.cacheKey, { rendered, brokenLinks: result.brokenLinks }) : undefined;
      if (task.cacheKey && cached) cache?.added(task.cacheKey, cached);
      if (result.highlights) highlights?.note(result.highlights);
    };
    deliver = onRendered;
    for (const [task, result] of held.splice(0)) {
      // Aborted meanwhile (from a progress report, too): the held pages are not written.
      signal?.throwIfAborted();
      onRendered(task, result);
    }
    if (!rendering) {
      rendering = render(misses, early);
      rendering.catch(() => undefined); // awaited below
    }
    // Sources were needed for the keys, the page kinds, the pages to render and the styles (above);
    // the rest of the export does not hold them (memory of large sites).
    plan.sources.clear();
    // Entries named by the index that do not read back (a damaged pack) render after the others.
    const unreadable: RenderTask[] = [];
    const fromCache = tasks.filter(listed);
    const hits = await mapLimit(fromCache, 16, async (task) => {
      const hit = cache!.get(keys.get(task.page)!);
      const file = pageOutputFile(task.page);
      const same = !!hit && !hasMedia(hit.rendered.remoteMedia) && !!manifest && previous.has(file) && (await manifest.unchanged(task.page, keys.get(task.page)!, file));
      return hit ? { hit, same } : undefined;
    });
    fromCache.forEach((task, i) => {
      const found = hits[i];
      if (!found) {
        unreadable.push(task);
        return;
      }
      cacheHits++;
      const { hit, same } = found;
      const r = hit.rendered;
      // Read off the entry's bytes: the body of a page left as it is is never decoded.
      const math = hit.features?.math ?? usesMath(r.html);
      const mermaid = hit.features?.mermaid ?? usesMermaid(r.html);
      // The body is cached; the layout (which depends on the whole site) is drawn again, and the
      // page's Markdown version written beside it.
      const file = pageOutputFile(task.page);
      const path = join(outDir, file);
      // Made (and the Markdown read off the entry) only if the page's .md file or an llms-full.txt it is in is written.
      let made: string | undefined;
      const markdown = () => (made ??= markdownFile(model.config, r));
      markdownTexts.set(task.page, { key: keys.get(task.page)!, text: markdown });
      const writeCached = (html: string, key: string, md = markdown()) =>
        folderFor(path)
          .then(() => Promise.all([writeFile(path, html), writeFile(join(outDir, pageMarkdownFile(task.page)), md)]))
          .then(() => manifest?.written(task.page, key, file));
      if (hasMedia(r.remoteMedia)) {
        const refs = r.remoteMedia;
        pageWrites.push(
          (async () => {
            const remote = await media.page(r.html, refs, file, markdown());
            if (remote.markdown !== undefined) markdownTexts.set(task.page, remote.markdown);
            mediaDiagnostics.push(...remote.diagnostics);
            const key = sha256(keys.get(task.page)!, remote.signature);
            if (manifest && previous.has(file) && (await manifest.unchanged(task.page, key, file))) return;
            await writeCached(layoutPage(model, { ...r, html: remote.html }, { icon: pageIcon, math, mermaid }), key, remote.markdown);
          })(),
        );
      } else if (!same) {
        pageWrites.push(writeCached(layoutPage(model, r, { icon: pageIcon, math, mermaid }), keys.get(task.page)!));
      }
      // The body is prepared for the search index only if its shard is not in the search cache.
      const doc = {
        page: task.page,
        url: pageOutputFile(task.page),
        title: r.title,
        boost: boost(task.page),
        contentKey: keys.get(task.page),
        get sections() {
          return searchSections(r.html);
        },
      };
      parsers.cached++;
      accept(task, { diagnostics: r.diagnostics, assets: r.assets, brokenLinks: hit.brokenLinks, math, mermaid }, doc);
    });
    await rendering;
    signal?.throwIfAborted();
    await render(unreadable, undefined);

    progress('search', done, tasks.length);
    const searchIndex = search ? await search.finish() : undefined;
    signal?.throwIfAborted();

    // Everything else.
    progress('write', done, tasks.length);
    const outcomes = tasks.map((t) => results.get(t.page)!);
    const math = outcomes.some((r) => r.math);
    const diagrams = outcomes.filter((r) => r.mermaid).length;
    const files = await themeFiles(site, searchIndex, math, diagrams > 0);
    const assets = new Set<string>(mediaFiles(plan.files));
    for (const r of outcomes) for (const a of r.assets) if (fileSet.has(a)) assets.add(a);
    for (const a of [model.assets.logoLight, model.assets.logoDark, model.assets.favicon, ...scripts.scripts, ...styles.files]) if (a && !media.owns(a)) assets.add(a);
    for (const [p, c] of siteFiles(plan, model, tasks, written, options.siteScripts === true, diagnostics)) files.set(p, c);
    await Promise.all(pageWrites);
    // Every page's media are settled once its file is written: the bundled files are all known.
    for (const [p, c] of media.files()) files.set(p, c);
    // After the pages: llms-full.txt is made of their Markdown files.
    for (const [p, c] of await agentFiles(model, root, fileSet, outDir, plan.api.endpoints.map((e) => e.file), markdownTexts, llmsEntries)) files.set(p, c);
    const skills = await skillFiles(root, fileSet, model.baseUrl);
    diagnostics.push(...skills.diagnostics);
    for (const [p, c] of skills.files) files.set(p, c);
    // Last: the site's own files never take the place of one Quire writes, and go through
    // the checks for content a browser would run (output/source-copies.ts).
    // A repository file another step already copies as is (its own llms.txt, an API document) is no collision.
    const copiedAsIs = (p: string, c: OutputContent) => typeof c === 'object' && 'copyFrom' in c && c.copyFrom === join(root, p);
    const generated = new Set([...written, ...[...files].filter(([p, c]) => !copiedAsIs(p, c)).map(([p]) => p)]);
    for (const [p, c] of await sourceCopies(root, assets, { siteScripts: options.siteScripts === true, generated, cacheDir }, diagnostics)) files.set(p, c);
    await Promise.all(shardWrites);
    await writeOutputFiles(outDir, files, manifest);
    await manifest?.save();
    await plan.saveSourceMemo();
    await cache?.commit(keys.values());
    if (rendered > 0) await highlights?.commit();
    if (cacheDir) await media.prune();
    for (const p of files.keys()) written.add(p);
    await removeStaleFiles(outDir, previousFiles, written);

    for (const r of outcomes) diagnostics.push(...r.diagnostics);
    diagnostics.push(...mediaDiagnostics);
    const brokenLinks = outcomes.flatMap((r) => r.brokenLinks);
    const features = exportFeatures(site, plan, { searchIndex, math, diagrams, remote: media.feature(), pageCache: cache ? { hits: cacheHits, pages: tasks.length } : undefined });
    progress('done', done, tasks.length);
    return {
      pagesRendered: tasks.length,
      diagnostics: sortDiagnostics(diagnostics),
      brokenLinks: brokenLinks.sort((a, b) => cmp(a.file, b.file) || (a.line ?? 0) - (b.line ?? 0) || cmp(a.href, b.href)),
      features,
      durationMs: Math.round(performance.now() - started),
      files: [...written].sort(),
      parsers,
    };
  } catch (err) {
    stop.abort(err);
    throw err;
  } finally {
    // Not while a render thread may still append to the cache's pack, which the caller closes next.
    await rendering?.catch(() => undefined);
    await highlighter?.close();
    await search?.close();
    await Promise.allSettled([...pageWrites, ...shardWrites]);
  }
}
