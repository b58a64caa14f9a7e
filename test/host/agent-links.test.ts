/**
 * `quire host` for agents, on a real host on loopback: a page asked for with
 * `Accept: text/markdown` answers with its Markdown version (Vary: Accept, compressed
 * variants too), browsers still get HTML, and every page carries the Link and
 * X-Llms-Txt headers that lead to llms.txt and llms-full.txt.
 */
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { gunzipSync } from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startHost, type RunningHost } from '../../src/host/host.js';
import { wantsMarkdown } from '../../src/host/agent-links.js';
import { captureLogger, hostConfig, makeBundle, request, startBundleServer, type BundleServer } from './helpers.js';

const long = (s: string): string => s + '\n\nSome more text for the compressor.'.repeat(60);
const INTRO_MD = long('# Intro\n\n> How to start.\n\nRun `acme init`.');
const SITE = {
  'index.html': '<!doctype html><h1>Home</h1>',
  'index.md': '# Home\n',
  'guides/intro.html': long('<!doctype html><h1>Intro</h1>'),
  'guides/intro.md': INTRO_MD,
  'about.html': '<!doctype html><h1>About, no Markdown</h1>',
  'llms.txt': '# Acme\n\n- [Intro](guides/intro.md)\n',
  'llms-full.txt': INTRO_MD,
  '404.html': '<h1>Not found</h1>',
};
const LINK = '</llms.txt>; rel="llms-txt", </llms-full.txt>; rel="llms-full-txt"';
const BROWSER = 'text/html,application/xhtml+xml,application/xml;q=0.9,*/*;q=0.8';

let dir: string;
let bundles: BundleServer;
let host: RunningHost;

beforeAll(async () => {
  dir = await mkdtemp(join(tmpdir(), 'quire-agent-links-'));
  const bundle = await makeBundle(dir, 'agents', SITE);
  bundles = await startBundleServer();
  bundles.publish('agents', bundle.file);
  host = await startHost(hostConfig(join(dir, 'cache'), { bundleUrl: bundles.link('agents') }), { logger: captureLogger().logger });
});
afterAll(async () => {
  await host?.close();
  await bundles?.close();
  await rm(dir, { recursive: true, force: true });
});

describe('content negotiation', () => {
  it('answers Accept: text/markdown with the page in Markdown', async () => {
    const res = await request(host.url, '/guides/intro', { headers: { accept: 'text/markdown' } });
    expect(res.status).toBe(200);
    expect(res.headers['content-type']).toBe('text/markdown; charset=utf-8');
    expect(res.body.toString()).toBe(INTRO_MD);
    expect(res.headers.vary).toBe('Accept, Accept-Encoding');
    expect(res.headers.link).toBe(LINK);
  });

  it('gives browsers and plain clients the HTML, with Vary: Accept', async () => {
    for (const accept of [BROWSER, '*/*', 'text/html, text/markdown;q=0.5']) {
      const res = await request(host.url, '/guides/intro', { headers: { accept } });
      expect(res.headers['content-type']).toBe('text/html; charset=utf-8');
      expect(res.body.toString()).toContain('<h1>Intro</h1>');
      expect(res.headers.vary).toBe('Accept, Accept-Encoding');
    }
  });

  it('serves the compressed Markdown variant to a client that takes gzip', async () => {
    const res = await request(host.url, '/guides/intro.html', { headers: { accept: 'text/plain', 'accept-encoding': 'gzip' } });
    expect(res.headers['content-encoding']).toBe('gzip');
    expect(gunzipSync(res.body).toString()).toBe(INTRO_MD);
  });

  it('serves page.md directly, and HTML for a page without a Markdown version', async () => {
    expect((await request(host.url, '/guides/intro.md')).body.toString()).toBe(INTRO_MD);
    const about = await request(host.url, '/about', { headers: { accept: 'text/markdown' } });
    expect(about.headers['content-type']).toBe('text/html; charset=utf-8');
    expect(about.headers.vary).toBeUndefined();
  });

  it('answers a HEAD for Markdown with its headers', async () => {
    const res = await request(host.url, '/', { method: 'HEAD', headers: { accept: 'text/markdown' } });
    expect(res.status).toBe(200);
    expect(res.headers['content-type']).toBe('text/markdown; charset=utf-8');
    expect(res.headers['content-length']).toBe(String(Buffer.byteLength('# Home\n')));
  });
});

describe('discovery headers', () => {
  it('every page links llms.txt and llms-full.txt', async () => {
    for (const path of ['/', '/about', '/guides/intro.md']) {
      const res = await request(host.url, path, { headers: { accept: BROWSER } });
      expect(res.headers.link).toBe(LINK);
      expect(res.headers['x-llms-txt']).toBe('/llms.txt');
    }
    const llms = await request(host.url, '/llms.txt');
    expect(llms.headers['content-type']).toBe('text/plain; charset=utf-8');
    expect(llms.body.toString()).toContain('- [Intro](guides/intro.md)');
  });

  it('wantsMarkdown reads qualities', () => {
    expect(wantsMarkdown('text/markdown')).toBe(true);
    expect(wantsMarkdown('text/plain, */*')).toBe(true);
    expect(wantsMarkdown('text/markdown;q=0.9, text/html')).toBe(false);
    expect(wantsMarkdown('text/markdown;q=0')).toBe(false);
    expect(wantsMarkdown(BROWSER)).toBe(false);
    expect(wantsMarkdown(undefined)).toBe(false);
  });
});
