/**
 * `quire export --workers 0` of a site whose page has a custom component: the sandbox
 * thread boots while nothing else keeps the process alive, and the export must still
 * finish (it used to end there, silently, with exit code 0 and no output).
 */
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { runQuire } from '../../helpers/cli.js';
import { tempDir, writeFiles } from '../site/make-site.js';

const tmp = tempDir('quire-sandbox-cli-');
afterAll(() => tmp.cleanup());

describe('export in one process with custom components', () => {
  it('finishes, reports and writes the page', async () => {
    const root = join(tmp.path, 'docs');
    const out = join(tmp.path, 'out');
    writeFiles(root, {
      'docs.json': JSON.stringify({ name: 'CLI', navigation: { groups: [{ group: 'A', pages: ['index'] }] } }),
      'index.mdx': '---\ntitle: Home\n---\n\nexport const Hello = ({ name }) => <Note>Hello <b>{name}</b></Note>;\n\n<Hello name="reader" />\n',
    });
    const res = await runQuire(['export', root, '--out', out, '--workers', '0', '--json']);
    expect(res.code).toBe(0);
    expect(JSON.parse(res.stdout)).toMatchObject({ pagesRendered: 1, diagnostics: [] });
    expect(readFileSync(join(out, 'index.html'), 'utf8')).toMatch(/<aside class="q-callout callout q-callout-note"[^>]*>.*<div class="q-callout-content">Hello <b>reader<\/b><\/div><\/aside>/);
  });
});
