/**
 * A small tokenizer for the request samples Quire generates itself (cURL, Python,
 * JavaScript, Go, ...). Their shape is known and simple, and running the full TextMate
 * grammars over four samples per operation cost most of an endpoint page's render time,
 * so they are coloured here with the same GitHub Light/Dark palette and the same markup
 * (token classes, see highlight/token-classes.ts) as the shared shiki highlighter, which still
 * handles the document's own `x-codeSamples` and the JSON examples.
 */
import { copyButton } from '../highlight/code-block.js';
import { uiStrings, type UiStrings } from '../layout/ui-strings.js';
import { tokenClass, tokenStyle } from '../highlight/token-classes.js';
import { esc } from './html.js';

type Kind = 'plain' | 'keyword' | 'string' | 'constant' | 'func' | 'comment' | 'variable';

/** GitHub Light / GitHub Dark, as in shiki's `github-light` and `github-dark` themes. */
const PALETTE: Record<Kind, [string, string]> = {
  plain: ['#24292E', '#E1E4E8'], keyword: ['#D73A49', '#F97583'], string: ['#032F62', '#9ECBFF'], constant: ['#005CC5', '#79B8FF'],
  func: ['#6F42C1', '#B392F0'], comment: ['#6A737D', '#6A737D'], variable: ['#E36209', '#FFAB70'],
};

interface Grammar { pattern: RegExp; keywords: Set<string>; constants: Set<string> }

const words = (s: string) => new Set(s.split(' '));
const STRINGS = String.raw`'(?:[^'\\]|\\[\s\S])*'|"(?:[^"\\]|\\[\s\S])*"`;
const NUMBER = String.raw`\b\d+(?:\.\d+)?\b`;
const OPERATORS = String.raw`:=|=>|===|!==|==|!=|=`;
// Group order: 1 comment, 2 string, 3 number, 4 identifier followed by "(", 5 identifier, 6 flag (shell), 7 operator.
const grammar = (comment: string, strings: string, keywords: string, constants: string, extra = '(?!)', operators = OPERATORS): Grammar => ({
  pattern: new RegExp(String.raw`(${comment})|(${strings})|(${NUMBER})|([A-Za-z_$][\w$]*)(?=\()|([A-Za-z_$][\w$]*)|(${extra})|(${operators})`, 'g'),
  keywords: words(keywords), constants: words(constants),
});

const GRAMMARS: Record<string, Grammar> = {
  bash: grammar(String.raw`(?<=^|\s)#[^\n]*`, STRINGS, 'if then else fi for do done in', 'true false', String.raw`(?<=\s)--?[A-Za-z][\w-]*`, '(?!)'),
  python: grammar('#[^\\n]*', String.raw`[rbf]?"""[\s\S]*?"""|[rbf]?'''[\s\S]*?'''|[rbf]?(?:${STRINGS})`, 'import from as def return if elif else for in while try except with class and or not is lambda pass raise', 'True False None'),
  javascript: grammar(String.raw`\/\/[^\n]*|\/\*[\s\S]*?\*\/`, `${STRINGS}|\`(?:[^\`\\\\]|\\\\[\\s\\S])*\``, 'const let var await async try catch finally new return function if else throw import from export of in for while typeof', 'true false null undefined'),
  go: grammar(String.raw`\/\/[^\n]*|\/\*[\s\S]*?\*\/`, `${STRINGS}|\`[^\`]*\``, 'package import func defer return if else for range var const type struct go', 'nil true false'),
};
// JSON text that Quire printed itself (JSON.stringify of an example): keys, strings, literals.
GRAMMARS.json = { pattern: /("(?:[^"\\]|\\.)*")(?=\s*:)|("(?:[^"\\]|\\.)*")|(-?\d+(?:\.\d+)?(?:[eE][+-]?\d+)?)|()(?!)|(true|false|null)|()(?!)|()(?!)/g, keywords: new Set(), constants: words('true false null') };
GRAMMARS.shell = GRAMMARS.bash;
GRAMMARS.sh = GRAMMARS.bash;

export function canHighlightSample(lang: string): boolean {
  return Object.prototype.hasOwnProperty.call(GRAMMARS, lang);
}

function span(kind: Kind, text: string): string {
  const [light, dark] = PALETTE[kind];
  const cls = tokenClass(light, dark, 0);
  return `${cls === undefined ? `<span style="${tokenStyle(light, dark, 0)}">` : `<span class="${cls}">`}${esc(text)}</span>`;
}

/** Splits tokens at newlines into `<span class="line">` rows, as the shared highlighter does. */
function toLines(tokens: [Kind, string][]): string {
  const lines: string[] = [''];
  for (const [kind, text] of tokens) {
    text.split('\n').forEach((part, i) => {
      if (i > 0) lines.push('');
      if (part) lines[lines.length - 1] += span(kind, part);
    });
  }
  return lines.map((l) => `<span class="line">${l}</span>`).join('\n');
}

export function tokenizeSample(code: string, lang: string): [Kind, string][] {
  const g = GRAMMARS[lang];
  const tokens: [Kind, string][] = [];
  let last = 0;
  let lineStart = true;
  const push = (kind: Kind, text: string) => {
    if (!text) return;
    const prev = tokens[tokens.length - 1];
    if (prev && prev[0] === kind) prev[1] += text;
    else tokens.push([kind, text]);
  };
  for (const m of code.matchAll(g.pattern)) {
    const between = code.slice(last, m.index);
    push('plain', between);
    if (between.includes('\n')) lineStart = true;
    const [text, comment, string, number, call, ident, flag, operator] = m;
    let kind: Kind = 'plain';
    if (comment) kind = lang === 'json' ? 'constant' : 'comment'; // JSON keys take the constant colour, as in shiki's themes
    else if (string) kind = 'string';
    else if (number) kind = 'constant';
    else if (flag) kind = 'constant';
    else if (operator) kind = 'keyword';
    else {
      const id = call ?? ident ?? '';
      if (g.keywords.has(id)) kind = 'keyword';
      else if (g.constants.has(id)) kind = 'constant';
      else if (call || (lang === 'bash' && lineStart && g === GRAMMARS.bash)) kind = 'func';
    }
    push(kind, text);
    lineStart = false;
    last = m.index + text.length;
  }
  push('plain', code.slice(last));
  return tokens;
}

/** The same block markup as the shared highlighter's bare code blocks. */
export function highlightSample(code: string, lang: string, ui: UiStrings = uiStrings()): string {
  return `<div class="q-code" data-code data-lang="${esc(lang)}">${copyButton(ui)}<pre class="q-code-pre shiki" data-lang="${esc(lang)}" tabindex="0"><code>${toLines(tokenizeSample(code, lang))}</code></pre></div>`;
}
