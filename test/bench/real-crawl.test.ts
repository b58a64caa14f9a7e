/**
 * The real-site benchmark's crawler (bench/real/crawl.ts) on a hand-made source and a
 * hand-made "export" of it: every reference that works passes, and every broken one gets
 * the right verdict, "dead in the source too" or "Quire's" (pages, files, Quire's own
 * files, redirects, anchors under Mintlify's slug rules, anchors from snippets and
 * fields, a redirect stub followed for its anchor).
 */
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { crawlOutput, resolveHref } from '../../bench/real/crawl.js';
import { navigationPages } from '../../bench/real/nav-pages.js';
import { readSourceSite } from '../../bench/real/source-site.js';

function write(root: string, files: Record<string, string>): void {
  for (const [path, text] of Object.entries(files)) {
    mkdirSync(dirname(join(root, path)), { recursive: true });
    writeFileSync(join(root, path), text);
  }
}

const html = (body: string, head = '') => `<!doctype html><html><head>${head}</head><body>${body}</body></html>`;

const CONFIG = {
  navigation: { groups: [{ group: 'Docs', pages: ['index', 'guide', 'guide-two', 'nowhere'] }, { group: 'API', openapi: 'api', pages: ['GET /users'] }] },
  redirects: [
    { source: '/old/:slug*', destination: '/guide' },
    { source: '/gone/:slug*', destination: '/elsewhere/:slug*' },
    { source: '/how-to-*', destination: '/moved-*' },
    { source: '/moved-guide', destination: '/guide' },
  ],
};

