import { mkdtempSync, readdirSync, readFileSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { replaceFile } from '../../src/core/replace-file.js';

describe('replaceFile', () => {
  const dir = mkdtempSync(join(tmpdir(), 'quire-replace-'));
  afterAll(() => rmSync(dir, { recursive: true, force: true }));

  it('makes the folder, replaces the content whole, and leaves no temp file', async () => {
    const file = join(dir, 'a', 'b', 'c.json');
    await replaceFile(file, 'one');
    await Promise.all([replaceFile(file, 'two'), replaceFile(file, 'three')]);
    expect(['two', 'three']).toContain(readFileSync(file, 'utf8'));
    await replaceFile(file, new Uint8Array([52]), 0o600);
    expect(readFileSync(file, 'utf8')).toBe('4');
    expect(statSync(file).mode & 0o777).toBe(0o600);
    expect(readdirSync(join(dir, 'a', 'b'))).toEqual(['c.json']);
  });

  it('throws when it cannot replace, and takes its temp file away', async () => {
    const blocker = join(dir, 'blocker');
    writeFileSync(blocker, 'x');
    await expect(replaceFile(join(blocker, 'inside.json'), 'y')).rejects.toThrow();
    const folder = join(dir, 'folder');
    await replaceFile(join(folder, 'keep'), 'k');
    // renaming a file over a non-empty folder fails after the temp file was written
    await replaceFile(join(folder, 'sub', 'x'), 'x');
    await expect(replaceFile(join(folder, 'sub'), 'y')).rejects.toThrow();
    expect(readdirSync(folder).sort()).toEqual(['keep', 'sub']);
  });
});
