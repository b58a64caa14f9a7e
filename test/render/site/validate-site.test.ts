/**
 * validateSite: config problems, MDX syntax errors and broken links with their line,
 * and .mdx pages the navigation cannot reach, without writing anything.
 */
import { readdirSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { validateSite } from '../../../src/render/validate-site.js';
import { smallSite, tempDir, writeFiles, type TempDir } from './make-site.js';

describe('validateSite', () => {
  let tmp: TempDir;
  let root: string;
  beforeAll(() => {
    tmp = tempDir();
    root = join(tmp.path, 'docs');
    smallSite(root);
    writeFiles(root, {
      'guides/setup.mdx': '---\ntitle: Setup\n---\n\n## Install\n\n<Card title="x" href="/nowhere">card</Card>\n\n[ok](/other/page) [bad](../gone#x) [anchor](#install) [ext](https://example.com)\n',
      'orphan.mdx': '---\ntitle: Orphan\n---\n\n<Note>\nunclosed\n',
      'style.css': '.box {\n  background: url(missing.png);\n}\n',
    });
  });
  afterAll(() => tmp.cleanup());

  it('finds broken links with their lines, syntax errors and unreachable pages', async () => {
    const result = await validateSite(root);
    expect(result.brokenLinks).toEqual([
      { file: 'guides/setup.mdx', href: '/nowhere', line: 7 },
      { file: 'guides/setup.mdx', href: '../gone#x', line: 9 },
      { file: 'index.mdx', href: '/missing-page', line: 5 },
    ]);
    expect(result.unreachablePages).toEqual(['orphan']);
    const syntax = result.diagnostics.filter((d) => d.file === 'orphan.mdx');
    expect(syntax).toHaveLength(1);
    expect(syntax[0].severity).toBe('error');
    expect(syntax[0].message).toMatch(/MDX syntax error/);
    expect(result.diagnostics.filter((d) => d.file === 'style.css')).toEqual([
      { severity: 'warning', file: 'style.css', line: 2, message: 'style.css:2: url() "missing.png" names a file that is not in the docs folder' },
    ]);
  });

  it('reports navigation entries without a page and writes nothing', async () => {
    writeFiles(root, { 'docs.json': JSON.stringify({ name: 'X', colors: { primary: '#000000' }, navigation: { groups: [{ group: 'G', pages: ['index', 'ghost'] }] } }) });
    const before = readdirSync(root).sort();
    const result = await validateSite(root);
    expect(result.diagnostics.some((d) => d.file === 'docs.json' && d.message.includes('"ghost"'))).toBe(true);
    expect(readdirSync(root).sort()).toEqual(before);
  });

  it('throws for a folder that is not a docs site', async () => {
    await expect(validateSite(tmp.path)).rejects.toThrow(/not a docs site/);
  });
});
