/**
 * The check every warm-export test makes: the output folder a warm export wrote holds what a
 * cold export of the same (edited) site writes, file for file and byte for byte.
 */
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { expect } from 'vitest';
import { exportSite } from '../../../src/render/export-site.js';
import { listFiles } from './make-site.js';

/** `out`, written by a warm export whose report listed `files`, against a cold export of `root` into `coldDir`. */
export async function expectLikeCold(root: string, out: string, files: string[], coldDir: string): Promise<void> {
  const plain = await exportSite({ root, outDir: coldDir, workers: 0 });
  expect(files).toEqual(plain.files);
  expect(listFiles(out)).toEqual(listFiles(coldDir));
  for (const f of listFiles(coldDir)) expect(readFileSync(join(out, f)), f).toEqual(readFileSync(join(coldDir, f)));
}
