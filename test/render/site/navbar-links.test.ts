/** Navbar and footer links written as site paths point at the exported .html files. */
import { mkdtempSync, readFileSync, rmSync, writeFileSync, mkdirSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, expect, it } from 'vitest';
import { exportSite } from '../../../src/render/export-site.js';

const dir = mkdtempSync(join(tmpdir(), 'quire-navbar-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

it('rewrites internal navbar, primary and footer links relative to each page, and keeps outside links', async () => {
  const src = join(dir, 'src');
  mkdirSync(join(src, 'guides'), { recursive: true });
  writeFileSync(join(src, 'index.mdx'), '---\ntitle: Home\n---\n\nHello.\n');
  writeFileSync(join(src, 'api.mdx'), '---\ntitle: API\n---\n\n## Auth\n\nKeys.\n');
  writeFileSync(join(src, 'guides', 'intro.mdx'), '---\ntitle: Intro\n---\n\nStart here.\n');
  writeFileSync(join(src, 'docs.json'), JSON.stringify({
    name: 'Links', colors: { primary: '#0D9373' },
    navigation: { pages: ['index', 'api', 'guides/intro'] },
    navbar: { links: [{ label: 'API', href: '/api#auth' }, { label: 'Blog', href: 'https://blog.example.com' }], primary: { type: 'button', label: 'Start', href: '/guides/intro' } },
    footer: { links: [{ header: 'Docs', items: [{ label: 'Home', href: '/' }, { label: 'Missing', href: '/nowhere' }] }] },
  }));
  await exportSite({ root: src, outDir: join(dir, 'out'), workers: 0 });
  const nested = readFileSync(join(dir, 'out', 'guides', 'intro.html'), 'utf8');
  expect(nested).toContain('href="../api.html#auth"');
  expect(nested).toContain('href="intro.html"');
  expect(nested).toContain('href="../index.html"');
  expect(nested).toContain('href="https://blog.example.com"');
  // A path that is no page of the site is written as the author gave it.
  expect(nested).toContain('href="/nowhere"');
  const top = readFileSync(join(dir, 'out', 'index.html'), 'utf8');
  expect(top).toContain('href="api.html#auth"');
  expect(top).toContain('href="guides/intro.html"');
});
