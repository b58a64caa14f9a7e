/**
 * `.mintignore` (Mintlify's organize/mintignore.mdx) in real exports: what it and its
 * defaults match is not published anywhere (no page, no copy, no Markdown twin, no search
 * entry, no llms.txt line), a `!` pattern takes a file back, a link to a left-out page is
 * broken; a `.mintignore` Quire cannot honour (a link out of the folder, too large, a
 * pattern whose matching has no bound) stops the export naming its line; folders nested
 * deeper than MAX_DEPTH are not listed, with a warning.
 */
import { mkdirSync, readdirSync, readFileSync, rmSync, symlinkSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { exportSite } from '../../../src/render/export-site.js';
import { MAX_DEPTH, MINTIGNORE_LIMITS, readMintIgnore } from '../../../src/render/source/mint-ignore.js';
import type { ExportReport } from '../../../src/render/types.js';
import { tempDir, writeFiles, type TempDir } from '../site/make-site.js';

let tmp: TempDir;
const outFiles = (out: string) => readdirSync(join(tmp.path, out), { recursive: true, encoding: 'utf8' }).sort();
const read = (out: string, file: string) => readFileSync(join(tmp.path, out, file), 'utf8');

/** A site with drafts, internal notes and repository files beside its pages; `files` adds or replaces. */
function site(name: string, files: Record<string, string> = {}): string {
  const root = join(tmp.path, name);
  writeFiles(root, {
    'docs.json': JSON.stringify({ name: 'Ignore', navigation: { groups: [{ group: 'Docs', pages: ['index', 'guide', 'drafts/next'] }] } }),
    'index.mdx': '---\ntitle: Home\n---\n\nSee the [guide](/guide), the [plan](/drafts/next) and ![chart](/internal/chart.png).\n',
    'guide.mdx': '---\ntitle: Guide\n---\n\nPublished guide text.\n',
    'drafts/next.mdx': '---\ntitle: Next\n---\n\nUnreleased roadmap secret-roadmap-word.\n',
    'internal/notes.md': '# Notes\n\nInternal secret-notes-word.\n',
    'internal/chart.png': 'png',
    'intro.draft.mdx': '---\ntitle: Draft intro\n---\n\nDraft secret-draft-word.\n',
    'keep.draft.mdx': '---\ntitle: Kept draft\n---\n\nKept on purpose.\n',
    'README.md': '# Repository readme\n\nreadme-word\n',
    'tools/README.md': '# Tools\n\ntools-readme-word\n',
    'build/page.mdx': '---\ntitle: Built\n---\n\nbuilt-output-word\n',
    'images/build/shot.png': 'png',
    '.mintignore': '# Drafts\ndrafts/\n*.draft.mdx\n!keep.draft.mdx\n\n# Internal\ninternal/**\n',
    ...files,
  });
  return root;
}

beforeAll(() => {
  tmp = tempDir('quire-mintignore-');
});
afterAll(() => tmp.cleanup());

describe('an export of a site with a .mintignore', () => {
  let report: ExportReport;
  beforeAll(async () => {
    report = await exportSite({ root: site('docs'), outDir: join(tmp.path, 'out'), workers: 0 });
  });

  it('publishes nothing the file or the defaults match, and what a ! pattern takes back', () => {
    const out = outFiles('out');
    for (const gone of ['drafts', 'internal', 'intro.draft.html', 'intro.draft.md', 'README.html', 'tools/README.html', 'build']) expect(out, gone).not.toContain(gone);
    expect(out.filter((f) => /drafts\/|internal\/|README|^build\//.test(f))).toEqual([]);
    for (const kept of ['index.html', 'guide.html', 'keep.draft.html', 'images/build/shot.png']) expect(out).toContain(kept);
  });

  it('leaves no word of a left-out file in any file of the output', () => {
    for (const f of outFiles('out').filter((f) => /\.(html|md|json|txt|xml|js)$/.test(f))) {
      const text = read('out', f);
      for (const word of ['secret-roadmap-word', 'secret-notes-word', 'secret-draft-word', 'readme-word', 'built-output-word']) expect(text.includes(word), `${f} holds ${word}`).toBe(false);
    }
  });

  it('reports a navigation page it leaves out as missing, as Mintlify counts links to it broken', () => {
    expect(report.diagnostics).toContainEqual({ severity: 'warning', file: 'docs.json', message: 'navigation names page "drafts/next" but drafts/ is left out by .mintignore or its defaults (not published)' });
    expect(read('out', 'index.html')).toContain('<a href="/drafts/next">plan</a>');
    expect(read('out', 'index.html')).not.toContain('>Next<');
  });
});

describe('readMintIgnore', () => {
  it('takes the defaults alone when the site has no .mintignore, build folders only at the root', async () => {
    const root = site('plain', { '.mintignore': '' });
    const ignored = await readMintIgnore(root);
    expect(ignored('README.md', false)).toBe(true);
    expect(ignored('guides/CONTRIBUTING.md', false)).toBe(true);
    expect(ignored('build', true)).toBe(true);
    expect(ignored('images/build', true)).toBe(false);
    expect(ignored('drafts', true)).toBe(false);
    expect(ignored('guide.mdx', false)).toBe(false);
  });

  it('answers for any path a navigation entry may name, outside the folder included', async () => {
    const ignored = await readMintIgnore(site('paths'));
    for (const path of ['../outside.mdx', '../../etc/passwd.mdx', '/abs.mdx', '', '.', '..']) expect(ignored(path, false), path).toBe(false);
    expect(ignored('./drafts/next.mdx', false)).toBe(true);
    expect(ignored('guide/../drafts', true)).toBe(true);
    const root = site('nav-outside', { 'docs.json': JSON.stringify({ name: 'Ignore', navigation: { groups: [{ group: 'Docs', pages: ['index', '../outside', './guide', 'drafts/next'] }] } }) });
    const report = await exportSite({ root, outDir: join(tmp.path, 'out-nav-outside'), workers: 0 });
    expect(report.diagnostics.filter((d) => d.file === 'docs.json').map((d) => d.message)).toContain('navigation names page "drafts/next" but drafts/ is left out by .mintignore or its defaults (not published)');
    expect(outFiles('out-nav-outside')).toContain('index.html');
  });

  it('matches case-sensitively, and names a left-out file only when there is one', async () => {
    const root = site('case', {
      'docs.json': JSON.stringify({ name: 'Ignore', navigation: { groups: [{ group: 'Docs', pages: ['index', 'support/changelog', 'gone/CHANGELOG', 'intro.draft'] }] } }),
      'support/changelog.md': '# Changes\n\nchangelog-page-word\n',
      'CHANGELOG.md': '# Repository changes\n\nrepo-changelog-word\n',
    });
    const report = await exportSite({ root, outDir: join(tmp.path, 'out-case'), workers: 0 });
    const out = outFiles('out-case');
    expect(out).toContain('support/changelog.html');
    expect(out).not.toContain('CHANGELOG.html');
    const nav = report.diagnostics.filter((d) => d.file === 'docs.json').map((d) => d.message);
    expect(nav).toContain('navigation names page "gone/CHANGELOG" but neither gone/CHANGELOG.mdx nor gone/CHANGELOG.md exists');
    expect(nav).toContain('navigation names page "intro.draft" but intro.draft.mdx is left out by .mintignore or its defaults (not published)');
  });

  it('refuses a .mintignore that links out of the folder, whatever it points at', async () => {
    const root = site('linked');
    writeFileSync(join(tmp.path, 'outside-rules'), 'drafts/\n');
    rmSync(join(root, '.mintignore'));
    symlinkSync(join(tmp.path, 'outside-rules'), join(root, '.mintignore'));
    await expect(readMintIgnore(root)).rejects.toThrow('.mintignore: ".mintignore" leads outside the docs folder');
    await expect(exportSite({ root, outDir: join(tmp.path, 'out-linked'), workers: 0 })).rejects.toThrow(/\.mintignore/);
  });

  it('refuses a pattern with more "**" than can be matched in bounded time, naming its line', async () => {
    const root = site('globstars', { '.mintignore': `drafts/\n${'a/**/'.repeat(MINTIGNORE_LIMITS.globstars + 1)}x\n` });
    await expect(readMintIgnore(root)).rejects.toThrow(`.mintignore:2: "${'a/**/'.repeat(MINTIGNORE_LIMITS.globstars + 1)}x" has ${MINTIGNORE_LIMITS.globstars + 1} "**"`);
    const ok = site('globstars-ok', { '.mintignore': `${'a/**/'.repeat(MINTIGNORE_LIMITS.globstars)}x\n` });
    expect((await readMintIgnore(ok))('a/b/a/c/a/a/x', false)).toBe(true);
  });

  it('refuses a .mintignore too large or with too many patterns', async () => {
    await expect(readMintIgnore(site('big', { '.mintignore': '#'.repeat(MINTIGNORE_LIMITS.bytes + 1) }))).rejects.toThrow(`.mintignore is ${MINTIGNORE_LIMITS.bytes + 1} bytes`);
    const many = Array.from({ length: MINTIGNORE_LIMITS.rules + 1 }, (_, i) => `p${i}/`).join('\n');
    await expect(readMintIgnore(site('many', { '.mintignore': many }))).rejects.toThrow(`.mintignore:${MINTIGNORE_LIMITS.rules + 1}: more than ${MINTIGNORE_LIMITS.rules} patterns`);
  });
});

describe('a folder nested deeper than the walk lists', () => {
  it('is named in a warning and nothing below it is published', async () => {
    const root = site('deep');
    const parts = Array.from({ length: MAX_DEPTH + 2 }, (_, i) => `d${i}`);
    mkdirSync(join(root, ...parts), { recursive: true });
    writeFileSync(join(root, ...parts.slice(0, MAX_DEPTH), 'listed.mdx'), '---\ntitle: Listed\n---\n\nlisted\n');
    writeFileSync(join(root, ...parts, 'deep.mdx'), '---\ntitle: Deep\n---\n\ndeep\n');
    const report = await exportSite({ root, outDir: join(tmp.path, 'out-deep'), workers: 0 });
    const out = outFiles('out-deep');
    expect(out).toContain(`${parts.slice(0, MAX_DEPTH).join('/')}/listed.html`);
    expect(out.some((f) => f.endsWith('deep.html'))).toBe(false);
    const cut = parts.slice(0, MAX_DEPTH + 1).join('/');
    expect(report.diagnostics).toContainEqual(expect.objectContaining({ severity: 'warning', file: cut, message: `${cut} lies ${MAX_DEPTH} folders deep: the folders in it are not listed, so no page or file below them is published` }));
  });
});
