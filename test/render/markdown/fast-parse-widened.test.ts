/**
 * Differential cases for the constructs the fast parser took over from micromark to keep
 * more real pages on the fast path (issue 21): each shaped after what real Mintlify sites
 * write (never their text), with the CommonMark/MDX edge cases around it. An accepted case
 * must build micromark's exact tree; a fallback case must make the fast parser give up.
 */
import { describe, expect, it } from 'vitest';
import { fastParse } from '../../../src/render/markdown/fast-parse.js';
import { compare } from '../../helpers/mdast-compare.js';

/** [construct, sources the fast parser must accept and parse as micromark does, sources it must leave to micromark] */
const CASES: [string, string[], string[]][] = [
  [
    'a table right after a paragraph line',
    [
      'To set up SSO:\n| Field | Value |\n| --- | --- |\n| `issuer` | Your IdP |',
      'Two lines\nof text\n|a|b|\n|-|:-:|\n|1|2|\n\nAfter.',
      '> Quoted text\n> | a |\n> |---|\n> | 1 |',
      '- item\n  text\n  | a |\n  |---|',
      'Text | with pipe\n| a |\n|---|',
    ],
    ['- item\n| a |\n|---|', '> q\n| a |\n|---|', 'Text\n| a | b |\n|---|', 'Text\n| a |\t\n|---|'],
  ],
  [
    'GFM strikethrough of plain text',
    [
      'The ~~old~~ new way, and ~one~ tilde.',
      '**Bold** then ~~struck out text~~, a [link](/x) and `code`.',
      '- ~~done item~~\n- open item\n\n| a | b |\n|---|---|\n| ~~x~~ | y |',
      '## ~~Heading~~ text\n\n> quoted ~~words~~ here',
      '~~a~ b and ~~a~~~',
      '<Note>\n  A ~~note~~ in a component.\n</Note>',
      '(~~in parentheses~~) and "~~quoted~~"',
      // next to `*` or `_`: the tilde, an attention marker, changes their flanking (micromark's attention), not its own
      '**~~bold and strikethrough~~**<br />\n*~~italic and strikethrough~~*',
      '*~~a~~* and _~~a~~_ and a**~~b~~**c and 語**~~三~~**語 and *~~a~~ ~~b~~*',
      '~~a~~**b** and **a**~~b~~\n\nx*~a~*y\n\na~*b*~c\n\n~a~*b*',
    ],
    [
      '~~a **b**~~',
      '~~a~~b~~c~~ and ~~d~~.',
      'about ~50 ms or ~~x~~',
      '~~a\nb~~',
      '**~~a**~~',
      '~~**a~~**',
      'a ~~b~~c ~~d',
      '~~[a](/b)~~',
      '~~a `b`~~',
    ],
  ],
  [
    'a comment on its own line right after text (a flow expression ending the block)',
    [
      'Tiers include the same targets. {/* vale Will = NO */}\nWe will meet the following levels:\n{/* vale Will = YES */}\n\n| Priority | Response |\n|---|---|\n| P0 | 15 minutes |',
      '## Get started\n\n{/* vale Terms = NO */}\nContact your account team to add support.\n{/* vale Terms = YES */}',
      '| a |\n|---|\n| 1 |\n{/* after the table */}\nText',
      '| a |\n|---|\n{/* c */}',
      '- item\n{/* after the list */}\n- next',
      '1. a\n{/* c */}\ntext and\n- item\n  {/* inside the item */}\n- next',
      '> quoted\n{/* after the quote */}',
      'Text\n  {/* indented */}  \nmore',
      '<Note>\n  Text in a component\n  {/* c */}\n</Note>',
    ],
    ['Text\n{1 + 1}\nmore', 'Text\n{/* a */} {/* b */}\nmore', 'Text\n{/* a */} tail', 'Text\n{/* a\nb */}', '- item\n{x}'],
  ],
  [
    'GFM task items',
    [
      '- [ ] Write the guide\n- [x] Review it\n- [X] Publish',
      '1. [ ] first\n2. [x] second with `code` and **bold**\n   continued\n\n3. [ ] loose',
      '- [ ] **Bold** first, then text\n- [x] [a link](/x) first\n- [ ] `code` first',
      '- [x] done\n  - [ ] nested task\n  - plain nested\n- [ ] [ ] two checks',
      '<Steps>\n  - [ ] inside a component\n  - [x] second\n</Steps>',
      '> - [ ] quoted task\n> - [x] and another',
      '- [ ] an item\nwith a lazy line\n- [x] next',
      '- plain\n- [ ] then a task',
      '- [ ] # not a heading, text',
      '- [x]text, no check\n- [y] not a check either',
    ],
    ['- [ ]  two spaces', '- [ ]\ttab', '- [ ]', '- [ ]\n  text below', '[x]: /def\n\n- [x] with a definition'],
  ],
  [
    'emphasis runs between letters (CJK text)',
    [
      '設定で**重要**を確認し、**次へ**を押します。',
      '<Tip>\n  ゲームでは**頻度**を考慮します。\n</Tip>',
      '- **項目**から**設定**を選ぶ\n- コードは**不要**です',
      'a*b*c and x**y**z and *a*b',
      '語*強調*語 and 語__x__語 and "_q_"x',
      '**\\[Auth]**、**\\[Fail]** の各',
      '前 **`code`** 後 and 前*リンク*後',
      '語***三***語 and 語___三___語',
      // a run after `。` before a letter can only open: with no run after it able to close, both are text
      '- **在发布前让支持团队成员审查新页面。**他们会迅速发现。\n- **在写作简报中包含受众假设。**声明可以保持针对性。',
      '**a。**b **c。**d and *a。*b and __a。__b',
      // a run that can only close, with none before it able to open: text
      '<Frame>\n  ![Page « /.well-known/* » et « x ».](/i.png)\n</Frame>',
      'a /* b\n\na/* b *c*\n\nx/** y\n\na_ b\n\na_b_c_\n\n前**`code`**後',
    ],
    ['a**b*c', 'a*b**c**', '語**強調*語', 'a*b *c*', 'x **a。**b **c** d', '**a。**b *c*', '**a。**b `x**`'],
  ],
  [
    'tags followed by an expression on one line (flow in micromark)',
    ['Text\n<Icon icon="check" /> more text'],
    ['Text\n<Icon icon="check" /> {/* c */}', '<Icon icon="check" /> {/* c */}\n\nText'],
  ],
  [
    'lazy continuation lines of list items and block quotes',
    [
      '1. Select the project.\n2. Click **Deploy**.\n  This may take a few minutes.\n3. Done.',
      '- An item whose text\nwraps without indentation\n- and `code` that\ncontinues',
      '- a\n  - nested\nlazy of nested\n- b',
      '- a\n lazy with one space\n  - nested\n\n- loose',
      '>[Tool](https://t.example/) is a platform for\nteams, and more.\n>\n>Second paragraph.',
      '> Note: a message saying `"too long\nfor one line"` can be ignored\n[here](/x).',
      '> - quoted item\nlazy in the item\n> > nested quote\nlazy in the nested quote',
      '<Note>\n  - a list in a component\n  lazy\n</Note>',
      'Text\n- item\nlazy <Badge>new</Badge> text\n# Heading',
      '- item\n:::python\n- next',
      '- a\n2. a new list, not a lazy line',
      '- a\n> a quote after an item',
    ],
    [
      '- item\n---',
      '- item\n===',
      '- a | b\n|---|---|',
      '> a | b\n|---|---|',
      '- # heading\nnot lazy',
      '> ```js\n> x\n> ```\nafter a fence',
      '- <Note>\n  a\nlazy\n  </Note>',
      '- a\n{c}',
      '> a\n{x}',
      '> a\n    - b',
      '- item\n<Tab\n  title="x"\n>\n</Tab>',
    ],
  ],
  [
    'code spans running over indented lines',
    [
      '<ParamField path="--deployment" type="str">\n  Filter by deployment (from `tool\n  cloud agent list`).\n</ParamField>',
      'A `span  \n   over` lines and ` a\n b ` and `x\ny` and `span \\\nx`',
      '- item with `code\n   over lines`\n- `a\nb`',
      '> quoted `code\n>   over` lines',
      '- item with `code\n lazily` over lines',
      '<Tip>\n  <Note>\n    Run `uv tool\n    install` once.\n  </Note>\n</Tip>',
    ],
    ['A `\nspan` here', 'A `span\n` here'],
  ],
  [
    'character references and ampersands in JSX attribute values',
    [
      '<Step title="Add Payment & Configure">\n  Text\n</Step>',
      '<PreviewButton href="https://e.example/install?name=x&config=eyJ1cmwi">Add</PreviewButton>',
      '<Tooltip tip="The branch, usually &quot;main&quot;.">branch</Tooltip> and <Card title="A &amp; B &#x22;c&#x22; &#39;d&#39;" />',
      '<Field type="&#x22;a&#x22; | &#X22;b&#X22;" name=\'x &&amp; y\' />',
      '<Card title="&copy &amp x & y;" />',
    ],
    ['<Card title="&frac12;" />', '<Card title="&#;" />', '<Card title="&#12a;" />', '<Card title="&amp1;" />', '<Card title="&#0;" />', '<Card title="a\nb" />'],
  ],
  [
    'links: an image in the text, titles, parentheses in the destination',
    [
      '[![Open in a sandbox](https://e.example/badge.svg)](https://e.example/new?quickstart=1)',
      '[![a](/a.png) and **b**](/b) then ![c](/c.png "C title")',
      '## Explore the results[\u200b](#explore-the-results "Direct link to Explore the results")',
      '>[Messenger](https://en.example.org/wiki/Messenger_(software)) is an app, [x](/a_(b)_(c(d)))',
      "[t](/u 'single') and [t](/u   \"spaced\"  ) and [t](/u \"it's *not* em\")",
      '- [Item](/a "T") in a list\n\n| A | B |\n|---|---|\n| [c](/c "C") | ![d](/d.png) |',
    ],
    [
      '[t](/u "a\\"b")',
      '[t](/u "a &amp; b")',
      '[t](/u (paren title))',
      '[t]( "no destination")',
      '[t](/u "unclosed)',
      '[t](/u "t" x)',
      '[t](/a(b)',
      '[t](/a(b c))',
      '[t](/u "two\nlines")',
      '[![a] b](/b)',
      '[a [b](/b)](/c)',
      '![![a](/a)](/b)',
    ],
  ],
  [
    'dollar signs: prices and shell variables, and math',
    [
      'You are given $10 in free credits.',
      '| Credits | Cost |\n|:--|:--|\n| 15,000 | $145 |\n| 40,000 | $370 |',
      '> A [$TOKEN token](/t), then $$ alone',
      'An escaped \\$x and `$HOME` and <Badge tip="$5">x</Badge> $y',
      'Average order value\n$85, paid in $$ only.',
      '- $5 / 1k traces\n- costs `$` and $$$',
      // runs that pair are math (micromark-extension-math: inline as code spans pair, blocks as fences)
      'From $5 to $10',
      '$x$ and more, a $ b `code $` c, $a [b](/x$y), cost $$5 and $$6',
      '$$\nx\n$$',
      'The theorem states that $(a^2 + b^2 = c^2)$ in a right triangle.\n\n$$\nE = mc^2\n$$',
      'a $$x$$ b and $ y $ and $$ $$, x $a\nb$ y, x $a\\$ b$, *$a$*, [$a$](u), $`a`$, \\$a$\n\n> $a\n> b$',
      '$$ meta here  \nx\n  y\n$$\n\n$$$\nx\n$$\n$$$\n\n  $$\n  x\n y\n  $$\n\n$$\n\nx\n\n$$\n\n- $$\n  x\n    $$\n\n<Note>\n  $$\n  x^2\n  $$\n</Note>',
    ],
    [
      'Text\n$$\nmath\n$$',
      'a [$T](/t) and `$HOME`',
      // math in a table row (micromark splits the row at its pipes), a math block unclosed or with a dollar in its meta
      '| $a|b$ | c |\n|---|---|',
      '$$\nx',
      '$$ a$b\nx\n$$',
    ],
  ],
  [
    'tables ended by a block without a blank line',
    [
      '| Class | Package |\n| :--- | :---: |\n| [Loader](/l) | `pkg` |\n### Loader features\n| Source | Async |\n| :---: | :---: |\n| Loader | ✅ |',
      '| a | b |\n|---|---|\n| `x` | y |\n`z` | w\n```js\ncode\n```',
      '| a |\n|---|\n| 1 |\n> quoted\n\n| a |\n|---|\n| 1 |\n- item\n\n| a | b |\n|---|---|\n#tag | 2\n<Note>\n  x\n</Note>',
      '- | a | b |\n  |---|---|\n  | 1 | 2 |\n  ## heading in the item',
    ],
    ['| a | b |\n|---|---|\nno pipe', '| a |\n|---|\n<Icon /> | x', '| a |\n|---|\n---', '| a |\n|---|\n{x}', '| a |\n|---|\n2. two', '> | a |\n> |---|\nlazy'],
  ],
  [
    'an item of another kind short of the item content (a list of its own)',
    [
      '1. **Provider** (IdP)\n  * A service that manages identities\n  * Handles login\n2. **Backend**\n  * Your application',
      '<Steps>\n  <Step title="Configure">\n    1. Go to the dashboard.\n    2. Configure these fields:\n      * **URL**: the endpoint.\n      * **Client ID**: the identifier.\n  </Step>\n</Steps>',
      '- a\n 1. b\n- c',
      '1. a\n  - b\n  + c\n3) d',
      '* a\n - b\n * c',
      // after a blank line too: short of the item's content, a line starts a block of the parent
      '1. a\n\n  * b',
      '- a\n\n b not in the item\n\n10. a\n\n   b\n\n1. a\n2. b\n\n  ```json\n  {}\n  ```',
      // an item of the list's kind short of the last item's content is a sibling, at any indentation
      '- a\n - b\n\n1. a\n 2. b\n\n- a\n  * b\n - c',
      '1. a\n\n  1. b\n\n- a\n\n - b\n\n   c',
      '5. Verify:\n   - a direct message.\n    - a mention with `@mintlify`.\n\n1. a\n  2. b\n    3. c\n\n10. a\n   11. b',
      '<Steps>\n  <Step>\n    1. Create a `.vscode/mcp.json` file.\n    2. In `mcp.json`, configure your server:\n\n      ```json\n      {}\n      ```\n  </Step>\n</Steps>',
    ],
    // a tab before a sibling: its columns are micromark's
    ['- a\n\n\t- b', '- a\n\t- b', '1. a\n \t2. b'],
  ],
  [
    'member names of components',
    [
      '<Tree>\n  <Tree.Folder name="app" defaultOpen>\n    <Tree.File name="layout.tsx" />\n  </Tree.Folder>\n</Tree>',
      '<Color variant="compact">\n  <Color.Row title="Primary">\n    <Color.Item name="blue-500" value="#3B82F6" />\n  </Color.Row>\n</Color>',
      'Text <GitHub.Repo name="a/b" /> and <A.B.C>x</A.B.C>.',
    ],
    ['<Tree.Folder>\n</Tree.File>', '<Tree. File />', '<Tree .File />', '<Tree.\nFile />', '<a-b.c />', '<a.b-c />', '<svg:rect />', '<Tree.5 />', 'Text <A.B>x</A> more'],
  ],
  [
    'emphasis openers no run after them can close (text)',
    [
      'For all __ModuleName__Loader features, see the reference.',
      '- C (*)\n- C++ (*)\n- COBOL',
      '>*An Atlas cluster running version 6.0 or later.',
      'x **y**z __init__ done',
      'x**y',
      '**a**b**c',
      '*a b* c *d and __a and b__c',
      '*a `*` b',
      '**a** **b',
      '*a b\\*',
      '*unclosed',
      '*a ` b* c `',
    ],
    ['**a *b**', '*a [x](/y) b *c*', '*a __b* c and **x _y** z', '[a *b](/x) and `*` and \\*'],
  ],
  [
    'tabs pasted into prose, and a paragraph indented with a tab at the left edge',
    [
      '- `Default (*)`\t- La página de inicio de tu sitio web',
      '<Frame>\n\t![CloudFront "Behaviors" tab highlighted.](/images/cloudfront/behaviors.png)\n</Frame>',
      'a b\tc and **a b**\tc, a b\t*c*, `a b\tc`, a b\t&amp; c\n\n# a b\tc\n\n1. a b\tc\n2. d\n\n> a b\tc\n\n- a\n\n  b c\td',
      '\tText led by a tab\nand more\n\n \t "Quoted" text\n\n<Note>\n  \tText in a note\n</Note>',
      '```\na b\tc\n```',
    ],
    [
      // a tab as a marker's spacing, in a fence's info, at a line's end or start (but a paragraph's at the edge),
      // where it is spacing (tables, tags, expressions, link destinations), before a task's text
      '#\ta', '-\ta', '>\ta', 'a\tb', 'a b\t', 'a b  \t\nc', 'Text\n\tmore', '\t# not a heading', '\t- not an item',
      '\tName | Value\n---|---', '``` js\tx\ncode\n```', '```js x\ty\ncode\n```', '| a b\tc | d |\n|---|---|', 'a b\t<X />', 'a b\t{x}',
      'a [b](c\td)', '- [ ]\ttask after a tab', '- a b\n\tc', '\t![a](b) and c\td',
    ],
  ],
];

describe('fastParse on constructs widened for real pages', () => {
  for (const [construct, accepted, fallback] of CASES) {
    describe(construct, () => {
      it.each(accepted.map((s) => [s]))('accepts %j and agrees with micromark', (source) => {
        expect(compare(source)).toBe('same');
      });
      it.each(fallback.map((s) => [s]))('leaves %j to micromark', (source) => {
        expect(fastParse(source)).toBeNull();
      });
    });
  }
});
