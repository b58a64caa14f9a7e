/**
 * Built-in components used inside custom components, shaped after the real sites: an
 * `<Icon>` inside a download link (Mintlify's PDF exports page), a `<Note>` around the
 * component's own HTML and links (pipecat's community-maintained snippet), a `<CodeBlock>`
 * given its code as children (Mintlify's widget page), Cards with JSX titles, Tabs of
 * Steps, and an example that stays where the component put it (not the side column).
 */
import { describe, expect, it } from 'vitest';
import { compact, render } from '../components/render-helper.js';

describe('built-in components inside custom components', () => {
  it('renders Icon and Note through the built-in renderers and the allow-list', async () => {
    const page = await render(
      [
        'export const DownloadPDFButton = () => {',
        '  return (',
        '    <a download="example.pdf" href="/ok/files/full" className="not-prose">',
        '      <Icon icon="download" size={16} />',
        '      View Example PDF',
        '    </a>',
        '  );',
        '};',
        '',
        'export const CommunityMaintained = ({ maintainer, maintainerUrl }) => (',
        '  <Note>',
        '    <strong>Community-maintained integration.</strong> Built by{" "}',
        '    <a href={maintainerUrl} target="_blank" onClick={() => 1}>{maintainer}</a>.<script>alert(1)</script>',
        '  </Note>',
        ');',
        '',
        '<DownloadPDFButton />',
        '',
        '<CommunityMaintained maintainer="Pinch" maintainerUrl="javascript:alert(2)" />',
      ].join('\n'),
    );
    expect(compact(page.html).replace(/<svg [^>]*data-icon="([^"]+)"[^>]*>/g, '<svg $1>')).toBe(
      '<a download="example.pdf" href="/ok/files/full.html" class="not-prose"><span class="q-icon-wrap" data-icon-wrap><svg download>…</svg></span>View Example PDF</a>' +
        '<aside class="q-callout callout q-callout-note" data-callout="note" role="note" aria-label="Note"><svg info>…</svg><div class="q-callout-content">' +
        '<strong>Community-maintained integration.</strong> Built by <a target="_blank">Pinch</a>.</div></aside>',
    );
    expect(page.html).toContain('width="16px"');
    expect(page.diagnostics.map((d) => [d.line, d.message])).toEqual([
      [19, 'unsafe URL removed: javascript:alert(2)'],
      [19, '<script> removed from the output of custom component <CommunityMaintained>: HTML is sanitized (no scripts, styles, forms or embeds)'],
    ]);
  });

  it('passes props, JSX props and children through: Cards, Tabs of Steps, CodeBlock', async () => {
    const page = await render(
      [
        'export const Tile = ({ name, href, children }) => (',
        '  <Card title={<>Use <code>{name}</code></>} icon="rocket" href={href} horizontal>{children}</Card>',
        ');',
        '',
        'export const Platforms = ({ platforms }) => (',
        '  <Tabs>',
        '    {platforms.map((p) => (',
        '      <Tab title={p} key={p}>',
        '        <Steps><Step title={`Install for ${p}`}>Run the installer.</Step></Steps>',
        '      </Tab>',
        '    ))}',
        '  </Tabs>',
        ');',
        '',
        'export const Snippet = ({ children, ...props }) => <CodeBlock {...props}>{children}</CodeBlock>;',
        '',
        '<Tile name="quire" href="/ok/start">Start **here**.</Tile>',
        '',
        '<Platforms platforms={["Web", "iOS"]} />',
        '',
        '<Snippet language="js" filename="a.js">{"const a = 1 < 2;"}</Snippet>',
      ].join('\n'),
    );
    const html = compact(page.html);
    expect(page.diagnostics).toEqual([]);
    expect(html).toContain('<a class="q-card card q-card-horizontal" data-card href="/ok/start.html"><span class="q-card-icon"><svg class="q-icon" data-icon="rocket"');
    expect(html).toContain('<span class="q-card-title">Use <code>quire</code></span><span class="q-card-content">Start <strong>here</strong>.</span>');
    expect(html).toMatch(/<button type="button" role="tab" class="q-tab" id="web"[^>]*>Web<\/button><button[^>]*>iOS<\/button>/);
    expect(html.match(/<li class="q-step" data-step="1"[^>]*>/g)).toHaveLength(2);
    expect(html).toContain('<p class="q-step-title">Install for iOS</p>');
    expect(html).toContain('data-lang="js"');
    expect(html).toContain('<span class="q-code-title">a.js</span>');
    expect(page.html.replace(/<[^>]*>/g, '')).toContain('const a = 1 &lt; 2;');
  });

  it('keeps a built-in the page shadows, and leaves examples made by a component in place', async () => {
    const page = await render(
      [
        'export const Card = ({ title }) => <div className="own-card">{title}</div>;',
        'export const Pair = () => <><Card title="mine" /><Note>note</Note></>;',
        'export const Example = () => <RequestExample><pre>curl</pre></RequestExample>;',
        '',
        '<Pair />',
        '',
        '<Example />',
        '',
        '<Panel>side</Panel>',
      ].join('\n'),
    );
    expect(page.diagnostics).toEqual([]);
    expect(page.html).toContain('<div class="own-card">mine</div><aside class="q-callout callout q-callout-note"');
    // The component's example stays in the page; the Panel written at the top goes to the side column.
    expect(page.html).toMatch(/<div class="q-side-main">.*<div class="q-example q-request-example" data-example="request">.*<\/div><aside class="q-side-column" aria-label="Examples"><aside class="q-panel panel" data-panel>side<\/aside><\/aside><\/div>$/s);
  });

  it('names every function a component passes to a built-in (it cannot leave the sandbox), and renders the rest', async () => {
    const page = await render(
      [
        'export const Picker = ({ items }) => (',
        '  <Card title="Pick" icon="rocket" onClick={() => alert(1)} meta={{ format: (x) => x, label: "ok" }}>',
        '    <Accordion title="More" onToggle={() => 1}>{(open) => <b>{open ? "open" : "closed"}</b>}</Accordion>',
        '    {items.join(", ")}',
        '  </Card>',
        ');',
        '',
        'Intro.',
        '',
        '<Picker items={["a", "b"]} />',
      ].join('\n'),
    );
    expect(page.diagnostics.map((d) => [d.line, d.message])).toEqual([
      [10, 'function prop onClick of <Card> in the output of custom component <Picker> dropped: a function cannot leave the sandbox, and an exported page runs no page code'],
      [10, 'function prop meta.format of <Card> in the output of custom component <Picker> dropped: a function cannot leave the sandbox, and an exported page runs no page code'],
      [10, 'function prop onToggle of <Accordion> in the output of custom component <Picker> dropped: a function cannot leave the sandbox, and an exported page runs no page code'],
      [10, 'function as children of <Accordion> in the output of custom component <Picker> dropped: a function cannot leave the sandbox, and an exported page runs no page code'],
    ]);
    expect(page.html).toContain('<span class="q-card-title">Pick</span>');
    expect(page.html).toContain('a, b');
    expect(page.html).toMatch(/<details[^>]*q-accordion[^>]*>.*More/s);
    expect(page.html).not.toMatch(/alert|onclick|closed/i);
  });
});
