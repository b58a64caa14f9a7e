/**
 * Character classes of the fast Markdown parser (fast-parse.ts), the character references
 * it decodes, and the one inline question it answers without walking the content: whether
 * a block's tildes can make GFM strikethrough at all (tildesMayStrike below).
 */

export const WHITESPACE = 1;
export const PUNCTUATION = 2;

/** A 128-entry table marking the ASCII characters of `chars`. */
export function stopTable(chars: string): Uint8Array {
  const table = new Uint8Array(128);
  for (const c of chars) table[c.charCodeAt(0)] = 1;
  return table;
}

/**
 * The same characters as a global class: set its lastIndex and test() to find the next one
 * of them. The regex engine skips the characters between far faster than a loop over each.
 */
export function stopPattern(chars: string): RegExp {
  return new RegExp(`[${[...chars].map((c) => `\\x${c.charCodeAt(0).toString(16).padStart(2, '0')}`).join('')}]`, 'g');
}

export const ASCII_PUNCT_CODES = stopTable('!"#$%&\'()*+,-./:;<=>?@[\\]^_`{|}~');

/** micromark's classifyCharacter for one UTF-16 unit (`\s`, then `\p{P}|\p{S}`, as micromark-util-character 2). */
export function classify(code: number): number {
  if (code < 128) return code === 32 || (code >= 9 && code <= 13) ? WHITESPACE : ASCII_PUNCT_CODES[code] ? PUNCTUATION : 0;
  const c = String.fromCharCode(code);
  return /\s/.test(c) ? WHITESPACE : /\p{P}|\p{S}/u.test(c) ? PUNCTUATION : 0;
}

/**
 * Whether the delimiter run of `n` x `ch` at `s[p]` can open and close emphasis (CommonMark's flanking rules,
 * as micromark-core-commonmark's attention applies them: a run before a tilde, GFM strikethrough's
 * attention marker, can open, one after a tilde can close).
 * Characters are classified one UTF-16 unit at a time with micromark's own tests
 * (micromark-util-classify-character), so a surrogate half counts as a letter there too.
 */
export function flanking(s: string, p: number, n: number, ch: string): { open: boolean; close: boolean } {
  const before = p > 0 ? s.charCodeAt(p - 1) : 10;
  const after = p + n < s.length ? s.charCodeAt(p + n) : 10;
  const kindBefore = classify(before);
  const kindAfter = classify(after);
  const wsBefore = kindBefore === WHITESPACE;
  const wsAfter = kindAfter === WHITESPACE;
  const punctBefore = kindBefore === PUNCTUATION;
  const punctAfter = kindAfter === PUNCTUATION;
  const left = (!wsAfter && (!punctAfter || wsBefore || punctBefore)) || after === 126;
  const right = (!wsBefore && (!punctBefore || wsAfter || punctAfter)) || before === 126;
  if (ch === '*') return { open: left, close: right };
  return { open: left && (!right || punctBefore), close: right && (!left || punctAfter) };
}

/** The length of the run of tildes at `s[i]`. */
function tildeRun(s: string, i: number): number {
  let n = 1;
  while (s.charCodeAt(i + n) === 126) n++;
  return n;
}

/**
 * Whether the run of `n` tildes at `s[i]` can open and close a strikethrough
 * (micromark-extension-gfm-strikethrough's `_open` and `_close`: plain flanking, attention
 * markers play no part there), or null when it is escaped: then micromark decides.
 */
function tildeSides(s: string, i: number, n: number): { open: boolean; close: boolean } | null {
  const prev = i > 0 ? s.charCodeAt(i - 1) : 10;
  const next = i + n < s.length ? s.charCodeAt(i + n) : 10;
  if (prev === 92 /* \ */) return null;
  const before = classify(prev);
  const after = classify(next);
  return { open: after === 0 || (after === PUNCTUATION && before !== 0), close: before === 0 || (before === PUNCTUATION && after !== 0) };
}

/**
 * Whether the tildes of a block's inline text `s` might be read as anything but literal
 * text by micromark's GFM strikethrough (single tilde on): true when some run of one or
 * two tildes that can close has an earlier run of the same length that can open, or when
 * one is escaped (tildeSides). Otherwise no tilde can pair, and
 * every one is text: docs write `~50 ms` and `~/.config` far more often than
 * strikethrough. Tildes inside code spans or link destinations are counted too, which can
 * only make the answer true (the page then goes to micromark), never a wrong tree.
 */
