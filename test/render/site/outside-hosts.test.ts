/**
 * The exported kitchen-sink site calls no other host: every `src`, `href`, `url()`,
 * `srcset`, `action` and `import()` in every output file points inside the site,
 * except `<a href>` links the author wrote (in pages or in docs.json: navbar, footer,
 * anchors). Air-gapped builds leave the analytics of `integrations` out; cloud builds
 * include the configured ones and nothing else.
 */
import { readFileSync, readdirSync, statSync } from 'node:fs';
import { join, relative } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { exportSite } from '../../../src/render/export-site.js';
import type { ExportReport } from '../../../src/render/types.js';
import { FIXTURES, tempDir, type TempDir } from './make-site.js';

const ROOT = join(FIXTURES, 'kitchen-sink');
const TEXT = /\.(html|css|js|json|xml|txt|svg)$/;

function walk(dir: string, out: string[] = []): string[] {
  for (const e of readdirSync(dir)) {
    const p = join(dir, e);
    if (statSync(p).isDirectory()) walk(p, out);
    else out.push(p);
  }
  return out;
}

/** Every text the author wrote: page sources and the config, where outside links may come from. */
function authoredText(): string {
  return walk(ROOT).filter((f) => /\.(mdx?|json)$/.test(f)).map((f) => readFileSync(f, 'utf8')).join('\n');
}

interface Reference {
  file: string;
  kind: string;
  url: string;
}

/** URLs in attributes, CSS url() and JS import() that name a host. */
function outsideReferences(outDir: string): Reference[] {
  const found: Reference[] = [];
  for (const abs of walk(outDir)) {
    if (!TEXT.test(abs)) continue;
    const file = relative(outDir, abs);
    const text = readFileSync(abs, 'utf8');
    const patterns: [string, RegExp][] = [
      ['attr', /\b(src|href|srcset|action|poster|data|formaction)\s*=\s*["']?\s*((?:[a-z][a-z0-9+.-]*:)?\/\/[^"'\s>]+)/gi],
      ['css', /url\(\s*["']?((?:[a-z][a-z0-9+.-]*:)?\/\/[^"')\s]+)/gi],
      ['import', /import\(\s*["'`]((?:[a-z][a-z0-9+.-]*:)?\/\/[^"'`]+)/gi],
    ];
    for (const [kind, re] of patterns) {
      for (const m of text.matchAll(re)) {
        const url = kind === 'attr' ? m[2] : m[1];
        found.push({ file, kind: kind === 'attr' ? m[1].toLowerCase() : kind, url });
      }
    }
  }
  return found;
}

describe('no request to another host', () => {
  let tmp: TempDir;
  let airGapped: ExportReport;
  let cloud: ExportReport;
  let airOut: string;
  let cloudOut: string;

  beforeAll(async () => {
    tmp = tempDir();
    airOut = join(tmp.path, 'air');
    cloudOut = join(tmp.path, 'cloud');
    airGapped = await exportSite({ root: ROOT, outDir: airOut, deployment: 'air-gapped', baseUrl: 'https://docs.example.com', workers: 0 });
    cloud = await exportSite({ root: ROOT, outDir: cloudOut, deployment: 'cloud', baseUrl: 'https://docs.example.com', workers: 0 });
  });
  afterAll(() => tmp.cleanup());

  it('scans every output file of the air-gapped build: only authored <a href> links leave the site', () => {
    const authored = authoredText();
    const refs = outsideReferences(airOut);
    // the canonical link and the sitemap are built from the base URL on purpose
    const offending = refs.filter((r) => {
      if (r.url.startsWith('https://docs.example.com')) return false;
      if (r.kind === 'href' && r.file.endsWith('.html') && authored.includes(r.url.replace(/&amp;/g, '&'))) return false;
      return true;
    });
    expect(refs.length).toBeGreaterThan(0);
    expect(offending).toEqual([]);
    // and nothing loads from another host: no external src at all
    expect(refs.filter((r) => r.kind !== 'href')).toEqual([]);
  });

  it('leaves analytics out of air-gapped builds and says why', () => {
    expect(airGapped.features['analytics:ga4']).toEqual({ included: false, reason: 'analytics call outside hosts; left out of air-gapped deployments' });
    const html = readFileSync(join(airOut, 'quickstart.html'), 'utf8');
    expect(html).not.toContain('googletagmanager');
    expect(html).not.toContain('G-TEST123');
  });

  it('includes the configured analytics in cloud builds, and only that outside script', () => {
    expect(cloud.features['analytics:ga4']).toEqual({ included: true });
    const scripts = outsideReferences(cloudOut).filter((r) => r.kind === 'src');
    expect(new Set(scripts.map((s) => s.url))).toEqual(new Set(['https://www.googletagmanager.com/gtag/js?id=G-TEST123']));
  });

  it('copies KaTeX locally for the math page and reports the features', () => {
    expect(airGapped.features.math.included).toBe(true);
    expect(airGapped.files.some((f) => /^assets\/katex\/katex\.[0-9a-f]{8}\.css$/.test(f))).toBe(true);
    expect(airGapped.files.some((f) => f.startsWith('assets/katex/fonts/') && f.endsWith('.woff2'))).toBe(true);
    expect(airGapped.features.search.included).toBe(true);
  });
});
