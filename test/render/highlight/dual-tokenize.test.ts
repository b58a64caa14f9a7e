/**
 * tokenizeDual against Shiki's public dual-theme API: for every supported grammar, the
 * same text, the same light and dark colour and the same font style on every character
 * as codeToTokensWithThemes gives (which runs the grammar once per theme). This is the
 * check on theme-match.ts, the one module below Shiki's documented API.
 */
import { serialize } from 'node:v8';
import { describe, expect, it } from 'vitest';
import { oneByteLines, tokenizeDual } from '../../../src/render/highlight/dual-tokenize.js';
import { DARK_THEME, ensureLanguages, LIGHT_THEME, SUPPORTED_LANGUAGES } from '../../../src/render/highlight/highlighter.js';
import { createHighlighterCore } from 'shiki/core';
import { createJavaScriptRegexEngine } from 'shiki/engine/javascript';

const SAMPLES: [string, string][] = [
  ['typescript', "import { x } from './y';\nconst a: number = await x({ key: process.env.KEY!, n: 3 });\n// comment\nexport default a;"],
  ['shellscript', 'curl -X POST "$BASE/v1/jobs" \\\n  -H "Authorization: Bearer $KEY" \\\n  -d \'{"a": 1}\''],
  ['json', '{\n  "jobId": "se_1",\n  "n": [1, true, null]\n}'],
  ['python', 'import os\nwhile True:\n    r = get(f"{BASE}/x", headers={"a": os.environ["K"]})\n    break  # done'],
  ['go', 'package x\n\nfunc F(a string) error {\n\treturn nil\n}'],
];

/** Text in many languages' syntax at once: every grammar finds comments, strings, keywords and numbers in it. */
const MIXED = [
  '# comment', '// comment', '/* block */ -- dash comment', '<!-- markup comment -->',
  'import os from "x"; const a = 1.5e3; let b = \'str\' + `tmpl ${a}`;',
  'def f(x): return x * 2  # trailing',
  'fn main() -> Result<(), E> { println!("hi {}", x); }',
  'public static void main(String[] args) { System.out.println(args[0]); }',
  '<div class="a" id=\'b\'>text &amp; <b>bold</b></div>',
  'key: value', '[section]', 'name = "quire"', 'SELECT * FROM t WHERE id = 42;',
  '$ curl -X POST https://example.com -H "A: b" | jq .',
  '@media (min-width: 10px) { .a { color: #fff; } }',
  '\\begin{equation} x^2 \\end{equation}', '**bold** _italic_ `code` [link](https://x.y)',
  '+ added line', '- removed line', 'GET /v1/items HTTP/1.1', 'model User { id Int @id }',
].join('\n');

interface CharStyle {
  light: string;
  dark: string;
  fontStyle: number;
}

/** Per non-space character, its colours and font style: token boundaries may differ, what a reader sees may not. */
function perCharacter(lines: { content: string; style: CharStyle }[][]): string {
  return lines.map((l) => l.flatMap((t) => [...t.content].map((c) => (/\s/.test(c) ? '_' : `${t.style.light}/${t.style.dark}/${t.style.fontStyle}`.toUpperCase()))).join('|')).join('\n');
}

