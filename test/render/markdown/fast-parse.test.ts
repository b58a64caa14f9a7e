/**
 * The fast parser must build exactly micromark's tree for every page it accepts (start
 * lines included), and give up on everything outside its subset. Checked on the
 * benchmark corpus (every page must be accepted), the user guide and the fixtures,
 * a list of edge cases, and a few thousand generated documents mixing the constructs.
 */
import { readdirSync, readFileSync, statSync } from 'node:fs';
import { join } from 'node:path';
import { isDeepStrictEqual } from 'node:util';
import { describe, expect, it } from 'vitest';
import type { Root } from 'mdast';
import { fastParse } from '../../../src/render/markdown/fast-parse.js';
import { parsePage } from '../../../src/render/markdown/parse.js';
import { parseMdxWithMicromark } from '../../../src/render/markdown/micromark-parse.js';
import { compare, normalize } from '../../helpers/mdast-compare.js';
import { ACORN_OPTIONS, JsxParser } from '../../../src/render/markdown/fast-common.js';
import { fromMarkdown } from 'mdast-util-from-markdown';
import { gfmFromMarkdown } from 'mdast-util-gfm';
import { gfm } from 'micromark-extension-gfm';
import { generateSite } from '../../helpers/sites.js';

/** The same for plain CommonMark + GFM (OpenAPI descriptions). */
function compareMarkdown(source: string): 'same' | 'fallback' | { fast: unknown; micromark: unknown } {
  const fast = fastParse(source, { markdown: true });
  if (!fast) return 'fallback';
  const micromark = normalize(fromMarkdown(source, { extensions: [gfm()], mdastExtensions: [gfmFromMarkdown()] }).children);
  const mine = normalize(fast.children);
  return isDeepStrictEqual(mine, micromark) ? 'same' : { fast: mine, micromark };
}

function mdxFiles(dir: string): string[] {
  const out: string[] = [];
  for (const name of readdirSync(dir)) {
    const p = join(dir, name);
    if (statSync(p).isDirectory()) out.push(...mdxFiles(p));
    else if (/\.mdx?$/.test(name)) out.push(p);
  }
  return out;
}

