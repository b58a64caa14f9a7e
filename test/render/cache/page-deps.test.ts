/**
 * What a cached page depends on besides its own source: files an API document reaches
 * through external `$ref`s (OpenAPI and AsyncAPI), snippets imported through nested
 * imports, and a `.jsx` component snippet. Each is changed between two exports that share a
 * cache folder (in one process, so the render threads' own document cache is tried too),
 * and the second export must show the change.
 */
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { exportSite } from '../../../src/render/export-site.js';
import type { ExportReport } from '../../../src/render/types.js';
import { tempDir, writeFiles, type TempDir } from '../site/make-site.js';

const OPENAPI = `openapi: 3.1.0
info: { title: Users, version: "1" }
paths:
  /users/{id}:
    get:
      summary: Get a user
      parameters: [{ name: id, in: path, required: true, schema: { type: string } }]
      responses:
        "200":
          description: The user
          content: { application/json: { schema: { $ref: './schemas/user.yaml#/User' } } }
`;
const USER = (field: string) => `User:\n  type: object\n  properties:\n    ${field}: { type: string, description: The ${field} }\n`;

const ASYNCAPI = `asyncapi: 3.0.0
info: { title: Streams, version: "1" }
channels:
  orders:
    address: orders
    messages:
      order: { $ref: './messages/order.yaml' }
`;
const ORDER = (field: string) => `name: order\npayload:\n  type: object\n  properties:\n    ${field}: { type: string }\n`;

describe('page cache keys cover what a page reads', () => {
  let tmp: TempDir;
  let root: string;
  let runs = 0;
  beforeEach(() => {
    tmp = tempDir('quire-page-deps-');
    root = join(tmp.path, 'docs');
    writeFiles(root, {
      'docs.json': JSON.stringify({
        name: 'Deps',
        navigation: {
          groups: [
            { group: 'Guides', pages: ['index', 'widget'] },
            { group: 'Users', openapi: 'api/openapi.yaml' },
            { group: 'Streams', asyncapi: 'events/streams.yaml' },
          ],
        },
      }),
      'api/openapi.yaml': OPENAPI,
      'api/schemas/user.yaml': USER('nickname'),
      'events/streams.yaml': ASYNCAPI,
      'events/messages/order.yaml': ORDER('orderTotal'),
      'index.mdx': '---\ntitle: Home\n---\n\nimport Outer from "/snippets/outer.mdx";\n\n<Outer />\n',
      'snippets/outer.mdx': 'import Inner from "./nested/inner.mdx";\n\nOuter text.\n\n<Inner />\n',
      'snippets/nested/inner.mdx': 'Inner says apricot.\n',
      'widget.mdx': '---\ntitle: Widget\n---\n\nimport { Badge } from "/snippets/badge.jsx";\n\n<Badge label="beta" />\n',
      'snippets/badge.jsx': 'export const Badge = ({ label }) => <span className="badge">{label} tone-blue</span>;\n',
    });
  });
  afterEach(() => tmp.cleanup());

  const exportCached = async (): Promise<{ report: ExportReport; html: (page: string) => string }> => {
    const out = join(tmp.path, `out-${++runs}`);
    const report = await exportSite({ root, outDir: out, cacheDir: join(tmp.path, 'cache'), workers: 0 });
    return { report, html: (page) => readFileSync(join(out, `${page}.html`), 'utf8') };
  };
  const pageOf = (report: ExportReport, part: string): string => {
    const file = report.files.find((f) => f.endsWith('.html') && f.includes(part));
    if (!file) throw new Error(`no page for ${part} in ${report.files.join(', ')}`);
    return file.replace(/\.html$/, '');
  };

  it('re-renders API pages when a file reached through an external $ref changes (OpenAPI and AsyncAPI)', async () => {
    const first = await exportCached();
    expect(first.report.diagnostics.filter((d) => d.severity === 'error')).toEqual([]);
    const endpoint = pageOf(first.report, 'get-a-user');
    const channel = pageOf(first.report, 'orders');
    expect(first.html(endpoint)).toContain('nickname');
    expect(first.html(channel)).toContain('orderTotal');

    writeFiles(root, { 'api/schemas/user.yaml': USER('displayHandle'), 'events/messages/order.yaml': ORDER('orderCurrency') });
    const second = await exportCached();
    expect(second.html(endpoint)).toContain('displayHandle');
    expect(second.html(endpoint)).not.toContain('nickname');
    expect(second.html(channel)).toContain('orderCurrency');
    expect(second.html(channel)).not.toContain('orderTotal');
    // Pages that read none of the changed files still come from the cache.
    expect(second.report.features['page-cache'].reason).toMatch(/^\d+ of \d+ pages from the cache$/);
    expect(second.report.features['page-cache'].reason).not.toMatch(/^0 of/);
  });

  it('re-renders a page when a snippet it imports through a nested import changes', async () => {
    const first = await exportCached();
    expect(first.html('index')).toContain('Inner says apricot.');
    writeFiles(root, { 'snippets/nested/inner.mdx': 'Inner says plum.\n' });
    const second = await exportCached();
    expect(second.html('index')).toContain('Inner says plum.');
    expect(second.html('index')).not.toContain('apricot');
  });

  it('re-renders a page when the snippet of its <Snippet file> changes or appears in a folder looked in first', async () => {
    writeFiles(root, { 'index.mdx': '---\ntitle: Home\n---\n\n<Snippet file="help.mdx" />\n', '_snippets/help.mdx': 'Help from the old folder, fig.\n' });
    const first = await exportCached();
    expect(first.html('index')).toContain('Help from the old folder, fig.');
    writeFiles(root, { '_snippets/help.mdx': 'Help from the old folder, quince.\n' });
    const second = await exportCached();
    expect(second.html('index')).toContain('quince');
    expect(second.html('index')).not.toContain('fig.');
    writeFiles(root, { 'snippets/help.mdx': 'Help from snippets, lime.\n' });
    const third = await exportCached();
    expect(third.html('index')).toContain('Help from snippets, lime.');
    expect(third.html('index')).not.toContain('quince');
  });

  it('re-renders a page when its .jsx component snippet changes', async () => {
    const first = await exportCached();
    expect(first.report.diagnostics).toEqual([]);
    expect(first.html('widget')).toContain('<span class="badge">beta tone-blue</span>');
    writeFiles(root, { 'snippets/badge.jsx': 'export const Badge = ({ label }) => <em className="badge">{label}! tone-green</em>;\n' });
    const second = await exportCached();
    expect(second.html('widget')).toContain('<em class="badge">beta! tone-green</em>');
    expect(second.html('widget')).not.toContain('tone-blue');
  });
});
