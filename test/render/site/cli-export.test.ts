/**
 * `quire export` through the CLI's main(): summary and exit codes, --strict on
 * broken links, --json, and clear messages (exit 2, no stack trace) for bad flags and
 * for a folder that is not a docs site.
 */
import { existsSync } from 'node:fs';
import { join } from 'node:path';
import { PassThrough } from 'node:stream';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { main } from '../../../src/cli/main.js';
import { smallSite, tempDir, writeFiles, type TempDir } from './make-site.js';

async function run(args: string[]): Promise<{ code: number; stdout: string; stderr: string }> {
  const stdout = new PassThrough();
  const stderr = new PassThrough();
  let out = '';
  let err = '';
  stdout.on('data', (d) => (out += d));
  stderr.on('data', (d) => (err += d));
  const code = await main(['export', ...args], {}, { stdout, stderr });
  return { code, stdout: out, stderr: err };
}

describe('quire export', () => {
  let tmp: TempDir;
  let broken: string;
  let clean: string;
  beforeAll(() => {
    tmp = tempDir();
    broken = join(tmp.path, 'broken');
    smallSite(broken); // index.mdx links to /missing-page
    clean = join(tmp.path, 'clean');
    writeFiles(clean, {
      'docs.json': JSON.stringify({ name: 'Clean', colors: { primary: '#123456' }, navigation: { groups: [{ group: 'G', pages: ['index'] }] } }),
      'index.mdx': '---\ntitle: Home\n---\n\nAll good.\n',
    });
  });
  afterAll(() => tmp.cleanup());

  it('exports and prints a summary', async () => {
    const out = join(tmp.path, 'out-clean');
    const r = await run([clean, '--out', out, '--deployment', 'air-gapped']);
    expect(r.code).toBe(0);
    expect(r.stdout).toMatch(/^Exported 1 page to .* in \d+\.\d s \(\d+ files\)/);
    expect(r.stdout).toContain('0 errors, 0 warnings, 0 broken links');
    expect(r.stdout).toContain('+ search');
    expect(existsSync(join(out, 'index.html'))).toBe(true);
  });

  it('passes with broken links, fails with --strict, naming them', async () => {
    const lax = await run([broken, '--out', join(tmp.path, 'o1'), '--workers', '0']);
    expect(lax.code).toBe(0);
    expect(lax.stdout).toContain('broken link index.mdx:5: /missing-page');
    const strict = await run([broken, '--out', join(tmp.path, 'o2'), '--strict', '--workers', '0']);
    expect(strict.code).toBe(1);
    expect(strict.stderr).toContain('--strict: 0 warning(s)/error(s) and 1 broken link(s)');
    const strictClean = await run([clean, '--out', join(tmp.path, 'o3'), '--strict', '--workers', '0']);
    expect(strictClean.code).toBe(0);
  });

  it('prints one JSON object with --json', async () => {
    const r = await run([broken, '--out', join(tmp.path, 'o4'), '--json', '--base-url', 'https://docs.example.com', '--workers', '0']);
    expect(r.code).toBe(0);
    const report = JSON.parse(r.stdout) as { pagesRendered: number; brokenLinks: unknown[] };
    expect(report.pagesRendered).toBe(6);
    expect(report.brokenLinks).toEqual([{ file: 'index.mdx', href: '/missing-page', line: 5 }]);
  });

  it('renders in threads of lowered priority with --render-nice', async () => {
    const out = join(tmp.path, 'out-nice');
    const r = await run([clean, '--out', out, '--workers', '1', '--render-nice', '19', '--json']);
    expect(r.code).toBe(0);
    expect(JSON.parse(r.stdout)).toMatchObject({ pagesRendered: 1, diagnostics: [] });
    expect(existsSync(join(out, 'index.html'))).toBe(true);
  });

  it('answers bad usage with exit 2 and a message naming the value', async () => {
    const cases: [string[], RegExp][] = [
      [[clean, '--out', join(tmp.path, 'x'), '--deployment', 'moon'], /--deployment .*'moon' is invalid\. Allowed choices are cloud, client-hosted, air-gapped/],
      [[clean, '--out', join(tmp.path, 'x'), '--base-url', 'docs.example.com'], /--base-url .*"docs\.example\.com" is not an absolute http\(s\) URL/],
      [[clean], /required option '-o, --out <dir>' not specified/],
      [['--out', join(tmp.path, 'x')], /missing required argument 'dir'/],
      [[clean, '--out', join(tmp.path, 'x'), '--colour'], /unknown option '--colour'/],
      [[clean, '--out', join(tmp.path, 'x'), '--workers', 'many'], /--workers .*"many" is not a whole number from 0 to 64/],
      [[clean, '--out', join(tmp.path, 'x'), '--render-nice', '20'], /--render-nice .*"20" is not a nice value from 0 \(normal priority\) to 19 \(lowest\)/],
      [[clean, '--out', join(tmp.path, 'x'), '--render-nice', 'low'], /--render-nice .*"low" is not a nice value/],
      [[clean, clean, '--out', join(tmp.path, 'x')], /too many arguments for 'export'/],
      [[clean, '--out', join(tmp.path, 'x'), '--fetch-allow', '10.0.0.0/99'], /--fetch-allow .*"10\.0\.0\.0\/99"/],
      [[clean, '--out', join(tmp.path, 'x'), '--remote-media', 'fetch'], /--remote-media .*'fetch' is invalid\. Allowed choices are bundle, omit, keep/],
      [[clean, '--out', join(tmp.path, 'x'), '--media-max-file-mb', '0'], /--media-max-file-mb .*"0" is not a whole number of megabytes/],
      [[clean, '--out', join(tmp.path, 'x'), '--deployment', 'air-gapped', '--remote-media', 'keep'], /an air-gapped export cannot keep references to media on other hosts/],
      [[join(tmp.path, 'nowhere'), '--out', join(tmp.path, 'x')], /nowhere is not a docs site/],
      [[tmp.path, '--out', join(tmp.path, 'x')], /is not a docs site: it has neither a docs\.json nor a mint\.json file/],
    ];
    for (const [args, message] of cases) {
      const r = await run(args);
      expect(r.code, args.join(' ')).toBe(2);
      expect(r.stderr).toMatch(message);
      expect(r.stderr).not.toMatch(/\n\s+at /);
    }
  });
});