describe('the real-site crawler', () => {
  let dir: string;
  let source: string;
  let out: string;
  beforeAll(() => {
    dir = mkdtempSync(join(tmpdir(), 'quire-bench-crawl-'));
    source = join(dir, 'source');
    out = join(dir, 'out');
    write(source, {
      'docs.json': JSON.stringify(CONFIG),
      'index.mdx': "---\ntitle: Home\n---\n\n## Getting started\n\n## What's new\n\n## Overview\n\n```md\n## Not a heading\n```\n\n## Overview\n",
      'guide.mdx': '---\ntitle: Guide\n---\nimport Part from "/snippets/part.mdx"\n\n## Config.json options\n\n## 3. Fees & billing\n\n<ParamField path="onError" type="string">x</ParamField>\n\n<Part />\n',
      'guide-two.mdx': '# Two\n',
      'snippets/part.mdx': '## From a snippet\n',
      'images/logo.png': 'png',
      'api.yaml': 'openapi: 3.1.0\npaths:\n  /users:\n    get:\n      tags: [User Management]\n      summary: List all users\n      parameters: [{ name: id, in: query }]\n      responses:\n        "200":\n          content:\n            application/json:\n              schema: { $ref: "#/components/schemas/User" }\ncomponents:\n  schemas:\n    User:\n      properties:\n        expiresAt: { type: [string, "null"] }\n',
    });
    write(out, {
      'index.html': html(
        [
          '<h2 id="getting-started">Getting started</h2><h2 id="whats-new">What’s new</h2><h2 id="overview">Overview</h2><h2 id="overview-1">Overview</h2>',
          '<a href="#getting-started">ok</a><a href="guide.html#config-json-options">ok</a><a href="/guide.html#param-on-error">ok</a>',
          '<a href="sub/">ok</a><a href="moved.html#getting-started">ok, through the stub</a><a href="https://example.com/x">external</a><a href="#">top</a>',
          '<a href="#what%E2%80%99s-new">Quire: id differs</a><a href="#overview-2">Quire: numbering differs</a><a href="guide.html#from-a-snippet">Quire: snippet heading lost</a>',
          '<a href="guide.html#3-fees-&amp;-billing">Quire: kept chars lost</a><a href="guide-two.html">Quire: page not written</a><a href="old/thing.html">Quire: no redirect stub</a>',
          '<img src="images/logo.png"><a href="api-reference/user-management/list-all-users/">Quire: API page URL</a>',
          '<a href="#no-such-heading">source: anchor</a><a href="#not-a-heading">source: heading in code</a><a href="nowhere.html">source: page</a><img src="images/gone.png">',
          '<a href="guide.html#overview">source: heading of another page</a><a href="sub/index.html">ok</a>',
          '<a href="api-reference/user-management/list-all-users.html#param-id">Quire: generated page</a><a href="only-quire.html#x">source: no such page</a>',
          '<a href="api-reference/user-management/list-all-users.html#response-expires-at">ok</a><a href="api-reference/user-management/list-all-users.html#response-expiresat">source: no such field</a>',
          '<a href="gone/thing.html">source: redirected nowhere</a><a href="how-to-guide.html">Quire: partial wildcard, through a chain, to a page</a>',
        ].join('\n'),
        '<link rel="stylesheet" href="assets/site.0123abcd.css"><script src="assets/site.0123abcd.js"></script><link rel="icon" href="favicon.svg">',
      ),
      'guide.html': html('<h2 id="config-json-options">Config.json options</h2><h2 id="3-fees-billing">3. Fees &amp; billing</h2><div id="param-on-error"></div><a href="index.html#overview">ok</a>'),
      'guide-three.html': html('<a href="guide.html#config-json-options">ok</a><a href="index.html#overview-2">Quire, a second reference</a>'),
      'moved.html': html('', '<meta http-equiv="refresh" content="0; url=index.html">'),
      'sub/index.html': html('<a href="../index.html">ok</a>'),
      'assets/site.0123abcd.js': '',
      'api-reference/user-management/list-all-users.html': html('<h1>List all users</h1><div id="response-expires-at"></div>'),
      'only-quire.html': html('<p>A page Quire makes that Mintlify does not</p>'),
    });
  });
  afterAll(() => rmSync(dir, { recursive: true, force: true }));

  it('resolves hrefs as a static file server does', () => {
    expect(resolveHref('a/b.html', '../c.html#x%20y')).toEqual({ path: 'c.html', fragment: 'x y' });
    expect(resolveHref('a/b.html', '/d/')).toEqual({ path: 'd/', fragment: undefined });
    expect(resolveHref('a/b.html', '#k')).toEqual({ path: 'a/b.html', fragment: 'k' });
    expect(resolveHref('a/b.html', 'mailto:x@example.com')).toBeUndefined();
    expect(resolveHref('a/b.html', '//cdn.example.com/x.js')).toBeUndefined();
  });

  it('counts the navigation pages and the API pages Mintlify generates', () => {
    const nav = navigationPages(source, CONFIG);
    expect(nav.pages).toEqual(['index', 'guide', 'guide-two', 'nowhere']);
    expect(nav.generated).toEqual(['api-reference/user-management/list-all-users']);
    expect(nav.unresolved).toEqual([]);
  });

  it('passes every working reference and classifies each broken one', async () => {
    const nav = navigationPages(source, CONFIG);
    const result = crawlOutput(out, await readSourceSite(source, CONFIG, nav.generated, nav.apiFields));
    expect(result.htmlFiles).toBe(7);
    const verdicts = result.broken.map((b) => `${b.verdict} ${b.missing} ${b.target} x${b.count}`).sort();
    expect(verdicts).toEqual(
      [
        // Quire's: the source has the target, the output lost it
        'quire anchor index.html#what’s-new x1',
        'quire anchor index.html#overview-2 x2',
        'quire anchor guide.html#from-a-snippet x1',
        'quire anchor guide.html#3-fees-&-billing x1',
        'quire page guide-two.html x1',
        'quire page old/thing.html x1',
        'quire anchor api-reference/user-management/list-all-users.html#param-id x1',
        'quire page how-to-guide.html x1',
        'source anchor api-reference/user-management/list-all-users.html#response-expiresat x1',
        'source page gone/thing.html x1',
        'quire page api-reference/user-management/list-all-users/ x1',
        'source anchor only-quire.html#x x1',
        'quire file images/logo.png x1',
        'quire file assets/site.0123abcd.css x1',
        // dead in the source too
        'source anchor index.html#no-such-heading x1',
        'source anchor index.html#not-a-heading x1',
        'source anchor guide.html#overview x1',
        'source page nowhere.html x1',
        'source file images/gone.png x1',
        'source file favicon.svg x1',
      ].sort(),
    );
    // Quire's first, and each with its first referrer and the reason
    expect(result.broken[0].verdict).toBe('quire');
    const stylesheet = result.broken.find((b) => b.target === 'assets/site.0123abcd.css')!;
    expect(stylesheet).toMatchObject({ tag: 'link', from: 'index.html', why: "one of Quire's own files" });
    expect(result.broken.find((b) => b.target === 'old/thing.html')!.why).toMatch(/redirect/);
    expect(result.broken.find((b) => b.target === 'how-to-guide.html')!.why).toBe('a redirect in the config sends it to /guide');
    expect(result.broken.find((b) => b.target === 'gone/thing.html')!.why).toBe('a redirect in the config sends it to /elsewhere/thing, which the source does not have');
  });
});