describe('fastParse', () => {
  it('accepts every page of the benchmark corpus and builds micromark tree for each', () => {
    const root = generateSite(120);
    const files = mdxFiles(root);
    expect(files.length).toBe(121);
    for (const f of files) expect([f, compare(readFileSync(f, 'utf8'))]).toEqual([f, 'same']);
  });

  it('agrees with micromark on every page of the user guide and fixtures it accepts', () => {
    const files = [...mdxFiles(join(import.meta.dirname, '../../../docs')), ...mdxFiles(join(import.meta.dirname, '../../fixtures'))];
    let accepted = 0;
    for (const f of files) {
      const result = compare(readFileSync(f, 'utf8'));
      if (result === 'same') accepted++;
      else expect([f, result]).toEqual([f, 'fallback']);
    }
    expect(accepted).toBeGreaterThan(files.length / 2);
  });

  const ACCEPTED = [
    '---\ntitle: "T"\ndescription: d\n---\n\n# Title\n\nText with `code`, **strong**, *em*, _em_ and snake_case_names.',
    'Line one  \nline two \nline three',
    '- a\n- b [x](/y)\n  more\n  - nested\n    - deeper\n- c\n\n1. one\n2. two\n\n3) three',
    '| A | B | C |\n|:--|--:|:-:|\n| `x` | **y** | [z](/z) |\n| 1 | 2 | 3 |',
    '<Steps>\n  <Step title="One">\n    Run it:\n\n    ```bash npm\n    npm install\n      --save\n    ```\n  </Step>\n</Steps>',
    '<CardGroup cols={2}>\n  <Card title="A" icon="rocket" href="/a">\n    Text.\n  </Card>\n  <Card title="B" />\n</CardGroup>',
    '<ParamField\n  path="id"\n  type="string"\n  required\n>\n  The id.\n</ParamField>',
    '<Tip>A tip with *em* and <Badge color="red">badge</Badge>.</Tip>\n\nText <Icon icon="check" /> and <Tooltip tip="t">word</Tooltip>.',
    '<Accordion title="A" defaultOpen items={["a", "b"]} style={{ color: "red" }}>\n\nBody\n\n</Accordion>',
    '![alt text](/img.png) and [`code` link](https://e.com/a?b=1#c)',
    'A `multi\nline` code span',
    'Text\n<Note>\n  interrupts\n</Note>\n- list\n# heading\n```js\nx\n```',
    '    indented text is a paragraph in MDX\n\n    - and a list\n\n    ## and a heading',
    '~~~\n```\ninner\n```\n~~~\n\n````md\n```\nx\n```\n````',
    '>[Tool](https://t.example/) is a platform.\n> More about it\n>\n> - a\n> - b\n\n> # Quoted heading\n>\n>```bash\n>  run\n>```',
    'import A from "/snippets/a.mdx"\nimport { b as c, d } from "/snippets/b.mdx"\n\n<A />\n\nexport const e = ({ x: [1, "s"], y: c }) // note\nexport const f = /* block */ `t`;',
    'export default function Layout({ children }) {\n  return <div>{children}</div>\n}\n\nText',
    'Escapes: \\* \\_ \\` \\[ \\] \\{ \\} \\< \\\\ \\a C:\\path, *em \\* in em*, a\\\nbreak, [a \\] b](/l) and end\\',
    '| Name | Type |\n|---|---|\n| `target` | `str \\| None` |\n| a \\| b | c \\\\ d |',
    'AT&amp;T, &quot;quoted&quot; it&#39;s &#x22;x&#x22; &lt;Tag&gt; &copy &amp &#123;braces&#125; `&amp;` &nbsp;*em*&nbsp;',
    '- a\n\n- b\n\n\n- c\n\n1. one\n\n   more of one\n\n   ```js\n   x\n\n   y\n   ```\n2. two\n   - nested\n\n   - loose nested\n\n   after nested\n3. <Note>\n\n   In a component\n\n   </Note>',
    '<Card title="A" href={"https://example.com/a//b"} img={`/x/*.png`} />',
    '# Title\n\n---\n\nText\n***\n\n* * *\n___\n\n<Note>\n  ---\n</Note>',
    'Options [optional] and [a][] or [b][c], ![not an image] [**bold**] `[x]`] and ] alone',
    'About ~50 ms (~3,000 files), ~5.5x faster and ~/.config; ~~~ is text',
    'Lone backticks: ` and `` here, ```and``` a span, `a` then ``` alone',
    '*em with a lone ` backtick* and **`` two**',
    '| A | B |\n|---|---|\n| ~1 s | ` |',
    'Text\n> interrupts the paragraph\n\n<Note>\n  > quoted in a component\n  > - with a list\n</Note>\n\n- item\n  > quoted in an item',
    // Attribute expressions spanning lines lose up to two spaces a line (shaped after real pages:
    // an image in a Frame in Columns, a styled div in a div, an image in a Frame)
    "<Columns cols={2}>\n  <Frame caption=\"Button.\">\n    <img\n  src=\"/images/a.png\"\n  className=\"block dark:hidden\"\n  style={{\n    width: '268px',\n    height: 'auto',\n  }}\n  alt=\"A.\"\n    />\n  </Frame>\n</Columns>",
    "<div className=\"relative\">\n  <div\n    className=\"text-gray-900\"\n    style={{\n     fontWeight: '600',\n     margin: '0'\n    }}\n  >\n    Title\n  </div>\n</div>",
    '<Frame>\n  <img\n    src="/images/p.png"\n    alt="P"\n    style={{\n      maxHeight: "750px",\n    }}\n  />\n</Frame>',
    '<A s={`\n    a\n      b\n`} t={[\n\n    1]} />\n\n- item\n\n  <A s={{\n   w: 1,\n     x: 2}} />\n\n> <A s={{\n>     w: 1,\n> }} />',
    // a fence's meta keeps its trailing spaces in micromark (a real page has `bash New `)
    '<CodeGroup>\n  ```bash New \n  npm i\n  ```\n</CodeGroup>\n\n```bash Old \nnpm i\n```\n\n- a\n\n  ```js title="x"  \n  x\n  ```',
    // strikethrough of plain text (micromark-extension-gfm-strikethrough, single tildes too), an escaped tilde before one
    '~~strike~~',
    '~one~',
    'a\\~~b~',
    // an export acorn finds cut short at the blank line takes the next lines (micromark's swallow)
    'export const a = {\n\n  b: 1 }\n\n# After',
    'import X from "/snippets/x.mdx"\n\nexport const f = () => {\n  const y = 1;\n\n\n  return <X y={y} />;\n}\n\n<X />',
    // a tab among the first two codes of an expression's line: micromark's value keeps the
    // columns its line prefix left as spaces, the estree (acorn's text) drops them
    '<A s={{\n\tw: 1 }} />',
    '<A x={<p q="a\n\tb" />} />\n\n<A x={<p q="a\n \tb" />} />\n\n<A x={<p q="a\n  \tb" />} />\n\n<A x={<p q="a\n\t\tb" />} />\n\n<A x={<p q="a\n\t b" />} />',
    '<A x={`a\n\tb\n \t \tc`} />\n\n<A>\n  <B x={<p q="a\n\tb" />} />\n</A>',
    // `]:` where no definition can be (Python's type hints, JSON): brackets of no link stay text
    'text [a] and\n\n```py\ndef f(x) -> list[list[float]]:\n    pass\n```',
    'see [note] here\n\n```json\n{"a": ["x"]}\n```\n\nx = d[k]: y',
    // a run of three: strong inside emphasis (the inner two of each run pair first)
    '***strong em***',
    '***negrita y cursiva***<br />\nnext ***a b*** y, a***b***c, ___a___b\n\n- ***item*** and ***`c`*** and ***[l](u)***\n\n> ***a\nb***\n\n| ***t*** |\n|---|',
    // image alt text with code spans, emphasis, strikethrough, escapes: the label's text (mdast-util-to-string)
    '![CloudFront "Behaviors": `/docs/*`, "Default (*)", `/.well-known/*`.](/i.png)\n\n![a *em* **strong** ~~del~~ ~one~ \\* _b_ c_d](x.png "t")',
    '- ![a *b* c](x.png)\n- ![`d`](y.png)\n\ntext ![a **b** c](x.png) more *text* ![a *b](x.png)',
    // a tag whose expression holds `}` before its end (on its first line too): read over the lines it spans, at once
    `<Card\n  icon={\n    <svg\n      style={{ fill: "#000" }}\n    >\n${'      <path d="M1,1\n\tc2,2z" />\n'.repeat(40)}    </svg>\n  }\n/>\n\nAfter.`,
    `<Card icon={<svg style={{ fill: "#000" }}>\n${'  <path d="M1" />\n'.repeat(50)}</svg>} />\n\nAfter.`,
  ];
  it.each(ACCEPTED.map((s) => [s]))('accepts %j and agrees with micromark', (source) => {
    expect(compare(source)).toBe('same');
  });

  const FALLBACK = [
    'export const a = 1\n\n{a}',
    'import X from "a"\n\nimport X from "b"',
    'import X from "a"\n\nexport const X = 1',
    'export const a = 1\nconst b = 2',
    'import the file by name',
    '<Note>\nimport X from "a"\n</Note>',
    'export const a = {\n\n  b: 1',
    'export const a = ((1))',
    'Text {1 + 1} here',
    '{/* a */} then text',
    'Text\n{a + b}',
    '{/* two\nlines */}',
    '{ /* spaced */ }',
    '<!-- comment -->',
    'Title\n=====',
    'Title\n---\n\nmore',
    'Text\n- - -',
    '- item\n***',
    '[ref]\n\n[ref]: /url',
    'Note[^1]\n\n[^1]: foot',
    'about ~5 and ~6 or x~ and ~y',
    '*~a*~',
    '- [ ]\ttask after a tab',
    'a &frac12; b',
    'a &#0; b',
    'a < b',
    '[text] (not a link)\n\n[text]: /defined',
    'a [^1] footnote call',
    '| a | b \\|\n|---|---|',
    '>```\n>\tcode after a tab\n>```',
    '  ```\n\tcode\n  ```',
    '> ```\n>\tcode\n> ```',
    'tab\there',
    '```js\nunclosed fence',
    '<Note>\n\nunclosed element',
    '<Foo .Bar />',
    '<Card cols={2 /* two */} />',
    '<Card cols={2 // two\n} />',
    '<>fragment</>',
    '<Note {...props} />',
    '1. item\n<Tab\n  title="spans lines after an item"\n>\n</Tab>',
    'crlf\r\nline',
    '1.\n\ntext after an empty item',
    '- a\n2.',
    'Text <A s={{\n    w: 1,\n  }}>x</A> more',
    // a definition anywhere a line may hold one: in a container, indented, a label over two lines or with an escaped bracket
    '> [a]: /u\n\n[a]',
    '1. [a]: /u\n\n[a]',
    '<Note>\n  [a]: /u\n</Note>\n\n[a]',
    '[multi\nline]: /u\n\n[multi line]',
    '[\\]]: /u\n\n[\\]]',
    // runs of three meeting runs of another length, or nesting a run of their kind
    '***a** b',
    '***a *b* c***',
    '****a****',
    // image alt text holding a link, an image or a code span that closes past the label
    '![a [b](c) d](e.png)',
    '![a `](x.png)` b](y.png)',
    // a tab at the start of an expression's line inside a list: its columns depend on the list's
    '- <A s={{\n\tw: 1 }} />',
    // a tag over more lines than the fast path reads (MAX_TAG_LINES), or never closed
    `<A s={<svg>\n${'  <path />\n'.repeat(130)}</svg>} />`,
    `<A s={<svg>\n${'  <path d="x" style={{ a: 1 }} />\n'.repeat(10)}`,
  ];
  it.each(FALLBACK.map((s) => [s]))('leaves %j to micromark', (source) => {
    expect(fastParse(source)).toBeNull();
  });

  it('places flow tags and their attributes at the lines and columns micromark gives, on one line or several', () => {
    const source = '<Note>\n  <Card title="A" href="/a" />\n</Note>\n\n- item\n\n  <Tip x="1">Text</Tip>\n\n<Card\n  title="B"\n  icon="c"\n/>\n';
    type Positioned = { type?: string; position?: { start: { line: number; column: number }; end: { line: number; column: number } }; attributes?: Positioned[]; children?: Positioned[] };
    // Lines and columns (the fast path writes no offsets).
    const point = (p: { line: number; column: number } | undefined) => p && `${p.line}:${p.column}`;
    const places = (nodes: Positioned[]): unknown[] =>
      nodes.flatMap((n) => [
        ...(n.type?.startsWith('mdxJsx') ? [[n.type, point(n.position!.start), point(n.position!.end), (n.attributes ?? []).map((a) => [point(a.position?.start), point(a.position?.end)])]] : []),
        ...places(n.children ?? []),
      ]);
    const fast = places(fastParse(source)!.children);
    expect(fast).toEqual(places(parseMdxWithMicromark(source).children as Positioned[]));
    expect(fast).toHaveLength(4);
  });

  it('builds the estree of import/export blocks exactly as micromark, page positions included', () => {
    const source = '---\ntitle: T\n---\n\nimport X from "/snippets/x.mdx"\nimport { a as b } from "/snippets/y.mdx"\n\n# T\n\nexport const v = (1 + 2) // c\nexport const w = { a: [1, "s"], /* b */ }\n';
    type Esm = { data: { estree: { body: { loc: { start: { line: number } } }[] } } };
    const esm = (root: Root | null): Esm[] => JSON.parse(JSON.stringify(root!.children.filter((n) => n.type === 'mdxjsEsm').map((n) => ({ ...n, position: n.position!.start.line })))) as Esm[];
    const fast = esm(fastParse(source));
    expect(fast).toEqual(esm(parseMdxWithMicromark(source)));
    expect(fast.map((n) => n.data.estree.body.map((s) => s.loc.start.line))).toEqual([[5, 6], [10, 11]]);
  });

  it('takes the lines after a blank one into an import/export block acorn found cut short, as micromark does', () => {
    const source = '# Counter\n\nexport const Counter = () => {\n  const [n, setN] = useState(0);\n\n\n  return <button onClick={() => setN(n + 1)}>{n}</button>;\n};\n\nexport const note = 1 /* a\n\nb */\n\nText after.\n';
    type Esm = { value: string; data: { estree: { body: { loc: { start: { line: number }; end: { line: number } } }[] } } };
    const esm = (root: Root | null): Esm[] => JSON.parse(JSON.stringify(root!.children.filter((n) => n.type === 'mdxjsEsm').map((n) => ({ ...n, position: n.position!.start.line })))) as Esm[];
    const fast = esm(fastParse(source));
    expect(fast).toEqual(esm(parseMdxWithMicromark(source)));
    expect(fast.map((n) => n.data.estree.body.map((s) => [s.loc.start.line, s.loc.end.line]))).toEqual([[[3, 8]], [[10, 10]]]);
    expect(fast[1].value).toBe('export const note = 1 /* a\n\nb */');
    // cut short at the end of the page: micromark's error, left to it
    expect(fastParse('export const f = () => {\n\n  return 1;\n')).toBeNull();
  });

  it('builds the estree of {/* comments */} exactly as micromark, page positions included', () => {
    const source = '---\ntitle: T\n---\n\n{/* A comment */}\n\nText {/* inline */} and\nmore {/* two */}.\n\n<Note>\n  {/* in a component */}\n</Note>\n';
    const expressions = (node: unknown): unknown[] => {
      if (!node || typeof node !== 'object') return [];
      const n = node as { type?: string; children?: unknown[]; position?: { start: { line: number } } };
      const own: unknown[] = n.type === 'mdxFlowExpression' || n.type === 'mdxTextExpression' ? [JSON.parse(JSON.stringify({ ...n, position: n.position!.start.line })) as unknown] : [];
      return [...own, ...(n.children ?? []).flatMap(expressions)];
    };
    const fast = expressions(fastParse(source));
    expect(fast).toHaveLength(4);
    expect(fast).toEqual(expressions(parseMdxWithMicromark(source)));
  });

  it('reads integer attributes (`cols={2}`) as acorn does, without acorn, and other numbers through acorn', () => {
    const attribute = (source: string) => {
      const el = fastParse(source)!.children[0] as unknown as { attributes: { value: { value: string; data: { estree: { body: { expression: unknown }[] } } } }[] };
      return el.attributes[0].value;
    };
    for (const text of ['0', '2', '10', '999999999999999']) {
      const source = `<Card cols={${text}} />`;
      const { value, data } = attribute(source);
      expect(value).toBe(text);
      // The very node acorn gives (offsets within the tag, as for any other expression).
      const acorn = JsxParser.parseExpressionAt(source, source.indexOf('{') + 1, ACORN_OPTIONS);
      expect(JSON.parse(JSON.stringify(data.estree.body[0].expression))).toEqual(JSON.parse(JSON.stringify(acorn)));
      expect(acorn).toMatchObject({ type: 'Literal', value: Number(text), raw: text });
    }
    // Not the integer form: acorn reads them (or the page goes to micromark), as before.
    for (const text of ['2 ', ' 2', '1e3', '2.5', '0x1f', '-1', '9999999999999999', '1_000', '2n']) {
      const source = `<Card cols={${text}} />\n\n<Columns cols={${text}}>\n  Text.\n</Columns>`;
      expect([text, compare(source)]).toEqual([text, 'same']);
    }
    // A leading zero is no module's number: left to micromark, which reports it.
    expect(compare('<Card cols={02} />')).toBe('fallback');
  });

  it('is what parsePage uses, with micromark for the rest', async () => {
    const inSubset = '# T\n\nText with **b**.\n';
    const outside = 'import X from "./x.mdx"\n\n# T\n\n> Quoted **b**\nlazily, with a footnote[^1].\n';
    const fast = await parsePage(inSubset);
    expect(normalize(fast.tree)).toEqual(normalize(fastParse(inSubset)));
    expect(fast.parser).toBe('fast');
    expect(fastParse(outside)).toBeNull();
    const parsed = await parsePage(outside);
    expect(parsed.mdx).toBe(true);
    expect(parsed.parser).toBe('micromark');
    expect(normalize(parsed.tree)).toEqual(normalize(parseMdxWithMicromark(outside)));
    expect(parsed.tree.children.map((n) => n.type)).toEqual(['mdxjsEsm', 'heading', 'blockquote']);
  });

  it('reads Windows line endings on the fast path, as micromark reads them but for the \\r kept in values', async () => {
    const raw = '---\r\ntitle: T\r\n---\r\n\r\n# T\r\n\r\nText\r\nmore  \r\nend\r\n\r\n```js\r\nconst a = 1;\r\n```\r\n\r\n- a\r\n- b\r\rold Mac line\r\n';
    const parsed = await parsePage(raw);
    expect(parsed.parser).toBe('fast');
    const withoutCr = (node: unknown): unknown => JSON.parse(JSON.stringify(normalize(node)).replaceAll('\\r\\n', '\\n').replaceAll('\\r', '\\n'));
    expect(normalize(parsed.tree)).toEqual(withoutCr(parseMdxWithMicromark(raw)));
    expect(parsed.tree.children.map((n) => n.type)).toEqual(['yaml', 'heading', 'paragraph', 'code', 'list', 'paragraph']);
  });

  describe('in Markdown mode (CommonMark + GFM, as OpenAPI descriptions)', () => {
    it.each([
      ['Operation 0 on **users**. Pagination uses the `cursor` parameter; see [the guide](/guide).'],
      ['Braces {are} text and so is $5 here.\n\n- a list\n- of `code`\n\n| a | b |\n|---|---|\n| {x} | y |'],
      ['```json\n{"a": 1}\n```\n\nAfter.'],
      ['Text\n    continued by an indented line'],
      // items of one list at other indentations, short of four spaces: siblings in CommonMark too
      ['- a\n - b\n\n1. a\n\n  1. b\n\n10. a\n\n    b'],
    ])('accepts %j and agrees with micromark', (source) => {
      expect(compareMarkdown(source)).toBe('same');
    });

    it.each([['<b>html</b>'], ['    indented code'], ['see https://example.com'], ['www.example.com'], ['write to a@b.example'], ['---\ntitle: x\n---'], ['```\ncode\n    ```\n```'], ['1.'], ['10.  a\n\n    11. b'], ['10.  a\n    11. b']])('leaves %j to micromark', (source) => {
      expect(fastParse(source, { markdown: true })).toBeNull();
    });

    it('agrees with micromark on generated descriptions', () => {
      const { documents, accepted, mismatches } = fuzz(11, 1500, true);
      expect(mismatches).toEqual([]);
      // enough generated descriptions stay in the subset for the comparison to mean something
      expect(accepted).toBeGreaterThan(documents / 12);
    });
  });

  it('agrees with micromark on generated documents mixing every construct', () => {
    const { documents, accepted, mismatches } = fuzz(1, 3000);
    expect(mismatches).toEqual([]);
    // Enough generated documents stay in the subset for the comparison above to mean something
    // (most others hold random emphasis runs the subset leaves to micromark).
    expect(accepted).toBeGreaterThan(documents / 10);
  });
});

