/**
 * A hostile docs folder whose links and paths point at the worker's own files: a
 * snippet linked to a secret, a linked folder, a `$ref` to a linked JSON file, OpenAPI
 * documents named by `../` paths in docs.json and in a page's frontmatter. The export
 * completes, no byte of the secrets reaches the site, every refusal names its file, and
 * the answer is the same whether the path out there exists or not.
 */
import { mkdirSync, readFileSync, symlinkSync, writeFileSync } from 'node:fs';
import { join, relative } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { exportSite } from '../../../src/render/export-site.js';
import type { ExportReport } from '../../../src/render/types.js';
import { tempDir, writeFiles, type TempDir } from '../site/make-site.js';
import { like } from '../../helpers/like.js';

const SECRET = 'QUIRE-TEST-SECRET-4f1c9e';
let tmp: TempDir;
let root: string;
let out: string;
let report: ExportReport;

beforeAll(async () => {
  tmp = tempDir('quire-links-out-');
  const secrets = join(tmp.path, 'secrets');
  mkdirSync(secrets);
  writeFileSync(join(secrets, 'link-signing.key'), SECRET);
  writeFileSync(join(secrets, 'nav.json'), JSON.stringify({ group: SECRET, pages: ['index'] }));
  writeFileSync(join(secrets, 'spec.yaml'), `openapi: 3.1.0\ninfo: {title: ${SECRET}, version: '1'}\npaths: {}\n`);
  root = join(tmp.path, 'docs');
  out = join(tmp.path, 'out');
  const up = relative(root, secrets);
  writeFiles(root, {
    'docs.json': JSON.stringify({
      name: 'Hostile',
      navigation: { groups: [{ group: 'Docs', pages: ['index', 'key', 'folder', 'api-page'] }, { $ref: 'nav/linked.json' }, { group: 'API', openapi: `${up}/spec.yaml` }] },
    }),
    'index.mdx': '---\ntitle: Home\n---\n\nWelcome.\n',
    'key.mdx': "---\ntitle: Key\n---\n\nimport Key from '/snippets/key.mdx';\n\n<Key />\n",
    'folder.mdx': "---\ntitle: Folder\n---\n\nimport Inner from '/snippets/dir/link-signing.key.mdx';\n\n<Inner />\n",
    'api-page.mdx': `---\ntitle: API page\nopenapi: ${up}/spec.yaml GET /x\n---\n\nText.\n`,
  });
  mkdirSync(join(root, 'nav'));
  mkdirSync(join(root, 'snippets'));
  symlinkSync(join(secrets, 'link-signing.key'), join(root, 'snippets', 'key.mdx'));
  symlinkSync(secrets, join(root, 'snippets', 'dir'));
  symlinkSync(join(secrets, 'nav.json'), join(root, 'nav', 'linked.json'));
  symlinkSync(join(secrets, 'link-signing.key'), join(root, 'leak.png'));
  report = await exportSite({ root, outDir: out, workers: 0 });
});
afterAll(() => tmp.cleanup());

const errors = () => report.diagnostics.filter((d) => d.severity === 'error');

describe('an export of a folder whose links and paths lead out of it', () => {
  it('completes with every page, and no output file holds a byte of the secrets', () => {
    expect(report.pagesRendered).toBe(4);
    for (const f of report.files) expect(readFileSync(join(out, f)).includes(SECRET), f).toBe(false);
    expect(report.files).not.toContain('leak.png');
  });

  it('names the importing page and line for a snippet linked out of the folder', () => {
    expect(errors()).toContainEqual(like.objectContaining({ file: 'key.mdx', line: 5, message: like.stringContaining('"snippets/key.mdx" leads outside the docs folder') }));
    expect(errors()).toContainEqual(like.objectContaining({ file: 'folder.mdx', message: like.stringContaining('"snippets/dir/link-signing.key.mdx" leads outside the docs folder') }));
  });

  it('refuses a $ref to a linked JSON file and OpenAPI paths that climb out, naming where they are written', () => {
    expect(errors()).toContainEqual(like.objectContaining({ file: 'docs.json', message: like.stringMatching(/"nav\/linked\.json" cannot be read: it leads outside the docs folder/) }));
    const openapi = errors().filter((d) => /OpenAPI document/.test(d.message));
    expect(openapi.length).toBeGreaterThan(0);
    for (const d of openapi) expect(d.message).toMatch(/leads outside the docs folder/);
  });

  it('reports each link met while listing the folder, and does not follow it', () => {
    for (const link of ['leak.png', 'nav/linked.json', 'snippets/dir', 'snippets/key.mdx']) {
      expect(report.diagnostics).toContainEqual(like.objectContaining({ severity: 'error', file: link, message: like.stringContaining('symbolic link that leads outside the docs folder') }));
    }
  });

  it('gives the same answer for a path out there that does not exist', async () => {
    const other = tempDir('quire-links-none-');
    try {
      writeFiles(other.path, { 'docs.json': JSON.stringify({ name: 'X', navigation: { groups: [{ group: 'API', openapi: '../../../../nonexistent/spec.yaml' }, { group: 'B', openapi: '../../../../etc/hostname' }] } }), 'index.mdx': '# Hi\n' });
      const r = await exportSite({ root: other.path, outDir: join(other.path, 'out'), workers: 0 });
      const messages = r.diagnostics.filter((d) => /OpenAPI document/.test(d.message)).map((d) => d.message.replace(/"[^"]*"/, '"X"'));
      expect(messages.length).toBe(2);
      expect(messages[0]).toBe(messages[1]);
    } finally {
      other.cleanup();
    }
  });
});
