/**
 * A whole export of a site whose pages use custom components: a `.jsx` snippet imported
 * by two pages, a `.tsx` snippet, a snippet that does not compile, a page whose
 * component never ends, and JSX literals in attributes. Rendered on a real worker
 * thread, which starts its own sandbox thread: the export finishes, every page shows
 * its content, and each failure is a warning naming its file and line.
 */
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { exportSite } from '../../../src/render/export-site.js';
import type { ExportReport } from '../../../src/render/types.js';
import { tempDir, writeFiles, type TempDir } from '../site/make-site.js';

let tmp: TempDir;
let out: string;
let report: ExportReport;
const article = (file: string) => /<article class="prose[^"]*"[^>]*>([\s\S]*?)<\/article>/.exec(readFileSync(join(out, file), 'utf8'))![1];

beforeAll(async () => {
  tmp = tempDir('quire-components-');
  const root = join(tmp.path, 'docs');
  out = join(tmp.path, 'out');
  writeFiles(root, {
    'docs.json': JSON.stringify({ name: 'Components', navigation: { groups: [{ group: 'Docs', pages: ['web', 'mobile', 'typed', 'broken', 'logos'] }] } }),
    'snippets/support.jsx': [
      'import { useMemo } from "react";',
      'export const Support = ({ platform, features }) => {',
      '  const rows = useMemo(() => features.map((f) => [f, platform === "web" || f !== "Video"]), [features, platform]);',
      '  return <table className="support"><tbody>{rows.map(([f, ok]) => <tr key={f}><td>{f}</td><td>{ok ? "✓" : "✗"}</td></tr>)}</tbody></table>;',
      '};',
    ].join('\n'),
    'snippets/badge.tsx': 'type Props = { label: string };\n\nexport default function Badge({ label }: Props) {\n  return <span className="badge">{label.toUpperCase()}</span>;\n}\n',
    'snippets/bad.jsx': 'export const Bad = () => {\n  return <div>;\n};\n',
    'web.mdx': '---\ntitle: Web\n---\n\nimport { Support } from "/snippets/support.jsx";\n\n<Support platform="web" features={["Audio", "Video"]} />\n',
    'mobile.mdx': '---\ntitle: Mobile\n---\n\nimport { Support } from "../docs/snippets/support.jsx";\nimport { Support as Matrix } from "./snippets/support.jsx";\n\n<Matrix platform="ios" features={["Audio", "Video"]} />\n',
    'typed.mdx': '---\ntitle: Typed\n---\n\nimport Badge from "/snippets/badge.tsx";\n\nStatus: <Badge label="beta" />\n',
    'broken.mdx': '---\ntitle: Broken\n---\n\nimport { Bad } from "/snippets/bad.jsx";\n\nexport const Spin = () => {\n  for (;;) {}\n};\n\n<Spin>Spin fallback</Spin>\n\n<Bad>Bad fallback</Bad>\n',
    'logos.mdx': [
      '---\ntitle: Logos\n---',
      '',
      '<Card title={<>Add <code>docs.json</code></>} icon={<svg viewBox="0 0 8 8" onClick={() => 1}><path d="M0 0h8v8z" fill="#1F8DED" /></svg>} href="/web">Logo card</Card>',
      '',
      '<Update label={<><Icon icon="rocket" size={16} /><span>Quickstart</span></>}>Notes</Update>',
      '',
      'Inline {<b>bold</b>} literal.',
    ].join('\n'),
  });
  report = await exportSite({ root, outDir: out, workers: 1 });
}, 300_000);
afterAll(() => tmp.cleanup());

describe('an export with custom components', () => {
  it('finishes with every page', () => {
    expect(report.pagesRendered).toBe(5);
  });

  it('renders a .jsx snippet imported by two pages, with each page\'s props', () => {
    expect(article('web.html')).toContain('<table class="support"><tbody><tr><td>Audio</td><td>✓</td></tr><tr><td>Video</td><td>✓</td></tr></tbody></table>');
    expect(article('mobile.html')).toContain('<table class="support"><tbody><tr><td>Audio</td><td>✓</td></tr><tr><td>Video</td><td>✗</td></tr></tbody></table>');
  });

  it('renders a default export of a .tsx snippet inline', () => {
    expect(article('typed.html')).toBe('<p>Status: <span class="badge">BETA</span></p>');
  });

  it('reports the component that loops and the snippet that does not compile, and shows their children', () => {
    const broken = report.diagnostics.filter((d) => d.file === 'broken.mdx' || d.file === 'snippets/bad.jsx').map((d) => `${d.file}:${d.line} ${d.message}`);
    expect(broken).toEqual([
      'broken.mdx:11 custom component <Spin> (defined at broken.mdx:7) went past its time limit of 1000 ms at broken.mdx:7; its children are shown instead',
      'broken.mdx:13 unknown component <Bad> on page broken: rendered its content only',
      'snippets/bad.jsx:1 custom components not compiled: Unexpected token, expected ";"; their elements show their content only',
    ]);
    expect(article('broken.html')).toBe('<p>Spin fallback</p><p>Bad fallback</p>');
  });

  it('renders JSX literals in attributes and text through the same allow-list', () => {
    const html = article('logos.html');
    expect(html).toContain('<span class="q-card-icon"><span class="q-icon q-icon-jsx" style="width:20px;height:20px" aria-hidden="true"><svg viewbox="0 0 8 8"><path d="M0 0h8v8z" fill="#1F8DED"></path></svg></span></span>');
    expect(html).toContain('<span class="q-card-title">Add <code>docs.json</code></span>');
    expect(html).toMatch(/<h2 class="q-update-label"><a href="#quickstart">.*<svg [^>]*data-icon="rocket"[^>]*>.*<\/svg>.*<span>Quickstart<\/span><\/a><\/h2>/);
    expect(html).toContain('<p>Inline <b>bold</b> literal.</p>');
    expect(html).not.toMatch(/onclick/i);
    expect(report.diagnostics.filter((d) => d.file === 'logos.mdx').map((d) => `${d.line} ${d.message}`)).toEqual(['5 attribute onClick={() => 1} on <svg> was not evaluated: only literal values are read']);
  });
});
