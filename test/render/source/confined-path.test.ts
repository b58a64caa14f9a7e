/**
 * The confined reader: paths of the docs folder resolve inside it or are refused, links
 * out of it are refused whether their target exists or not, and nothing outside is read.
 */
import { mkdirSync, mkdtempSync, realpathSync, rmSync, symlinkSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ConfinedPathError, confinedFile, confinedFolder, confinedReader, readConfinedText, relativeInside } from '../../../src/render/source/confined-path.js';

let base: string;
let root: string;

beforeAll(() => {
  base = mkdtempSync(join(tmpdir(), 'quire-confined-'));
  root = join(base, 'docs');
  mkdirSync(join(root, 'snippets', 'shared'), { recursive: true });
  writeFileSync(join(base, 'secret.key'), 'TOP-SECRET');
  writeFileSync(join(root, 'page.mdx'), 'page');
  writeFileSync(join(root, 'snippets', 'shared', 'note.mdx'), 'shared note');
  symlinkSync(join(base, 'secret.key'), join(root, 'snippets', 'abs-out.mdx'));
  symlinkSync('../../secret.key', join(root, 'snippets', 'rel-out.mdx'));
  symlinkSync('/nonexistent/quire/missing.key', join(root, 'snippets', 'dangling-out.mdx'));
  symlinkSync(base, join(root, 'snippets', 'dir-out'));
  symlinkSync('shared/note.mdx', join(root, 'snippets', 'inside.mdx'));
  symlinkSync('shared', join(root, 'snippets', 'inside-dir'));
  symlinkSync('hop2.mdx', join(root, 'snippets', 'hop1.mdx'));
  symlinkSync('../../secret.key', join(root, 'snippets', 'hop2.mdx'));
  symlinkSync('loop-b.mdx', join(root, 'snippets', 'loop-a.mdx'));
  symlinkSync('loop-a.mdx', join(root, 'snippets', 'loop-b.mdx'));
});
afterAll(() => rmSync(base, { recursive: true, force: true }));

async function reasonOf(rel: string): Promise<string> {
  try {
    await confinedFile(root, rel);
    return 'read';
  } catch (err) {
    expect(err).toBeInstanceOf(ConfinedPathError);
    return (err as ConfinedPathError).reason;
  }
}

describe('confinedReader (many files of one export)', () => {
  it('gives what confined reads give, null for each refusal, whatever was read before through the same folders', async () => {
    const read = confinedReader(root);
    // Folders walked first (snippets/, snippets/shared/), then links out of and inside them.
    expect(await read('snippets/shared/note.mdx')).toBe('shared note');
    expect(await read('page.mdx')).toBe('page');
    for (const out of ['snippets/abs-out.mdx', 'snippets/rel-out.mdx', 'snippets/dangling-out.mdx', 'snippets/dir-out/secret.key', 'snippets/hop1.mdx', 'snippets/loop-a.mdx', '../secret.key', 'snippets/shared/../../../secret.key']) {
      expect(await read(out), out).toBeNull();
    }
    expect(await read('snippets/inside.mdx')).toBe('shared note');
    expect(await read('snippets/inside-dir/note.mdx')).toBe('shared note');
    expect(await read('snippets/missing.mdx')).toBeNull();
    expect(await read('snippets/shared')).toBeNull();
    // A folder link out of the root stays refused after the real folders beside it were walked.
    expect(await read('snippets/dir-out/docs/page.mdx')).toBeNull();
  });

  it('reads each file once for the export', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'quire-confined-once-'));
    try {
      writeFileSync(join(dir, 'a.mdx'), 'first');
      const read = confinedReader(dir);
      expect(await read('a.mdx')).toBe('first');
      writeFileSync(join(dir, 'a.mdx'), 'second');
      expect(await read('a.mdx')).toBe('first');
      expect(await confinedReader(dir)('a.mdx')).toBe('second');
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });
});

describe('confined reads', () => {
  it('reads files of the folder, also through links that stay inside it', async () => {
    expect(await readConfinedText(root, 'page.mdx')).toBe('page');
    expect(await readConfinedText(root, '/snippets/shared/note.mdx')).toBe('shared note');
    expect(await readConfinedText(root, 'snippets/inside.mdx')).toBe('shared note');
    expect(await readConfinedText(root, 'snippets/inside-dir/note.mdx')).toBe('shared note');
    expect(await readConfinedText(root, 'snippets/shared/../../page.mdx')).toBe('page');
  });

  it('refuses links out of the folder: absolute, relative, through a linked folder, in a chain', async () => {
    for (const rel of ['snippets/abs-out.mdx', 'snippets/rel-out.mdx', 'snippets/dir-out/secret.key', 'snippets/hop1.mdx']) expect(await reasonOf(rel), rel).toBe('outside');
  });

  it('refuses ".." above the root without looking at the disk', async () => {
    expect(await reasonOf('../secret.key')).toBe('outside');
    expect(await reasonOf('snippets/../../secret.key')).toBe('outside');
    expect(await reasonOf('../../../../etc/passwd')).toBe('outside');
  });

  it('answers the same for a link out whose target exists and one whose target does not', async () => {
    expect(await reasonOf('snippets/dangling-out.mdx')).toBe('outside');
    const a = await confinedFile(root, 'snippets/abs-out.mdx').catch((e: Error) => e.message);
    expect(a).toBe('"snippets/abs-out.mdx" leads outside the docs folder (through ".." or a symbolic link) and is not read');
    expect(a).not.toContain(base);
  });

  it('tells missing files and folders from files, and stops link loops', async () => {
    expect(await reasonOf('snippets/none.mdx')).toBe('missing');
    expect(await reasonOf('page.mdx/x')).toBe('missing');
    expect(await reasonOf('snippets')).toBe('not-a-file');
    expect(await reasonOf('snippets/loop-a.mdx')).toBe('outside');
  });

  it('reaches folders as files: through links inside, never out', async () => {
    const folder = (rel: string) => confinedFolder(root, rel).then((f) => f, (err: ConfinedPathError) => err.reason);
    expect(await folder('snippets/inside-dir')).toBe(join(realpathSync(root), 'snippets', 'shared'));
    expect(await folder('snippets/dir-out')).toBe('outside');
    expect(await folder('page.mdx')).toBe('not-a-file');
    expect(await folder('snippets/none')).toBe('missing');
  });

  it('maps absolute paths inside the root to relative ones, and refuses others', async () => {
    expect(relativeInside(root, join(root, 'snippets', 'x.yaml'))).toBe('snippets/x.yaml');
    expect(relativeInside(root, join(base, 'secret.key'))).toBeNull();
  });
});
