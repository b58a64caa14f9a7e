/**
 * Builds small docs folders in temp directories for the site tests, and copies the
 * shared fixture sites so a test can change a page without touching the originals.
 */
import { cpSync, mkdirSync, mkdtempSync, readdirSync, readFileSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join, relative } from 'node:path';
import { fileURLToPath } from 'node:url';
import { exportSite } from '../../../src/render/export-site.js';
import type { Diagnostic, ExportOptions } from '../../../src/render/types.js';

export const FIXTURES = join(dirname(fileURLToPath(import.meta.url)), '../../fixtures/sites');

export interface TempDir {
  path: string;
  cleanup(): void;
}

export function tempDir(prefix = 'quire-site-'): TempDir {
  const path = mkdtempSync(join(tmpdir(), prefix));
  return { path, cleanup: () => rmSync(path, { recursive: true, force: true }) };
}

/** Every file under `dir`, relative and with `/`, sorted. */
export function listFiles(dir: string): string[] {
  const out: string[] = [];
  const walk = (d: string) => {
    for (const e of readdirSync(d)) {
      const p = join(d, e);
      if (statSync(p).isDirectory()) walk(p);
      else out.push(relative(dir, p).split('\\').join('/'));
    }
  };
  walk(dir);
  return out.sort();
}

export function writeFiles(root: string, files: Record<string, string>): void {
  for (const [rel, text] of Object.entries(files)) {
    mkdirSync(dirname(join(root, rel)), { recursive: true });
    writeFileSync(join(root, rel), text);
  }
}

/** A site written into a temp folder and exported there (exportedSite). */
export interface ExportedSite {
  /** The docs folder. */
  root: string;
  out: string;
  diagnostics: Diagnostic[];
  /** An output file's text. */
  read(path: string): string;
  /** Exports the same folder again into `name` of the temp folder, with other options. */
  again(name: string, options?: Partial<ExportOptions>): Promise<ExportedSite>;
  cleanup(): void;
}

/** `files` written into a temp folder's `docs/` and exported into its `out/` (on this thread: `workers: 0`, unless `options` say otherwise). */
export async function exportedSite(files: Record<string, string>, options: Partial<ExportOptions> = {}): Promise<ExportedSite> {
  const tmp = tempDir();
  const root = join(tmp.path, 'docs');
  writeFiles(root, files);
  const run = async (name: string, more: Partial<ExportOptions>): Promise<ExportedSite> => {
    const out = join(tmp.path, name);
    const { diagnostics } = await exportSite({ workers: 0, ...more, root, outDir: out });
    return { root, out, diagnostics, read: (path) => readFileSync(join(out, path), 'utf8'), again: (next, o = {}) => run(next, o), cleanup: () => tmp.cleanup() };
  };
  return run('out', options);
}

/** A copy of a fixture site under `dir/name`. */
export function copyFixture(name: string, dir: string): string {
  const target = join(dir, name);
  cpSync(join(FIXTURES, name), target, { recursive: true });
  return target;
}

/** A small site with nested folders, a hidden page, a page outside the navigation and redirects. */
export function smallSite(root: string, extra: Record<string, unknown> = {}): void {
  writeFiles(root, {
    'docs.json': JSON.stringify({
      name: 'Small <Docs>',
      colors: { primary: '#3366ff' },
      logo: { light: '/logo.svg', dark: '/logo.svg' },
      favicon: '/logo.svg',
      navigation: {
        tabs: [
          { tab: 'Docs', groups: [{ group: 'Start', pages: ['index', 'guides/setup', { group: 'Deep', pages: ['guides/deep/inner'] }, 'secret'] }] },
          { tab: 'Other', groups: [{ group: 'More', pages: ['other/page'] }] },
        ],
      },
      redirects: [
        { source: '/old-setup', destination: '/guides/setup', permanent: true },
        { source: '/blog/:slug*', destination: '/guides/:slug*' },
      ],
      ...extra,
    }),
    'logo.svg': '<svg xmlns="http://www.w3.org/2000/svg" width="10" height="10"></svg>',
    'index.mdx': '---\ntitle: Home\n---\n\nWelcome. See [setup](/guides/setup#install) and [inner](guides/deep/inner) and [gone](/missing-page).\n',
    'guides/setup.mdx': '---\ntitle: Setup\ndescription: How to set up.\n---\n\n## Install\n\nGo [home](/) or [deeper](./deep/inner) or [other](../other/page).\n\n## Configure\n\nText.\n',
    'guides/deep/inner.mdx': '---\ntitle: Inner page\n---\n\nBack to [setup](/guides/setup) and [root](/index).\n',
    'secret.mdx': '---\ntitle: Secret\nhidden: true\n---\n\nHidden but rendered.\n',
    'other/page.mdx': '---\ntitle: Other page\n---\n\nSee ![logo](/logo.svg).\n\n```bash\necho zanzibar\n```\n',
    'orphan.mdx': '---\ntitle: Orphan\n---\n\nNot in the navigation.\n',
    'snippets/note.mdx': 'A snippet, never a page.\n',
  });
}
