/**
 * `quire export --workers 0` renders on the main thread, where nothing but the sandbox
 * thread is left to wait for when a page first needs it. That thread is unref'd (it must
 * not keep a finished export alive), so while the export waited for it to boot the process
 * had nothing holding its event loop and exited with code 0, the export unfinished and no
 * report written. Run as a user runs it: a child process of the real command.
 */
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, expect, it } from 'vitest';
import { runQuire } from '../../helpers/cli.js';
import { tempDir, writeFiles, type TempDir } from '../site/make-site.js';

let tmp: TempDir | undefined;
afterAll(() => tmp?.cleanup());

it('finishes an export on the main thread whose pages use custom components', async () => {
  tmp = tempDir('quire-main-sandbox-');
  const root = join(tmp.path, 'docs');
  const out = join(tmp.path, 'out');
  writeFiles(root, {
    'docs.json': JSON.stringify({ name: 'Main', navigation: { groups: [{ group: 'Docs', pages: ['hello', 'after'] }] } }),
    'hello.mdx': '---\ntitle: Hello\n---\n\nexport const Greet = ({ who }) => <p className="greet">Hello, {who}!</p>;\n\n<Greet who="sandbox" />\n',
    'after.mdx': '---\ntitle: After\n---\n\nThe page rendered after the sandbox started.\n',
  });
  const result = await runQuire(['export', root, '--out', out, '--workers', '0', '--json']);
  expect(result.stderr).toBe('');
  expect(result.code).toBe(0);
  const report = JSON.parse(result.stdout.trim().split('\n').pop()!) as { pagesRendered: number; diagnostics: unknown[] };
  expect(report.pagesRendered).toBe(2);
  expect(report.diagnostics).toEqual([]);
  expect(readFileSync(join(out, 'hello.html'), 'utf8')).toContain('<p class="greet">Hello, sandbox!</p>');
  expect(readFileSync(join(out, 'after.html'), 'utf8')).toContain('The page rendered after the sandbox started.');
}, 300_000);
