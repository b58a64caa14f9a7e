import { mkdtemp, mkdir, rm, symlink, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { highlightKey } from '../../../src/render/highlight/index.js';
import { tokenClass } from '../../../src/render/highlight/token-classes.js';
import { compact, render } from '../components/render-helper.js';
import { MAX_LITERAL_DEPTH } from '../../../src/render/markdown/literals.js';
import { renderFixture } from './site-context.js';

describe('renderPage: page basics', () => {
  it('takes the title from frontmatter, else the first h1, else the file name', async () => {
    expect((await render('---\ntitle: From FM\ndescription: D\n---\n\n# Heading')).title).toBe('From FM');
    expect((await render('---\ntitle: From FM\ndescription: D\n---\n')).description).toBe('D');
    expect((await render('Text\n\n# The *H1*')).title).toBe('The H1');
    expect((await render('No heading.')).title).toBe('page');
  });

  it('returns the frontmatter fields and reports broken YAML with its line', async () => {
    const page = await render('---\ntitle: T\nhidden: true\nicon: rocket\ntag: NEW\n---\n\nx');
    expect(page.frontmatter).toEqual({ title: 'T', hidden: true, icon: 'rocket', tag: 'NEW' });
    const bad = await render('---\ntitle: T\nfoo: [unclosed\n---\n\nx');
    expect(bad.diagnostics).toHaveLength(1);
    expect(bad.diagnostics[0]).toMatchObject({ severity: 'warning', file: 'guides/page.mdx' });
    expect(bad.diagnostics[0].message).toMatch(/^frontmatter is not valid YAML/);
    expect(bad.html).toBe('<p>x</p>');
  });

  it('gives headings stable unique slug ids and lists them', async () => {
    const page = await render('# Intro\n\n## Set up `docs.json`!\n\n## Set up docs.json\n\n### Ünïcode & stuff\n\n## Intro');
    expect(page.headings).toEqual([
      { depth: 1, text: 'Intro', id: 'intro' },
      { depth: 2, text: 'Set up docs.json!', id: 'set-up-docs-json' },
      { depth: 2, text: 'Set up docs.json', id: 'set-up-docs-json-2' },
      { depth: 3, text: 'Ünïcode & stuff', id: 'ünïcode-&-stuff' },
      { depth: 2, text: 'Intro', id: 'intro-2' },
    ]);
    expect(page.html).toContain('<h2 id="set-up-docs-json">Set up <code>docs.json</code>!</h2>');
  });

  it('renders GFM: tables, strikethrough, task lists, footnotes and bare URLs', async () => {
    const page = await render('| a | b |\n|:--|--:|\n| 1 | 2 |\n\n~~old~~ see https://example.com/x.\n\n- [x] done\n- [ ] todo\n\nNote[^1].\n\n[^1]: The note.');
    expect(page.html).toContain('<div class="q-table"><table><thead><tr><th style="text-align:left">a</th><th style="text-align:right">b</th></tr></thead><tbody><tr><td style="text-align:left">1</td>');
    expect(page.html).toContain('<del>old</del> see <a href="https://example.com/x">https://example.com/x</a>.');
    expect(page.html).toContain('<li class="task-list-item"><input type="checkbox" disabled checked> done</li>');
    expect(page.html).toContain('<section class="q-footnotes" data-footnotes>');
    expect(page.html).toContain('<a href="#fn-1" id="fnref-1" data-footnote-ref');
  });
});

describe('renderPage: links and assets', () => {
  it('resolves internal links, keeps and lists broken ones with their line, leaves external ones', async () => {
    const page = await render('[a](/ok/a) [b](/missing) [c](https://example.com) [d](#sec) [e](mailto:x@y.z)\n\n[f](/missing)\n\n<a href="/gone">g</a>');
    expect(page.html).toContain('<a href="/ok/a.html">a</a>');
    expect(page.html).toContain('<a href="/missing">b</a>');
    expect(page.html).toContain('<a href="https://example.com">c</a>');
    expect(page.html).toContain('<a href="#sec">d</a>');
    expect(page.html).toContain('<a href="mailto:x@y.z">e</a>');
    expect(page.brokenLinks).toEqual(['/missing', '/gone']);
    expect(page.brokenLinkDetails).toEqual([{ href: '/missing', line: 1 }, { href: '/missing', line: 3 }, { href: '/gone', line: 5 }]);
  });

  it('resolves images through resolveAsset and lists the root-relative asset paths', async () => {
    const page = await render('![A](/images/a.png)\n\n<img src="/images/b.png" alt="B" />\n\n![C](/nope.png)');
    expect(page.html).toContain('<img src="/assets/images/a.png" alt="A" loading="lazy">');
    expect(page.html).toContain('<img src="/assets/images/b.png" alt="B">');
    expect(page.assets).toEqual(['images/a.png', 'images/b.png']);
    expect(page.brokenLinks).toEqual(['/nope.png']);
  });
});

describe('renderPage: literal expressions and exports', () => {
  it('reads literal expressions and export const values, renders nothing for comments', async () => {
    const page = await render('export const product = "Quire";\nexport const n = 3;\n\n{product} has {n} parts {"!"} {/* hidden */} {`tpl`} {[1, 2]}\n\n<Card title={product}>x</Card>');
    expect(page.diagnostics).toEqual([]);
    expect(page.html).toContain('<p>Quire has 3 parts !  tpl 12</p>');
    expect(page.html).toContain('<span class="q-card-title">Quire</span>');
  });

  it('reads operators nested up to MAX_LITERAL_DEPTH and refuses deeper ones with a warning, not a stack overflow', async () => {
    const chain = (n: number) => Array.from({ length: n }, (_, i) => (i === n - 1 ? 'a' : 'undefined')).join(' || ');
    const page = await render(`export const a = "found";\n\n{${chain(MAX_LITERAL_DEPTH)}}\n\nDeep: {${chain(1000)}}`);
    // a flow expression is written as its value, no paragraph of its own
    expect(page.html).toBe('found<p>Deep: </p>');
    expect(page.diagnostics.map((d) => [d.line, d.message.slice(0, 20), d.message.endsWith('only literal values are read')])).toEqual([[5, 'expression {undefine', true]]);
  });

  it('warns with the line for anything that is not a literal and renders nothing for it', async () => {
    const page = await render('Line one.\n\nA {Math.random()} B {undefinedName}\n\n<Card title={window.x}>y</Card>');
    expect(page.html).toContain('<p>A  B </p>');
    expect(page.diagnostics.map((d) => [d.line, d.message])).toEqual([
      [3, 'expression {Math.random()} was not evaluated: MDX is data here, only literal values are read'],
      [3, '{undefinedName} is not defined (only export const values and snippet props are known); rendered as empty'],
      [5, 'attribute title={window.x} on <Card> was not evaluated: only literal values are read'],
    ]);
  });

  it('names what a JSX literal in an attribute spreads or leaves unread as written, after frontmatter, on either parser path', async () => {
    // teamhanko+docs's quickstarts: Tabler SVGs pasted into Card icons with their {...props} (a page's props: none)
    const card = (svg: string) => `<CardGroup cols={3}>\n    <Card horizontal\n        title="Angular"\n        icon={\n        <svg\n            width="30"\n${svg}        >\n            <path d="M0 0h24" />\n        </svg>\n        }\n        href="/ok/angular"\n    />\n</CardGroup>`;
    const source = `---\ntitle: Quickstarts\n---\n\n## Frontend\n\n${card('            {...props}\n')}\n\n${card('            height={size.px * 2}\n            {...rest.svg}\n')}`;
    // the same page once more with a line only micromark reads (a comment in an expression)
    const pages = [await render(source), await render(`${source}\n\n{/* micromark */ "x"}`)];
    expect(pages.map((p) => p.parser)).toEqual(['fast', 'micromark']);
    for (const page of pages) {
      // `{...props}` spreads the page's own props: none, as in MDX, and nothing to say
      expect(page.diagnostics.map((d) => d.message)).toEqual([
        'attribute height={size.px * 2} on <svg> was not evaluated: only literal values are read',
        'spread attribute {...rest.svg} on <svg> ignored: only literal attributes are read',
      ]);
      expect(page.html).toContain('<svg width="30"');
    }
  });

  it('falls back to plain Markdown when the MDX parser rejects the page, reporting the line', async () => {
    const page = await render('# Title\n\nOk text.\n\nBroken {expression\n\n<b onclick="x">bold</b>');
    expect(page.diagnostics[0]).toMatchObject({ severity: 'warning', line: 5 });
    expect(page.diagnostics[0].message).toMatch(/^MDX syntax error: .*rendered as plain Markdown/);
    expect(page.html).toContain('<h1 id="title">Title</h1><p>Ok text.</p>');
    expect(page.html).toContain('<b>bold</b>');
    expect(page.html).not.toContain('onclick');
  });
});

describe('renderPage: snippets', () => {
  let root: string;
  beforeAll(async () => {
    root = await mkdtemp(join(tmpdir(), 'quire-snippets-'));
    await mkdir(join(root, 'snippets'), { recursive: true });
    await mkdir(join(root, 'guides'), { recursive: true });
    await writeFile(join(root, 'snippets/greeting.mdx'), 'import Inner from "./inner.mdx";\n\nHello **{name}**!\n\n<Inner level={level} />\n\n{children}');
    await writeFile(join(root, 'snippets/inner.mdx'), 'export const unit = "kg";\n\nLevel {level} {unit}.');
    await writeFile(join(root, 'snippets/loop-a.mdx'), 'import B from "./loop-b.mdx";\n\nA <B />');
    await writeFile(join(root, 'snippets/loop-b.mdx'), 'import A from "./loop-a.mdx";\n\nB <A />');
    await writeFile(join(root, 'snippets/vars.mdx'), 'export const version = "2.1";');
    await writeFile(join(root, 'guides/local.mdx'), 'Local snippet.');
    await writeFile(join(root, 'snippets/init-step.mdx'), '<Step title="Init">\n  Run `init`.\n</Step>');
    await writeFile(join(root, 'snippets/dev-step.mdx'), '<Step title="Dev">\n  Run `dev`.\n\n  <Steps>\n    <Step title="Inner">Nested.</Step>\n  </Steps>\n</Step>');
  });
  afterAll(() => rm(root, { recursive: true, force: true }));

  it('substitutes props, resolves nested and relative imports, passes children', async () => {
    const page = await render('import Greeting from "/snippets/greeting.mdx";\nimport Local from "./local.mdx";\nimport { version } from "/snippets/vars.mdx";\n\n<Greeting name="Ada" level={2}>\n  Child **text**.\n</Greeting>\n\n<Local />\n\nVersion {version}.', { root });
    expect(page.diagnostics).toEqual([]);
    expect(page.html).toBe('<p>Hello <strong>Ada</strong>!</p><p>Level 2 kg.</p><p>Child <strong>text</strong>.</p><p>Local snippet.</p><p>Version 2.1.</p>');
  });

  it("fills a snippet's attributes from props with the operators snippets use (firecrawl's feedback links), refusing the rest", async () => {
    await writeFile(
      join(root, 'snippets/cta.mdx'),
      'export const info = { a: 1 };\n\n<a href={"https://example.com/survey?src=" + (props.src || "docs")}>Start</a>\n\n{props.city ?? "Nowhere"}, {props.tags[1]} ({props.tags.length}), {props.big ? "big" : "small"}, {!props.big && "quiet"}, {props.src === "blog"}\n\n{props.constructor === undefined && info.constructor === undefined && info.__proto__ === undefined ? "own only" : "inherited"} {props.city.toString()} {props.city - 1}',
    );
    const page = await render('import Cta from "/snippets/cta.mdx";\n\n<Cta src="blog" city="Lima" tags={["a", "b"]} />\n\n<Cta tags={[]} />', { root });
    expect(page.html).toContain('<a href="https://example.com/survey?src=blog">Start</a>');
    expect(page.html).toContain('<a href="https://example.com/survey?src=docs">Start</a>');
    // a boolean renders nothing, as in React
    expect(page.html).toContain('<p>Lima, b (2), small, quiet, </p>');
    expect(page.html).toContain('<p>Nowhere,  (0), small, quiet, </p>');
    // Inherited members read as not given (undefined); calls and other operators are not read: each warns and renders nothing.
    const refused = page.diagnostics.filter((d) => d.file === 'snippets/cta.mdx').map((d) => d.message.split(' was not')[0]);
    expect(new Set(refused)).toEqual(new Set(['expression {props.city.toString()}', 'expression {props.city - 1}']));
    expect(page.html).toContain('<p>own only  </p>');
  });

  it("spreads a snippet's props ({...props}) as attributes, a page's own props as none, and warns about anything else spread", async () => {
    await writeFile(join(root, 'snippets/link.mdx'), '<a {...props} title="Kept">Go</a>');
    const page = await render('import Link from "/snippets/link.mdx";\n\n<Link href="https://example.com/a" title="Overridden" onClick="x" />\n\n<Card title="Svg" icon={<svg {...props} viewBox="0 0 1 1"><path d="M0 0" /></svg>}>x</Card>\n\n<div {...other}>y</div>', { root });
    // later attributes win, as in JSX; a handler given through the spread is still not written
    expect(page.html).toContain('<a href="https://example.com/a" title="Kept">Go</a>');
    expect(page.html).toContain('<svg viewbox="0 0 1 1"><path d="M0 0"></path></svg>');
    expect(page.diagnostics.map((d) => d.message)).toEqual([
      'event handler attribute onClick on <a> removed: nothing from a page runs',
      'spread attribute {...other} on <div> ignored: only literal attributes are read',
    ]);
  });

  it('numbers Steps that come from snippets 1, 2, 3 in one list', async () => {
    const page = await render('import InitStep from "/snippets/init-step.mdx";\nimport DevStep from "/snippets/dev-step.mdx";\n\n<Steps>\n  <InitStep />\n  <DevStep />\n  <Step title="Deploy">Ship.</Step>\n</Steps>\n\n<InitStep />', { root });
    expect(page.diagnostics).toEqual([]);
    const html = page.html;
    // one list of three, the nested Steps a list of its own, the snippet alone a one-item list
    expect(html.match(/<ol class="q-steps" data-steps>/g)).toHaveLength(3);
    expect([...html.matchAll(/data-step="(\d+)" id="([^"]+)"/g)].map((m) => `${m[1]} ${m[2]}`)).toEqual(['1 init', '2 dev', '1 inner', '3 deploy', '1 init-2']);
    expect(html).toMatch(/^<ol class="q-steps" data-steps><li class="q-step" data-step="1" id="init">.*<\/li><\/ol><ol class="q-steps" data-steps><li class="q-step" data-step="1" id="init-2">/);
  });

  it('reads an import written between a component\'s tags, as MDX hoists it (dubinc+docs imports a snippet inside a <Step>)', async () => {
    await writeFile(join(root, 'snippets/install-cards.mdx'), '<Card title="React" href="/ok/react">Install for React.</Card>');
    await writeFile(
      join(root, 'snippets/tracking-install.mdx'),
      'import KeyStep from "/snippets/init-step.mdx";\n\n<Steps>\n\n<KeyStep />\n\n<Step title="Install the script">\n\nNext, install it.\n\nimport InstallCards from "/snippets/install-cards.mdx";\n\n<InstallCards />\n\n</Step>\n\n</Steps>',
    );
    const page = await render('import TrackingInstall from "/snippets/tracking-install.mdx";\n\n<TrackingInstall />', { root });
    expect(page.diagnostics).toEqual([]);
    expect(page.html).toContain('Install for React.');
    expect(page.html).not.toContain('import InstallCards');
    expect([...page.html.matchAll(/data-step="(\d+)" id="([^"]+)"/g)].map((m) => `${m[1]} ${m[2]}`)).toEqual(['1 init', '2 install-the-script']);
  });

  it('places <Snippet file> snippets from snippets/, else _snippets/, with props, as Mintlify\'s older syntax', async () => {
    await mkdir(join(root, '_snippets'), { recursive: true });
    await writeFile(join(root, '_snippets/get-help.mdx'), '<Note>Ask on **{channel}**.</Note>');
    await writeFile(join(root, '_snippets/shadowed.mdx'), 'From the old folder.');
    await writeFile(join(root, 'snippets/shadowed.mdx'), 'From snippets.');
    const page = await render('Before.\n\n<Snippet file="get-help.mdx" channel="Discord" />\n\n<Snippet file="shadowed.mdx" />\n\n<Snippet file="get-help.mdx" channel="Slack" />', { root });
    expect(page.diagnostics).toEqual([]);
    expect(page.html).toContain('Ask on <strong>Discord</strong>.');
    expect(page.html).toContain('Ask on <strong>Slack</strong>.');
    expect(page.html).toContain('<p>From snippets.</p>');
    expect(page.html).not.toContain('old folder');
    expect(page.html.indexOf('Before.')).toBeLessThan(page.html.indexOf('Discord'));
  });

  it('says where a <Snippet file> was looked for, refuses one outside the snippets folders and one that loops', async () => {
    await writeFile(join(root, 'snippets/self.mdx'), 'Self <Snippet file="self.mdx" />');
    await writeFile(join(root, 'secret.mdx'), 'Not a snippet.');
    const outside = await mkdtemp(join(tmpdir(), 'quire-outside-'));
    await writeFile(join(outside, 'key.mdx'), 'A secret outside the site.');
    await symlink(join(outside, 'key.mdx'), join(root, 'snippets/key.mdx'));
    const page = await render('<Snippet file="missing.mdx" />\n\n<Snippet file="../secret.mdx" />\n\n<Snippet file="self.mdx" />\n\n<Snippet file="key.mdx" />\n\nEnd.', { root });
    await rm(outside, { recursive: true, force: true });
    expect(page.diagnostics.map((d) => `${d.severity} ${d.file}:${d.line} ${d.message}`)).toEqual([
      'warning guides/page.mdx:1 <Snippet file="missing.mdx"> not found: no snippets/missing.mdx or _snippets/missing.mdx in the docs folder; nothing is shown in its place',
      'warning guides/page.mdx:3 <Snippet file="../secret.mdx"> ignored: it names a .mdx or .md file inside snippets/ or _snippets/',
      'warning snippets/self.mdx:1 <Snippet file="self.mdx"> ignored: it makes a cycle (guides/page.mdx -> snippets/self.mdx -> snippets/self.mdx)',
      'error guides/page.mdx:7 <Snippet file="key.mdx"> ignored: "snippets/key.mdx" leads outside the docs folder (through ".." or a symbolic link) and is not read',
    ]);
    expect(page.html).not.toContain('secret outside');
    expect(page.html).not.toContain('Not a snippet');
    expect(page.html).toBe('<p>Self </p><p>End.</p>');
  });

  it('warns about a <Snippet> whose file is computed ({...}) instead of dropping it silently', async () => {
    const page = await render('export const name = "get-help.mdx";\n\n<Snippet file={name} />\n\nEnd.', { root });
    expect(page.diagnostics.map((d) => `${d.file}:${d.line} ${d.message}`)).toEqual(['guides/page.mdx:3 unknown component <Snippet> on page guides/page: rendered its content only']);
    expect(page.html).toBe('<p>End.</p>');
  });

  it('renders a snippet imported under a built-in\'s name (Note) instead of the built-in, as JavaScript scoping does', async () => {
    await writeFile(join(root, 'snippets/note.mdx'), 'A plain snippet note about {topic}.');
    const page = await render('import Note from "/snippets/note.mdx";\n\n<Note topic="pears" />\n\n<Tip>A built-in tip.</Tip>', { root });
    expect(page.diagnostics).toEqual([]);
    expect(page.html).toContain('<p>A plain snippet note about pears.</p>');
    expect(page.html).not.toContain('q-callout-note');
    expect(page.html).toContain('q-callout-tip');
    expect(page.html).toContain('A built-in tip.');
  });

  it('stops import cycles and refuses snippets outside the root', async () => {
    const page = await render('import A from "/snippets/loop-a.mdx";\nimport X from "../../etc/passwd.mdx";\n\n<A />', { root });
    expect(page.diagnostics.map((d) => `${d.file}:${d.line} ${d.message}`)).toEqual([
      'snippets/loop-b.mdx:1 import of "./loop-a.mdx" ignored: it makes a cycle (guides/page.mdx -> snippets/loop-a.mdx -> snippets/loop-b.mdx -> snippets/loop-a.mdx)',
      'guides/page.mdx:2 import from "../../etc/passwd.mdx" ignored: pages may only import snippet files (.mdx, .md, .jsx, .tsx) inside the docs folder',
      'snippets/loop-b.mdx:3 unknown component <A> on page guides/page: rendered its content only',
    ]);
    expect(page.html).toBe('<p>A</p><p>B </p>');
  });
});

describe('renderPage: code, diagrams and math', () => {
  it('highlights with both themes as CSS variables, marks lines, titles from meta', async () => {
    const page = await render('```ts client.ts {1,3-4}\nconst a = 1;\nconst b = 2;\nconst c = 3;\nconst d = 4;\n```');
    const html = page.html;
    expect(html).toMatch(/^<div class="q-code" data-code data-lang="ts"><div class="q-code-header"><span class="q-code-title">client\.ts<\/span><button type="button" class="q-code-copy" data-copy/);
    // Token colours as classes (token-classes.ts): the keyword colour of each theme.
    expect(html).toContain(`<span class="${tokenClass('#D73A49', '#F97583', 0)}">const</span>`);
    expect(html.match(/class="line highlighted"/g)).toHaveLength(3);
    expect(html.match(/class="line"/g)).toHaveLength(1);
  });

  it('renders unknown languages as escaped plain text', async () => {
    const page = await render('```nolang\n<b> & "q"\n```');
    expect(page.html).toContain('<code><span class="line">&lt;b&gt; &amp; "q"</span></code>');
    expect(page.html).toContain('<span class="q-code-title">nolang</span>');
  });

  it('uses and fills the highlight cache keyed by sha256(lang, meta, code)', async () => {
    const store = new Map<string, string>();
    // One cache object per export, as the renderer makes them, on a store they share.
    const cacheOn = () => ({ get: (k: string) => store.get(k), set: (k: string, v: string) => void store.set(k, v) });
    const first = await render('```js Title\nlet x = 1;\n```', { highlightCache: cacheOn() });
    const key = highlightKey('js', 'Title', 'let x = 1;');
    expect([...store.keys()]).toEqual([key]);
    store.set(key, '<pre>FROM CACHE</pre>');
    const second = await render('```js Title\nlet x = 1;\n```', { highlightCache: cacheOn() });
    expect(second.html).toContain('<pre>FROM CACHE</pre>');
    expect(first.html).not.toContain('FROM CACHE');
  });

  it('shows mermaid as readable source and math through KaTeX', async () => {
    const page = await render('```mermaid\ngraph TD\n  A --> B\n```\n\nInline $a^2$ and\n\n$$\n\\frac{1}{2}\n$$');
    expect(page.html).toContain('<figure class="q-mermaid" data-mermaid data-code>');
    expect(page.html).toContain('<code>graph TD\n  A --&gt; B</code>');
    expect(page.html).toContain('<span class="q-math" data-math="inline"><span class="katex">');
    expect(page.html).toContain('<div class="q-math" data-math="display"><span class="katex-display">');
  });
});

describe('renderPage: HTML sanitizing', () => {
  it('keeps safe HTML and drops scripts, handlers and bad URLs', async () => {
    const page = await render('<div className="box" style={{ marginTop: 8 }} data-x="1" aria-label="Box">\n  <a href="javascript:alert(1)" target="_blank">x</a>\n  <img src="data:image/png;base64,AAAA" alt="" onError="alert(1)" />\n  <script>{"alert(1)"}</script>\n  <style>{"body{}"}</style>\n  <iframe src="https://www.youtube.com/embed/x"></iframe>\n</div>');
    const html = page.html;
    expect(html).toContain('<div class="box" style="margin-top:8px" data-x="1" aria-label="Box">');
    expect(html).toContain('<a target="_blank">x</a>');
    expect(html).toContain('<img src="data:image/png;base64,AAAA" alt="">');
    expect(html).toContain('<div class="q-embed" data-embed="https://www.youtube.com/embed/x">');
    expect(html).not.toMatch(/<script|<style|<iframe|onerror|javascript:/i);
    expect(page.diagnostics.map((d) => d.message)).toEqual([
      'unsafe URL removed: javascript:alert(1)',
      'event handler attribute onError on <img> removed: nothing from a page runs',
      '<script> removed: HTML in pages is sanitized (no scripts, styles, forms or embeds)',
      '<style> removed: HTML in pages is sanitized (no scripts, styles, forms or embeds)',
    ]);
  });
});

describe('renderPage: editor deep links', () => {
  it('keeps Cursor and VS Code install links as links, never as a source, and refuses other app schemes', async () => {
    const page = await render('[Add to Cursor](cursor://anysphere.cursor-deeplink/mcp/install?name=docs&config=eyJ1cmwiOiJ4In0=)\n\n<a href="vscode:mcp/install?%7B%22name%22%3A%22docs%22%7D">Add to VS Code</a>\n\n<img src="cursor://anysphere.cursor-deeplink/x" alt="x" />\n\n[Other](slack://open)');
    expect(page.html).toContain('<a href="cursor://anysphere.cursor-deeplink/mcp/install?name=docs&amp;config=eyJ1cmwiOiJ4In0=">Add to Cursor</a>');
    expect(page.html).toContain('<a href="vscode:mcp/install?%7B%22name%22%3A%22docs%22%7D">Add to VS Code</a>');
    expect(page.html).not.toMatch(/src="cursor:|slack:/);
    expect(page.diagnostics.map((d) => d.message)).toEqual(['unsafe URL removed: cursor://anysphere.cursor-deeplink/x', 'unsafe URL removed: slack://open']);
  });
});

describe('renderPage: embedded frames', () => {
  /** Mintlify's YouTube example (create/image-embeds.mdx). */
  const YOUTUBE = '<iframe\n  className="w-full aspect-video rounded-xl"\n  src="https://www.youtube.com/embed/4KzFe50RQkQ"\n  title="YouTube video player"\n  allow="accelerometer; autoplay; clipboard-write; encrypted-media; gyroscope; picture-in-picture"\n  allowFullScreen\n></iframe>';
  const PLACEHOLDER =
    '<div class="q-embed w-full aspect-video rounded-xl" data-embed="https://www.youtube.com/embed/4KzFe50RQkQ" data-embed-title="YouTube video player" ' +
    'data-embed-allow="accelerometer; autoplay; clipboard-write; encrypted-media; gyroscope; picture-in-picture; fullscreen">' +
    '<button type="button" class="q-embed-load" data-embed-load hidden>Load content from www.youtube.com</button>' +
    '<a class="q-embed-link" href="https://www.youtube.com/embed/4KzFe50RQkQ">YouTube video player</a></div>';

  it('writes an https iframe as a placeholder that loads it on request, from MDX and from raw HTML alike', async () => {
    const mdx = await render(YOUTUBE);
    expect(mdx.html).toBe(PLACEHOLDER);
    expect(mdx.diagnostics).toEqual([]);
    const markdown = await render(YOUTUBE.replace('className', 'class').replace('allowFullScreen', 'allowfullscreen'), { file: 'guides/page.md' });
    expect(markdown.html).toBe(PLACEHOLDER);
    expect(markdown.diagnostics).toEqual([]);
    // YouTube's copied code: pixel sizes become the box's shape; the title is the link's text; no `allow`, no attribute
    const sized = await render('<iframe width="560" height="315" src="https://www.youtube.com/embed/x5npgYJU20c" frameborder="0"></iframe>');
    expect(sized.html).toBe(
      '<div class="q-embed" data-embed="https://www.youtube.com/embed/x5npgYJU20c" style="aspect-ratio: 560 / 315; max-width: 560px">' +
        '<button type="button" class="q-embed-load" data-embed-load hidden>Load content from www.youtube.com</button>' +
        '<a class="q-embed-link" href="https://www.youtube.com/embed/x5npgYJU20c">https://www.youtube.com/embed/x5npgYJU20c</a></div>',
    );
    // the button speaks the page's language
    const french = await render(YOUTUBE, { language: 'fr' });
    expect(french.html).toContain('>Charger le contenu de www.youtube.com</button>');
  });

  it('keeps only the harmless permissions and escapes what it copies; other addresses get a link or nothing, reported', async () => {
    const hostile = await render('<iframe src="https://evil.example.com/a?b=&quot;c" title={\'"><script>alert(1)</script>\'} className={\'x" onload="alert(1)\'} allow="camera *; microphone; autoplay https://evil.example.com; geolocation" width="100%" height="400px" />');
    expect(hostile.html).toBe(
      '<div class="q-embed x&quot; onload=&quot;alert(1)" data-embed="https://evil.example.com/a?b=%22c" data-embed-title="&quot;&gt;&lt;script&gt;alert(1)&lt;/script&gt;" ' +
        'data-embed-allow="autoplay" style="aspect-ratio: auto; height: 400px">' +
        '<button type="button" class="q-embed-load" data-embed-load hidden>Load content from evil.example.com</button>' +
        '<a class="q-embed-link" href="https://evil.example.com/a?b=%22c">"&gt;&lt;script&gt;alert(1)&lt;/script&gt;</a></div>',
    );
    const others = await render('<iframe src="http://example.com/plain"></iframe>\n\n<iframe src="javascript:alert(1)"></iframe>\n\n<iframe srcDoc="<script>alert(1)</script>"></iframe>\n\n<iframe src="/ok/page"></iframe>');
    expect(others.html).not.toMatch(/q-embed"|<iframe|<script|javascript:/);
    expect(others.html).toContain('<a class="q-embed-link" href="http://example.com/plain">http://example.com/plain</a>');
    expect(others.html).toContain('<a class="q-embed-link" href="/ok/page.html">/ok/page.html</a>');
    expect(others.diagnostics.map((d) => `${d.line} ${d.message}`)).toEqual([
      '1 <iframe> removed: only an https address can be embedded; a link to http://example.com/plain is shown',
      '3 unsafe URL removed: javascript:alert(1)',
      '3 <iframe> removed: only an https address can be embedded',
      '5 <iframe> removed: only an https address can be embedded',
      '7 <iframe> removed: only an https address can be embedded; a link to /ok/page.html is shown',
    ]);
  });
});

describe('renderPage: kitchen-sink fixture', () => {
  it('renders every page of the fixture without diagnostics', async () => {
    for (const file of ['index.mdx', 'quickstart.mdx', 'guides/configuration.mdx', 'guides/advanced/deployment.mdx', 'guides/advanced/air-gapped.mdx', 'components/all-components.mdx', 'components/code-and-math.mdx', 'components/hidden-page.mdx', 'api/overview.mdx', 'changelog/index.mdx']) {
      const page = await renderFixture('kitchen-sink', file);
      expect({ file, diagnostics: page.diagnostics, broken: page.brokenLinks }).toEqual({ file, diagnostics: [], broken: [] });
    }
  });

  it('the component page uses every registered component and the snippet takes its props', async () => {
    const page = await renderFixture('kitchen-sink', 'components/all-components.mdx');
    for (const marker of ['q-callout-note', 'q-callout-info', 'q-callout-tip', 'q-callout-warning', 'q-callout-check', 'q-callout-danger', 'q-callout-callout', 'data-card', 'q-card-group', 'q-columns', 'data-tabs', 'data-code-group', 'data-accordion-group', 'data-accordion', 'data-steps', 'data-param-field', 'data-response-field', 'data-expandable', 'data-example="request"', 'data-example="response"', 'data-frame', 'data-tooltip', 'data-badge', 'data-icon-wrap', 'data-update', 'data-tree', 'q-tree-folder', 'q-tree-file', 'data-panel']) {
      expect(page.html, marker).toContain(marker);
    }
    expect(page.assets).toEqual(['images/diagram.svg']);
    const quick = await renderFixture('kitchen-sink', 'quickstart.mdx');
    expect(compact(quick.html)).toContain('You need Quire and Node.js 20 or later before you start.');
    expect(quick.html).toContain('<p>Tested with Node.js <strong>20</strong>.</p>');
  });
});

describe('renderPage: names that are not components', () => {
  it('does not treat Object.prototype names as components, attributes or icons', async () => {
    const page = await render('<toString>a</toString> <constructor>b</constructor>\n\n<div constructor="x" __proto__="y">c</div>\n\n<Card title="t" __proto__={{ href: "/ok/x" }}>d</Card>\n\n<Icon icon="__proto__" /> <Icon icon="constructor" />');
    expect(page.html).toContain('<p>a b</p><div>c</div>');
    expect(page.html).toContain('<div class="q-card card" data-card>');
    expect(page.html.match(/data-icon="unknown"/g)).toHaveLength(2);
  });
});

describe('renderPage: Markdown habits MDX rejects', () => {
  it('drops HTML comments and closes void tags instead of falling back to plain Markdown', async () => {
    const page = await render('# T\n\n<!-- a comment\nover lines -->\n\nLine<br>break <img src="/images/x.png" alt="x">\n\n`<br>` stays code\n\n```html\n<!-- kept in code --><br>\n```\n\n<Note>Still a component</Note>\n\n## After {"x"}');
    expect(page.diagnostics).toEqual([]);
    expect(page.html).toContain('<p>Line<br>break <img src="/assets/images/x.png" alt="x"></p>');
    expect(page.html).toContain('<p><code>&lt;br&gt;</code> stays code</p>');
    expect(page.html).toContain('&lt;!-- kept in code --&gt;');
    expect(page.html).toContain('<aside class="q-callout callout q-callout-note"');
    expect(page.headings.at(-1)).toEqual({ depth: 2, text: 'After x', id: 'after-x' });
    expect(page.html).not.toContain('a comment');
  });
});

describe('renderPage: determinism', () => {
  it('renders the same page to the same bytes twice', async () => {
    const a = await renderFixture('kitchen-sink', 'components/all-components.mdx');
    const b = await renderFixture('kitchen-sink', 'components/all-components.mdx');
    expect(b.html).toBe(a.html);
    expect(b.headings).toEqual(a.headings);
  });
});