describe('tokenizeDual', () => {
  it('colours every character as Shiki does in both themes, for every supported grammar', async () => {
    const samples: [string, string][] = [...SAMPLES, ...SUPPORTED_LANGUAGES.map((lang): [string, string] => [lang, MIXED])];
    const h = await ensureLanguages(SUPPORTED_LANGUAGES);
    let styled = 0;
    for (const [lang, code] of samples) {
      const mine = tokenizeDual(h, code, lang, LIGHT_THEME, DARK_THEME);
      expect(mine.map((l) => l.map((t) => t.content).join('')).join('\n')).toBe(code);
      const ref = h.codeToTokensWithThemes(code, { lang, themes: { light: LIGHT_THEME, dark: DARK_THEME }, tokenizeTimeLimit: 0 });
      const expected = perCharacter(ref.map((l) => l.map((t) => {
        const light = t.variants.light;
        const dark = t.variants.dark;
        return { content: t.content, style: { light: light.color ?? '', dark: dark.color ?? '', fontStyle: (light.fontStyle ?? 0) | (dark.fontStyle ?? 0) } };
      })));
      expect(perCharacter(mine.map((l) => l.map((t) => ({ content: t.content, style: t })))), lang).toBe(expected);
      styled += new Set(expected.split(/[|\n]/)).size;
    }
    // the samples do reach many different styles, not one default colour
    expect(styled).toBeGreaterThan(SUPPORTED_LANGUAGES.length * 4);
  });

  it('hands the grammar each line one byte per character when it has no character past U+00FF', async () => {
    // V8's serializer writes a string with the tag of its representation: '"' one-byte, 'c' two-byte.
    const representation = (s: string) => (serialize(s)[2] === 0x22 ? 'one-byte' : 'two-byte');
    const page = 'Intro with an arrow \u2192 and caf\u00e9.\n```ts\nconst a = 1; // d\u00e9j\u00e0\r\nlet b = "\u2713";\n// a comment line\nreturn a + b;\n```\n';
    const code = page.slice(page.indexOf('ts\n') + 3, page.lastIndexOf('\n```'));
    const sliced = code.split(/\r\n|\r|\n/);
    // a slice of a page with an arrow is two-byte, even its plain ASCII lines (of 13 characters or more: V8 copies shorter ones)
    expect(sliced.map(representation)).toEqual(['two-byte', 'two-byte', 'two-byte', 'two-byte']);
    const lines = oneByteLines(code);
    expect(lines).toEqual(sliced);
    expect(lines.map(representation)).toEqual(['one-byte', 'two-byte', 'one-byte', 'one-byte']);
    // a block with only Latin-1 characters: every line one-byte
    const latin = page.slice(0, page.indexOf('\u2713')).slice(page.indexOf('const'));
    expect(representation(latin)).toBe('two-byte');
    expect(oneByteLines(latin).map(representation)).toEqual(['one-byte', 'one-byte']);
    // and the colours do not depend on how the code was held
    const h = await ensureLanguages(['typescript']);
    const copy = Buffer.from(code, 'utf16le').toString('utf16le');
    expect(tokenizeDual(h, code, 'typescript', LIGHT_THEME, DARK_THEME)).toEqual(tokenizeDual(h, copy, 'typescript', LIGHT_THEME, DARK_THEME));
  });

  it('takes a line met again in an equal state from the lines tokenized before, and only then', async () => {
    // The same lines inside and outside a block comment, a template literal and a JSX element: the state decides.
    const blocks = [
      'const a = 1;\nconst b = `x\nconst a = 1;\n`;\nconst a = 1;',
      '/*\nconst a = 1;\n*/\nconst a = 1;\nreturn <div>\nconst a = 1;\n</div>;',
      'const a = 1;\n/*\nconst a = 1;\n*/',
      'const b = `x\nconst a = 1;\n`;\nconst a = 1;',
    ];
    const h = await ensureLanguages(['tsx']);
    const grammar = h.getLanguage('tsx');
    const tokenize = grammar.tokenizeLine.bind(grammar);
    let tokenized = 0;
    grammar.tokenizeLine = (...args: Parameters<typeof tokenize>) => {
      tokenized++;
      return tokenize(...args);
    };
    // A highlighter of its own for each block: nothing kept from another block.
    const fresh = async (code: string) => {
      const own = await createHighlighterCore({
        themes: [import('@shikijs/themes/github-light'), import('@shikijs/themes/github-dark')],
        langs: [import('@shikijs/langs/tsx')],
        engine: createJavaScriptRegexEngine({ forgiving: true }),
      });
      return tokenizeDual(own, code, 'tsx', LIGHT_THEME, DARK_THEME);
    };
    try {
      for (const code of [...blocks, ...blocks]) expect(tokenizeDual(h, code, 'tsx', LIGHT_THEME, DARK_THEME), code).toEqual(await fresh(code));
    } finally {
      grammar.tokenizeLine = tokenize;
    }
    // the comment's and the template's `const a = 1;` differ from the code's
    const [, commentBlock] = blocks;
    const lines = tokenizeDual(h, commentBlock, 'tsx', LIGHT_THEME, DARK_THEME);
    expect(lines[1]).not.toEqual(lines[3]);
    // 20 lines a round, 13 of them distinct with their states; the second round tokenized nothing
    expect(tokenized).toBe(13);
  });
});
