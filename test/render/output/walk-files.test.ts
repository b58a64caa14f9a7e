/**
 * The file listings of an export: walkFiles (the docs folder) and prepareOutDir (a previous
 * export's output folder), each path relative and with `/` at any depth, links not followed
 * but named by walkFiles.
 */
import { mkdirSync, symlinkSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { walkFiles, type SkippedLink } from '../../../src/render/output/walk-files.js';
import { prepareOutDir } from '../../../src/render/output/write-files.js';
import { tempDir, type TempDir } from '../site/make-site.js';

function write(root: string, files: string[]): void {
  for (const f of files) {
    mkdirSync(join(root, f, '..'), { recursive: true });
    writeFileSync(join(root, f), f);
  }
}

describe('walkFiles and prepareOutDir', () => {
  let tmp: TempDir;
  afterEach(() => tmp?.cleanup());

  it('lists a docs folder at any depth, sorted, without hidden entries, node_modules or excluded folders, naming links', async () => {
    tmp = tempDir('quire-walk-');
    const root = join(tmp.path, 'docs');
    write(root, ['index.mdx', 'a/b/c/deep.mdx', 'a/page.mdx', 'images/logo.svg', 'a b/ü.mdx', '.git/HEAD', 'a/.hidden.mdx', 'node_modules/x/index.js', 'out/index.html', 'z.mdx']);
    symlinkSync('../page.mdx', join(root, 'a', 'b', 'inside.mdx'));
    symlinkSync('/etc/passwd', join(root, 'a', 'outside.mdx'));
    const links: SkippedLink[] = [];
    expect(await walkFiles(root, [join(root, 'out')], { links })).toEqual(['a b/ü.mdx', 'a/b/c/deep.mdx', 'a/page.mdx', 'images/logo.svg', 'index.mdx', 'z.mdx']);
    expect(links).toEqual([{ path: 'a/b/inside.mdx', outside: false }, { path: 'a/outside.mdx', outside: true }]);
  });

  it('lists the files of a previous export at any depth, not its folders; an empty or new folder lists none', async () => {
    tmp = tempDir('quire-outdir-');
    const root = join(tmp.path, 'docs');
    mkdirSync(root);
    const out = join(tmp.path, 'out');
    write(out, ['sitemap.xml', '404.html', 'index.html', 'guides/intro.html', 'guides/deep/er/page.md', 'assets/a b.css']);
    mkdirSync(join(out, 'empty'));
    expect((await prepareOutDir(`${out}/`, root)).sort()).toEqual(['404.html', 'assets/a b.css', 'guides/deep/er/page.md', 'guides/intro.html', 'index.html', 'sitemap.xml']);
    expect(await prepareOutDir(join(tmp.path, 'new'), root)).toEqual([]);
    expect(await prepareOutDir(join(tmp.path, 'new'), root)).toEqual([]);
  });
});
