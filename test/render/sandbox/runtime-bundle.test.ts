/**
 * The key that decides whether the bundled sandbox runtime in dist/ is current: it
 * follows every source file of the runtime folder, not only its entry, so an edit to a
 * file the entry imports (web-globals.ts) is bundled again instead of running stale.
 */
import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { runtimeKey } from '../../../src/render/sandbox/runtime-bundle.js';
import { tempDir, writeFiles, type TempDir } from '../site/make-site.js';

let tmp: TempDir | undefined;
afterEach(() => tmp?.cleanup());

describe('sandbox runtime key', () => {
  it('changes with any source file beside the entry, and only with sources', () => {
    tmp = tempDir();
    const entry = join(tmp.path, 'in-sandbox.ts');
    writeFiles(tmp.path, { 'in-sandbox.ts': "import './helper.js';\n", 'helper.ts': 'export const a = 1;\n' });
    const first = runtimeKey(entry);
    expect(runtimeKey(entry)).toBe(first);
    writeFileSync(join(tmp.path, 'helper.ts'), 'export const a = 2;\n');
    const edited = runtimeKey(entry);
    expect(edited).not.toBe(first);
    writeFileSync(join(tmp.path, 'notes.md'), 'not a source\n');
    expect(runtimeKey(entry)).toBe(edited);
  });
});
