/**
 * The README and the user guide (docs/) against the code: the guide exports strictly
 * (no error, warning or broken link), every QUIRE_* variable, bench script and top-level
 * CLI command is documented, every page of docs/ is reachable from the navigation, and
 * docs/openapi.json (the guide's API reference) still names the server's operations.
 */
import { mkdtempSync, readFileSync, readdirSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { PassThrough } from 'node:stream';
import { fileURLToPath } from 'node:url';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { main } from '../../src/cli/main.js';
import { ENV_VARS } from '../../src/config/env.js';
import { exportSite } from '../../src/render/export-site.js';
import type { ExportReport } from '../../src/render/types.js';
import { startTestApi } from '../helpers/api.js';

const REPO = fileURLToPath(new URL('../../', import.meta.url));
const DOCS = join(REPO, 'docs');
const readme = readFileSync(join(REPO, 'README.md'), 'utf8');
const configurationPage = readFileSync(join(DOCS, 'configuration.mdx'), 'utf8');

describe('the user guide exports cleanly', () => {
  let out: string;
  let report: ExportReport;

  beforeAll(async () => {
    out = mkdtempSync(join(tmpdir(), 'quire-docs-'));
    report = await exportSite({ root: DOCS, outDir: join(out, 'site'), baseUrl: 'https://docs.quire.localhost', workers: 0 });
  });
  afterAll(() => rmSync(out, { recursive: true, force: true }));

  it('has no error, warning or broken link (what --strict requires)', () => {
    expect(report.diagnostics).toEqual([]);
    expect(report.brokenLinks).toEqual([]);
  });

  it('renders every guide page, the agent guide and the API reference pages', () => {
    const pages = readdirSync(DOCS).filter((f) => f.endsWith('.mdx')).map((f) => f.replace(/\.mdx$/, ''));
    expect(pages).toEqual(expect.arrayContaining(['index', 'quickstart', 'configuration', 'api', 'static-export', 'hosting', 'agent', 'scale-out', 'operations', 'benchmarks']));
    for (const page of pages) expect(report.files).toContain(`${page}.html`);
    expect(report.files.filter((f) => f.startsWith('api-reference/')).length).toBeGreaterThanOrEqual(8);
    expect(report.features['api-reference']?.included).toBe(true);
    expect(report.pagesRendered).toBe(pages.length + report.files.filter((f) => f.startsWith('api-reference/') && f.endsWith('.html')).length);
    for (const page of pages) expect(report.files).toContain(`${page}.md`);
  });

  it('links every page from the navigation and the navbar to the API reference', () => {
    const config = JSON.parse(readFileSync(join(DOCS, 'docs.json'), 'utf8')) as {
      name: string;
      navigation: { tabs: { groups: { pages?: string[] }[] }[] };
      navbar: { links: { href: string }[] };
    };
    expect(config.name).toBe('Quire');
    const listed = config.navigation.tabs.flatMap((t) => t.groups.flatMap((g) => g.pages ?? []));
    const pages = readdirSync(DOCS).filter((f) => f.endsWith('.mdx')).map((f) => f.replace(/\.mdx$/, ''));
    expect([...listed].sort()).toEqual([...pages].sort());
    const reference = config.navbar.links.map((l) => l.href).find((h) => h.startsWith('/api-reference/'));
    expect(reference).toBeDefined();
    expect(report.files).toContain(`${reference!.slice(1)}.html`);
  });
});

describe('README and configuration page', () => {
  it('document every QUIRE_* variable of ENV_VARS', () => {
    expect(ENV_VARS.length).toBeGreaterThan(40);
    const missing = (text: string) => ENV_VARS.map((v) => v.name).filter((name) => !text.includes(`\`${name}\``));
    expect(missing(readme)).toEqual([]);
    expect(missing(configurationPage)).toEqual([]);
  });

  it('mention every npm run bench:* script', () => {
    const pkg = JSON.parse(readFileSync(join(REPO, 'package.json'), 'utf8')) as { scripts: Record<string, string> };
    const benches = Object.keys(pkg.scripts).filter((s) => s.startsWith('bench:'));
    expect(benches.length).toBeGreaterThanOrEqual(6);
    expect(benches.filter((b) => !readme.includes(`npm run ${b}`))).toEqual([]);
    // Every benchmark row carries a measured figure, not a placeholder.
    expect(readme).not.toContain('TBD');
  });

  it('mention every top-level command of the CLI', async () => {
    const stdout = new PassThrough();
    let help = '';
    stdout.on('data', (c: Buffer) => (help += c.toString()));
    const code = await main(['--help'], {}, { stdout, stderr: new PassThrough() });
    expect(code).toBe(0);
    const commands = [...help.matchAll(/^ {2}([a-z][a-z-]*)\b/gm)].map((m) => m[1]).filter((c) => c !== 'help');
    expect(commands).toEqual(expect.arrayContaining(['serve', 'worker', 'migrate', 'export', 'host', 'org', 'key', 'project', 'remote']));
    expect(commands.filter((c) => !new RegExp(`quire ${c}\\b`).test(readme))).toEqual([]);
  });
});

describe('docs/openapi.json', () => {
  it('lists the same operations as the running server (regenerate: curl $Q/openapi.json > docs/openapi.json)', async () => {
    type Doc = { openapi: string; info: { version: string }; paths: Record<string, Record<string, unknown>> };
    const operations = (doc: Doc) => Object.entries(doc.paths).flatMap(([path, ops]) => Object.keys(ops).map((m) => `${m.toUpperCase()} ${path}`)).sort();
    const api = await startTestApi();
    try {
      const res = await api.fetch('/openapi.json', { key: null });
      expect(res.status).toBe(200);
      const live = (await res.json()) as Doc;
      const saved = JSON.parse(readFileSync(join(DOCS, 'openapi.json'), 'utf8')) as Doc;
      expect(saved.openapi).toBe(live.openapi);
      expect(saved.info.version).toBe(live.info.version);
      expect(operations(saved)).toEqual(operations(live));
      expect(operations(saved)).toHaveLength(8);
    } finally {
      await api.close();
    }
  });
});