/** Random documents built from the subset's constructs (and some just outside it), seeded. */
function fuzz(seed: number, documents: number, markdown = false): { documents: number; accepted: number; mismatches: string[] } {
  let state = seed;
  const rnd = () => {
    state = (state * 1103515245 + 12345) & 0x7fffffff;
    return state / 0x7fffffff;
  };
  const pick = <T>(xs: T[]): T => xs[Math.floor(rnd() * xs.length)];
  const jsxTokens = ['<Badge>new</Badge>', '<Icon icon="check" />', '<Tooltip tip="t">hover</Tooltip>', '<Badge color="red">*b*</Badge>'];
  const tokens = ['`multi', 'line`', 'word', 'text', 'Agent', 'a', '*em*', '**strong**', '_under_', '__dunder__', '`code`', '``co`de``', '` sp `', '[link](/a/b)',
    '[**b** x](/x?y=1#z)', '[`c`](/c)', '![alt](/i.png)', '[t](/u "T")', '[![b](/b.svg)](/l)', '[w](/x_(y))', 'snake_case', '(*p*)', '"*q*"', '*"q"*', 'x*y*z', 'x_y_z', '.', ',', '!', '?', ':', '1.', '-', '+', '#',
    '|', 'é', '😀', '—', '“*q*”', '**Título**:', '{/* c */}', '**`c`**:', '**[l](/l)**.', '*(p)*,', '__"q"__.', '*`a`*`b`*', '&amp;', '&#39;s', '&quot;*q*&quot;', '&#x22;', '&copy', '&nbsp;', '\\*', '\\_x\\_', '\\\\', 'C:\\dir', '[lit]', '[**b**]', '[a] (b)', 'x]', '![no]', 'end\\\n', '*日本*語', '語**強**語', '語*強*語', 'x__y__z', '¿*x*?', '\u00a0*nb*', '*em with [link](/l)*', '**s `c` s**', '~50 ms', '(~3)', '~/.cfg', 'a~b', '~~', '~~~', '*~x~*', '\\~', 'x`', '``', '$10', '$x$', ...(markdown ? ['{brace}', '$5', 'http://x.y/z', 'a@b.example'] : [...jsxTokens, 'http://x.y/z'])];
  const inline = () => Array.from({ length: 1 + Math.floor(rnd() * 7) }, () => pick(tokens)).join(pick([' ', ' ', ' ', '', '  ']));
  const ind = (n: number) => ' '.repeat(n);
  const block = (depth: number, ws: number): string => {
    if (rnd() < 0.07 && depth < 3) {
      // a block quote around any block, sometimes with a lazy line after it
      const inner = block(depth + 1, pick([0, 0, 1, 2]));
      return inner.split('\n').map((l) => ind(ws) + pick(['> ', '> ', '>', ' > ']) + l).join('\n') + (rnd() < 0.1 ? `\n${ind(ws)}lazy` : '');
    }
    const r = rnd();
    if (r < 0.3) return Array.from({ length: 1 + Math.floor(rnd() * 3) }, () => ind(ws + (rnd() < 0.2 ? pick([2, 4, 5]) : 0)) + inline() + (rnd() < 0.15 ? '  ' : rnd() < 0.1 ? ' ' : '')).join('\n');
    if (r < 0.4) return `${ind(ws)}${'#'.repeat(1 + Math.floor(rnd() * 6))} ${inline()}`;
    if (r < 0.42 && !markdown) return `${ind(ws)}{/* a comment */}`;
    if (r < 0.44) return ind(ws) + pick(['---', '***', '___', '- - -', '* * *', ' ---']);
    if (r < 0.55) {
      const marker = pick(['-', '*', '+', '1.', '3)']);
      const items: string[] = [];
      for (let i = 0, n = 1 + Math.floor(rnd() * 3); i < n; i++) {
        const m = marker === '1.' ? `${i + 1}.` : marker === '3)' ? `${i + 3})` : marker;
        if (i > 0 && rnd() < 0.15) items.push(''); // a loose list
        items.push(`${ind(ws)}${m} ${inline()}`);
        if (rnd() < 0.3) items.push(ind(ws + m.length + 1) + inline());
        if (rnd() < 0.1) items.push(ind(ws + pick([0, 1, m.length])) + inline()); // a lazy line
        if (rnd() < 0.05) items.push(ind(ws + pick([1, m.length])) + pick(['* ', '+ ', '1) ', '- ']) + inline()); // an item short of the content
        if (rnd() < 0.12) items.push('', ind(ws + m.length + 1) + inline()); // a spread item
        if (rnd() < 0.2 && depth < 3) items.push(block(depth + 1, ws + m.length + 1));
      }
      return items.join('\n');
    }
    if (r < 0.65) {
      const f = pick(['```', '````', '~~~']);
      return `${ind(ws)}${f}${pick(['', 'js', 'bash cURL', 'python title="x" {1,3}', 'bash New ', 'js a  '])}\n${ind(ws)}const a = 1;\n${ind(ws)}  if (x) {}\n\n${ind(ws)}\t tab\n${ind(ws)}${f}`;
    }
    if (r < 0.72) {
      const cols = 1 + Math.floor(rnd() * 3);
      const row = () => `| ${Array.from({ length: cols }, () => inline()).join(' | ')} |`;
      return [row(), `|${Array.from({ length: cols }, () => pick(['---', ':--', '--:', ':-:'])).join('|')}|`, row(), row()].map((l) => ind(ws) + l).join('\n');
    }
    if (r < 0.92 && depth < 3 && !markdown) {
      const name = pick(['Note', 'Card', 'Steps', 'Step', 'Tabs', 'Tab', 'div', 'Accordion', 'CardGroup', 'Tree.Folder']);
      const attrs = pick(['', ' title="T"', ' cols={2}', ' title="A" icon="book" href="/x"', ' title="Q &amp; A &#x22;x&#x22; & b"', ' defaultOpen', ' items={["a", "b"]}', ' style={{ color: "red" }}',
        `\n${ind(ws + 2)}title="multi"\n${ind(ws + 2)}icon="x"\n${ind(ws)}`, `\n${ind(ws + 2)}style={{\n${ind(ws + pick([0, 1, 3, 4, 5]))}color: \`a\n${ind(ws + pick([1, 2, 4]))}b\`,\n${ind(ws + pick([0, 2, 3]))}}}\n${ind(ws)}`]);
      if (rnd() < 0.15) return `${ind(ws)}<${name}${attrs} />`;
      const inner = Array.from({ length: 1 + Math.floor(rnd() * 3) }, () => block(depth + 1, ws + pick([2, 4, 4, 6]))).join(pick(['\n\n', '\n']));
      return `${ind(ws)}<${name}${attrs}>\n${inner}\n${ind(ws)}</${name}>`;
    }
    return markdown ? `${ind(ws)}${inline()}` : `${ind(ws)}<Note>${inline()}</Note>${rnd() < 0.3 ? ' tail' : ''}`;
  };
  let accepted = 0;
  const mismatches: string[] = [];
  for (let i = 0; i < documents; i++) {
    const head = (!markdown && rnd() < 0.3 ? '---\ntitle: "x"\n---\n\n' : '') + (!markdown && rnd() < 0.2 ? pick(['import A from "/snippets/a.mdx"\n\n', 'export const b = { c: [1] } // d\nimport E from "/e.mdx"\n\n', 'export const a = 1\n']) : '');
    const source = head + Array.from({ length: 1 + Math.floor(rnd() * 6) }, () => block(0, 0)).join(pick(['\n\n', '\n\n', '\n'])) + '\n';
    const result = markdown ? compareMarkdown(source) : compare(source);
    if (result === 'same') accepted++;
    else if (result !== 'fallback') mismatches.push(source);
  }
  return { documents, accepted, mismatches };
}
