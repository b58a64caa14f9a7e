/**
 * Custom components (a page's `export const X = () => …`) rendered in the QuickJS
 * sandbox: hostile ones are contained and reported with file and line while the page
 * renders on, well-behaved ones give their first render, with props and children.
 */
import { describe, expect, it } from 'vitest';
import { render } from '../components/render-helper.js';

const line = (page: { diagnostics: { line?: number; message: string }[] }, n: number) => page.diagnostics.filter((d) => d.line === n).map((d) => d.message);

describe('custom components in the sandbox', () => {
  it('contains components that reach for process, require, fetch, loop forever or allocate without end', async () => {
    const page = await render(
      [
        'export const Env = () => <p>{process.env.HOME}</p>;',
        'export const Req = () => <p>{require("fs").readFileSync("/etc/passwd", "utf8")}</p>;',
        'export const Fetch = () => { globalThis.fetch("http://127.0.0.1:1/"); return <p>sent</p>; };',
        'export const Loop = () => { while (true) {} };',
        'export const Hog = () => { const all = []; while (true) all.push(new Uint8Array(8 << 20)); };',
        'export const Fine = ({ n }) => <p className="fine">fine {n}</p>;',
        '',
        '<Env>env fallback</Env>',
        '',
        '<Req>req fallback</Req>',
        '',
        '<Fetch>fetch fallback</Fetch>',
        '',
        '<Loop>loop fallback</Loop>',
        '',
        '<Hog>hog fallback</Hog>',
        '',
        '<Fine n={2} />',
      ].join('\n'),
    );
    expect(line(page, 8)).toEqual([expect.stringMatching(/^custom component <Env> \(defined at guides\/page\.mdx:1\) failed: ReferenceError: 'process' is not defined at guides\/page\.mdx:1; its children are shown instead$/)]);
    expect(line(page, 10)).toEqual([expect.stringMatching(/^custom component <Req> \(defined at guides\/page\.mdx:2\) failed: TypeError: .*not a function/)]);
    expect(line(page, 12)).toEqual([expect.stringMatching(/^custom component <Fetch> \(defined at guides\/page\.mdx:3\) failed: TypeError: .*not a function at guides\/page\.mdx:3/)]);
    expect(line(page, 14)).toEqual([expect.stringMatching(/^custom component <Loop> \(defined at guides\/page\.mdx:4\) went past its time limit of 1000 ms at guides\/page\.mdx:4/)]);
    expect(line(page, 16)).toEqual([expect.stringMatching(/^custom component <Hog> \(defined at guides\/page\.mdx:5\) (ran out of its 64 MB of memory|went past (its|the hard) time limit)/)]);
    for (const fallback of ['env', 'req', 'fetch', 'loop', 'hog']) expect(page.html).toContain(`${fallback} fallback`);
    // The page renders on after the failures, in a fresh context.
    expect(page.html).toContain('<p class="fine">fine 2</p>');
    expect(page.html).not.toContain('/root');
  });

  it('renders a support matrix of ✓ from array props', async () => {
    const page = await render(
      [
        'export const Support = ({ rows }) => (',
        '  <table className="support">',
        '    <thead><tr><th>Transport</th><th>Web</th><th>iOS</th></tr></thead>',
        '    <tbody>{rows.map(([name, web, ios]) => <tr key={name}><td>{name}</td><td>{web ? "✓" : ""}</td><td>{ios ? "✓" : ""}</td></tr>)}</tbody>',
        '  </table>',
        ');',
        '',
        '<Support rows={[["WebRTC", true, true], ["WebSocket", true, false]]} />',
      ].join('\n'),
    );
    expect(page.diagnostics).toEqual([]);
    expect(page.html).toBe(
      '<table class="support"><thead><tr><th>Transport</th><th>Web</th><th>iOS</th></tr></thead><tbody>' +
        '<tr><td>WebRTC</td><td>✓</td><td>✓</td></tr><tr><td>WebSocket</td><td>✓</td><td></td></tr></tbody></table>',
    );
  });

  it('passes props and Markdown children, sanitizes the output and resolves its links', async () => {
    const page = await render(
      [
        'export const Hero = ({ title, href, children }) => (',
        '  <a className="hero" href={href} onClick={() => alert(1)}>',
        '    <h3>{title}</h3>{children}<script>alert(2)</script><img src="javascript:alert(3)" />',
        '  </a>',
        ');',
        '',
        '<Hero title="Quick <start>" href="/ok/quickstart">Deploy **now**, see [docs](/ok/docs).</Hero>',
      ].join('\n'),
    );
    expect(page.html).toBe('<a class="hero" href="/ok/quickstart.html"><h3>Quick &lt;start&gt;</h3>Deploy <strong>now</strong>, see <a href="/ok/docs.html">docs</a>.<img></a>');
    expect(page.diagnostics.map((d) => [d.line, d.message])).toEqual([
      [7, 'unsafe URL removed: javascript:alert(3)'],
      [7, '<script> removed from the output of custom component <Hero>: HTML is sanitized (no scripts, styles, forms or embeds)'],
    ]);
  });

  it('shows the first render: state at its initial value, effects and timers not run, no clock', async () => {
    const page = await render(
      [
        'export const Clock = () => {',
        '  const [n, setN] = useState(1);',
        '  useEffect(() => setN(99), []);',
        '  setTimeout(() => setN(7), 0);',
        '  return <p>{n} {new Date().getTime()} {Date.now()}</p>;',
        '};',
        '',
        '<Clock />',
      ].join('\n'),
    );
    expect(page.html).toBe('<p>1 0 0</p>');
  });

  it('gives every page its own context', async () => {
    const first = await render('export const Set = () => { globalThis.leak = "from page one"; return <p>set</p>; };\n\n<Set />');
    const second = await render('export const Get = () => <p>{String(globalThis.leak)}</p>;\n\n<Get />');
    expect(first.html).toBe('<p>set</p>');
    expect(second.html).toBe('<p>undefined</p>');
  });

  it('runs a component defined between another component\'s tags, at its line of the page, as MDX hoists it', async () => {
    const page = await render('<Tabs>\n<Tab title="Web">\n\nexport const Hello = ({ who }) => <p className="hello">hello {who.name}</p>;\n\n<Hello who={{ name: "web" }} />\n\n<Hello />\n\n</Tab>\n</Tabs>');
    expect(page.html).toContain('<p class="hello">hello web</p>');
    expect(line(page, 8)).toEqual([expect.stringMatching(/^custom component <Hello> \(defined at guides\/page\.mdx:4\) failed: TypeError: .* at guides\/page\.mdx:4/)]);
  });
});
