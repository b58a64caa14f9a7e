/**
 * MDX is data, never code: the `unsafe` fixture holds expressions, imports, exports,
 * scripts and handlers that would write UNSAFE_MARKER or exit the process if anything
 * of it ran. Rendering it must run nothing, report each with file and line, and emit
 * no script, handler or javascript: URL.
 */
import { existsSync } from 'node:fs';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { renderFixture, SITES } from './site-context.js';

let cwd: string;
let saved: string;
beforeEach(async () => {
  saved = process.cwd();
  cwd = await mkdtemp(join(tmpdir(), 'quire-unsafe-'));
  process.chdir(cwd);
});
afterEach(async () => {
  process.chdir(saved);
  await rm(cwd, { recursive: true, force: true });
});

const markerWritten = () => existsSync(join(cwd, 'UNSAFE_MARKER')) || existsSync(join(SITES, 'unsafe', 'UNSAFE_MARKER'));

function assertClean(html: string): void {
  expect(html).not.toMatch(/<script/i);
  expect(html).not.toMatch(/<style/i);
  expect(html).not.toMatch(/<iframe/i);
  expect(html).not.toMatch(/\son[a-z]+=/i);
  expect(html).not.toMatch(/javascript:/i);
}

describe('the unsafe fixture', () => {
  it('renders the MDX page without running anything and warns with file and line', async () => {
    const page = await renderFixture('unsafe', 'index.mdx');
    expect(markerWritten()).toBe(false);
    assertClean(page.html);
    expect(page.html).toContain('<h1 id="nothing-here-runs">Nothing here runs</h1>');
    expect(page.html).toContain('<p>Before the expression.  After the expression.</p>');
    expect(page.html).toContain('<div class="box">A box with a handler.</div>');
    expect(page.html).toContain('<a>A javascript link</a>');
    expect(page.html).toContain('<p>The end.</p>');
    const found = page.diagnostics.map((d) => `${d.file}:${d.line} ${d.message.split(':')[0]}`);
    expect(found).toEqual([
      'index.mdx:5 import from "node',
      'index.mdx:6 import from "node',
      'index.mdx:8 export "boom" ignored',
      'index.mdx:12 expression {process.exit(1)} was not evaluated',
      'index.mdx:14 expression {fs.writeFileSync("UNSAFE_MARKER", "ran")} was not evaluated',
      'index.mdx:16 <script> removed',
      'index.mdx:18 <button> removed',
      'index.mdx:20 event handler attribute onclick on <div> removed',
      'index.mdx:22 unsafe URL removed',
      'index.mdx:24 unsafe URL removed',
      'index.mdx:26 event handler attribute onerror on <img> removed',
    ]);
    // the https iframe waits for the reader: a placeholder, no frame (embed.ts)
    expect(page.html).toContain('<div class="q-embed" data-embed="https://evil.example.com/embed">');
    for (const d of page.diagnostics) expect(d.severity).toBe('warning');
  });

  it('renders the page that is not valid MDX as sanitized Markdown', async () => {
    const page = await renderFixture('unsafe', 'raw-html.md');
    expect(markerWritten()).toBe(false);
    assertClean(page.html);
    expect(page.html).toContain('<a>entity link</a>');
    expect(page.html).toContain('<a>raw link</a>');
    expect(page.diagnostics[0]).toMatchObject({ file: 'raw-html.md', line: 5 });
    expect(page.diagnostics.map((d) => d.line)).toEqual([5, 7, 7, 9, 11, 13, 13]);
  });
});