export function tildesMayStrike(s: string): boolean {
  /** Lengths (1 or 2) of the runs seen so far that can open. */
  const openers = [false, false, false];
  for (let i = s.indexOf('~'); i >= 0; i = s.indexOf('~', i)) {
    const n = tildeRun(s, i);
    const sides = tildeSides(s, i, n);
    if (!sides) return true;
    if (n <= 2) {
      if (sides.close && openers[n]) return true;
      if (sides.open) openers[n] = true;
    }
    i += n;
  }
  return false;
}

/** Characters a strikethrough's text may not hold here: anything the inline parser reads as more than text. */
const NOT_PLAIN = /[`*_![\]<>{}$\\~&\n]/;

/**
 * A GFM strikethrough at `s[p]` (a run of one or two tildes) whose text is plain: the next
 * tilde of the block starts a run of the same length that can close, with plain text between
 * (no character the inline parser reads as more than text), neither run escaped, and the
 * opening run unable to close (else an earlier opener might take it). A run next to `*` or
 * `_` (`**~~bold~~**`) is one: the tilde changes their flanking (fast-chars.ts flanking), not its own.
 * micromark pairs a closer with the nearest opener of its length before it, so with no tilde
 * between, this pair is its. The run's length and where the closing run starts; null for any
 * other tilde (left to micromark).
 */
export function plainStrike(s: string, p: number, to: number): { n: number; close: number } | null {
  const n = tildeRun(s, p);
  if (n > 2) return null;
  const opener = tildeSides(s, p, n);
  if (!opener?.open || opener.close) return null;
  const q = s.indexOf('~', p + n);
  if (q < 0 || q + n > to || q === p + n || tildeRun(s, q) !== n) return null;
  if (!tildeSides(s, q, n)?.close || NOT_PLAIN.test(s.slice(p + n, q))) return null;
  return { n, close: q };
}

/** The named references decoded here (the common ones in docs); any other name is left to micromark. */
const NAMED: Record<string, string> = {
  amp: '&', lt: '<', gt: '>', quot: '"', apos: "'", nbsp: '\u00a0', copy: '\u00a9', reg: '\u00ae', trade: '\u2122',
  mdash: '\u2014', ndash: '\u2013', hellip: '\u2026', rarr: '\u2192', larr: '\u2190', times: '\u00d7', middot: '\u00b7', bull: '\u2022', deg: '\u00b0',
};

/**
 * What a character reference's body (`#39`, `#x22`, `amp`) stands for, as micromark
 * decodes it (micromark-util-decode-numeric-character-reference); null to leave it to micromark.
 */
export function decodeReference(body: string): string | null {
  if (body[0] !== '#') return Object.hasOwn(NAMED, body) ? NAMED[body] : null;
  const code = body[1] === 'x' || body[1] === 'X' ? Number.parseInt(body.slice(2), 16) : Number.parseInt(body.slice(1), 10);
  // Printable ASCII and the BMP outside controls, surrogates and noncharacters; the rest become U+FFFD there.
  if ((code >= 32 && code <= 126) || code === 9 || code === 10 || code === 12 || code === 13 || (code >= 160 && code <= 0xd7ff) || (code >= 0xe000 && code <= 0xfdcf) || (code >= 0xfdf0 && code <= 0xfffd)) return String.fromCodePoint(code);
  return null;
}

/**
 * A JSX attribute's quoted value as mdast-util-mdx-jsx decodes it (parse-entities with
 * `nonTerminated: false`): references ended by `;` decoded, any other `&` kept as it is
 * (`title="Q & A"`, `href="?a=1&b=2"`). A reference decodeReference leaves to micromark
 * (an unknown name, `&#;`) gives null.
 */
export function decodeAttributeValue(value: string): string | null {
  let failed = false;
  const out = value.replace(/&([#A-Za-z0-9]*);/g, (all, body: string) => {
    const decoded = /^(#[0-9]+|#[xX][0-9a-fA-F]+|[A-Za-z0-9]+)$/.test(body) ? decodeReference(body) : null;
    if (decoded === null) failed = true;
    return decoded ?? all;
  });
  return failed ? null : out;
}
