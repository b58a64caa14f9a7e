/**
 * A grammar pattern's translation narrowed for lines of Latin-1 text: each Unicode property
 * class (`\p{L}`, `\P{space}`...) replaced by the code points up to U+00FF it holds.
 *
 * oniguruma-to-es writes Oniguruma's Unicode-aware `\w`, `\s`, `\d` and POSIX classes as
 * property classes (`[\p{L}\p{M}\p{N}\p{Pc}]`, `\p{space}`, `\p{Alpha}`), and V8 builds each
 * one from ICU's tables when it parses the pattern, once per pattern: ~70% of compiling the
 * patterns of Shiki's grammars (all 8,346 translated patterns: 1.66 s, 0.51 s with each property
 * class replaced by a letter; the 4,272 that have one: 1.59 s whole, 0.45 s narrowed), and regex
 * compiling was a third of the highlight thread's CPU on Continue's docs (docs/benchmarks.mdx). Most code is ASCII: a pattern searched only in lines of Latin-1
 * text is compiled narrowed, and its whole translation only for a line past U+00FF.
 *
 * On a line whose characters are all Latin-1, a class and its Latin-1 part match the same
 * characters: the pattern only ever tests the line's characters (lookbehinds and back
 * references included). Not so under case folding (`i`: U+212A KELVIN SIGN matches `k`) or
 * for properties of strings (`\p{RGI_Emoji}`): such a translation is not narrowed. Explicit
 * ranges were no way out: a class written as its ~700 ranges took twice as long to compile
 * as the property.
 */
import type { Translation } from './search-scanner.js';

/** v-mode properties of strings: they match sequences, not one code point each. */
const STRING_PROPERTIES = new Set([
  'Basic_Emoji', 'Emoji_Keycap_Sequence', 'RGI_Emoji_Modifier_Sequence', 'RGI_Emoji_Flag_Sequence', 'RGI_Emoji_Tag_Sequence',
  'RGI_Emoji_ZWJ_Sequence', 'RGI_Emoji',
]);

/** Each property's Latin-1 part, as class ranges (`\x41-\x5a...`), by its name as written. */
const latin1Parts = new Map<string, string>();

function hex(code: number): string {
  return `\\x${code.toString(16).padStart(2, '0')}`;
}

/** The Latin-1 code points of property `name` as class ranges ('' when none). */
function latin1Part(name: string): string {
  let part = latin1Parts.get(name);
  if (part !== undefined) return part;
  const property = new RegExp(`^\\p{${name}}$`, 'u');
  part = '';
  for (let code = 0; code <= 0xff; code++) {
    if (!property.test(String.fromCharCode(code))) continue;
    let last = code;
    while (last < 0xff && property.test(String.fromCharCode(last + 1))) last++;
    part += last === code ? hex(code) : `${hex(code)}-${hex(last)}`;
    code = last;
  }
  latin1Parts.set(name, part);
  return part;
}

const PROPERTY = /\\([pP])\{([^}]*)\}/y;

/**
 * `t` with its property classes narrowed to Latin-1 (see above), or null when there is
 * nothing to narrow or it must not be: case folding, a property of strings, one that does not
 * parse, a negated one inside a u-mode class (which cannot nest a class).
 */
export function latin1Translation(t: Translation): Translation | null {
  const { source, flags } = t;
  const v = flags.includes('v');
  if (flags.includes('i') || (!v && !flags.includes('u')) || !source.includes('\\p{') && !source.includes('\\P{')) return null;
  let out = '';
  let depth = 0;
  let from = 0;
  for (let i = 0; i < source.length; i++) {
    const c = source[i];
    if (c === '\\') {
      PROPERTY.lastIndex = i;
      const m = PROPERTY.exec(source);
      if (!m) {
        i++; // the escaped character, whatever it is
        continue;
      }
      const [token, sign, name] = m;
      if (STRING_PROPERTIES.has(name)) return null;
      let part: string;
      try {
        part = latin1Part(name);
      } catch {
        // Not a property V8 knows: the whole pattern fails to compile the same way, left as it is.
        return null;
      }
      let replacement: string;
      if (depth === 0 || v) replacement = sign === 'p' ? `[${part}]` : `[^${part}]`; // a class, or a nested one (v mode)
      else if (sign === 'p') replacement = part; // its ranges, in the u-mode class around it
      else return null;
      out += source.slice(from, i) + replacement;
      from = i + token.length;
      i = from - 1;
      continue;
    }
    // A `[` opens a class outside one, and a nested one inside a v-mode class.
    if (c === '[' && (depth === 0 || v)) depth++;
    else if (c === ']' && depth > 0) depth--;
  }
  return { ...t, source: out + source.slice(from) };
}
