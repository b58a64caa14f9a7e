/**
 * Grammar patterns narrowed for lines of Latin-1 text (latin1-patterns.ts): the property
 * classes replaced by their Latin-1 part where that cannot change a match, the same matches
 * as the whole pattern on Latin-1 text (every pattern of the common grammars, every start),
 * and the whole pattern made, and used, only for a line past U+00FF.
 */
import type { LanguageRegistration } from 'shiki/core';
import { beforeAll, describe, expect, it } from 'vitest';
import { latin1Translation } from '../../../src/render/highlight/latin1-patterns.js';
import { makeRegExp, makeTable } from '../../../src/render/highlight/regex-translations.js';
import { supportedGrammars } from '../../../src/render/highlight/build-regex-tables.js';
import { createSearchEngine, type Translation } from '../../../src/render/highlight/search-scanner.js';

const narrowed = (source: string, flags = 'dgv') => latin1Translation({ source, flags })?.source ?? null;

describe('latin1Translation', () => {
  it('replaces each property class by its Latin-1 part, as a class or a nested one', () => {
    expect(narrowed('\\p{space}+')).toBe('[\\x09-\\x0d\\x20\\x85\\xa0]+');
    expect(narrowed('[\\p{L}_]\\P{Nd}')).toBe('[[\\x41-\\x5a\\x61-\\x7a\\xaa\\xb5\\xba\\xc0-\\xd6\\xd8-\\xf6\\xf8-\\xff]_][^\\x30-\\x39]');
    // inside a u-mode class its ranges join the class (no nesting there)
    expect(narrowed('[\\p{Nd}_]', 'dgu')).toBe('[\\x30-\\x39_]');
    // a property with no Latin-1 code point: a class of nothing, or of anything negated
    expect(narrowed('a\\p{Cs}|\\P{Cs}')).toBe('a[]|[^]');
    // an escaped backslash before `p{` is no property
    expect(narrowed('\\\\p{L}\\p{Nd}')).toBe('\\\\p{L}[\\x30-\\x39]');
  });

  it('leaves alone what narrowing could change or cannot write', () => {
    expect(narrowed('\\w+[a-z]')).toBeNull(); // nothing to narrow
    expect(narrowed('\\p{L}', 'dgvi')).toBeNull(); // case folding: U+212A matches `k`
    expect(narrowed('\\p{RGI_Emoji}')).toBeNull(); // a property of strings
    expect(narrowed('[a\\P{L}]', 'dgu')).toBeNull(); // a negated class in a u-mode class
    expect(narrowed('\\p{Nope}')).toBeNull(); // no such property
    expect(narrowed('\\p{L}', 'dg')).toBeNull(); // no Unicode mode: `\p` is a letter p
  });
});

describe('narrowed grammar patterns', () => {
  let grammars: Map<string, LanguageRegistration>;
  beforeAll(async () => {
    grammars = await supportedGrammars();
  });

  // Lines of every Latin-1 character, code as the real sites write it, and Latin-1 prose.
  const LATIN1 = Array.from({ length: 256 }, (_, c) => String.fromCharCode(c)).join('');
  const LINES = [
    ...Array.from({ length: 16 }, (_, i) => LATIN1.slice(i * 16, i * 16 + 16)),
    'const café = "naïve"; // µ ª º ÿ × ÷\n', 'export async function f<T>(x: T[]): Promise<T> { return x[0]!; }\n',
    '\u00a0\tindented\u0085 with Latin-1 spaces\n', 'def größe(x, *args, **kw):  # Straße\n', '  - key: "value" # comment\n',
    'SELECT a, b FROM t WHERE x = 1 AND y <> \'z\';\n', 'fn main() { let v: Vec<u8> = vec![]; }\n', '{ "a": [1, 2.5e3, true, null] }\n',
  ];

  it('matches on Latin-1 lines exactly as the whole patterns do, at every start', () => {
    let compared = 0;
    for (const name of ['typescript', 'python', 'go', 'shellscript', 'json', 'yaml', 'rust', 'sql']) {
      for (const entry of makeTable(grammars.get(name)!).entries) {
        if (entry[1] === null) continue;
        const whole: Translation = { source: entry[1], flags: entry[2], options: entry[3] };
        const narrow = latin1Translation(whole);
        if (!narrow) continue;
        const a = makeRegExp(whole);
        const b = makeRegExp(narrow);
        for (const line of LINES) {
          for (let start = 0; start <= line.length; start++) {
            a.lastIndex = b.lastIndex = start;
            const m = a.exec(line);
            const n = b.exec(line);
            // (an equality assertion per search would take minutes: compared as text, asserted on a difference)
            if (JSON.stringify(m && [m.index, m.indices]) !== JSON.stringify(n && [n.index, n.indices])) expect({ name, pattern: entry[0], line, start, n }).toEqual({ name, pattern: entry[0], line, start, n: m });
          }
        }
        compared++;
      }
    }
    expect(compared).toBeGreaterThan(500);
  });

  it('makes the whole pattern only for a line past U+00FF, and finds its letters there', () => {
    const made: string[] = [];
    const engine = createSearchEngine(
      () => ({ source: '[\\p{L}\\p{M}]+', flags: 'dgv' }),
      (t) => {
        made.push(t.source);
        return makeRegExp(t);
      },
    );
    const scanner = engine.createScanner(['\\w+']);
    expect(scanner.findNextMatchSync(engine.createString('  café'), 0, 0)).toMatchObject({ index: 0, captureIndices: [{ start: 2, end: 6 }] });
    expect(made).toHaveLength(1);
    expect(made[0]).not.toContain('\\p{');
    expect(scanner.findNextMatchSync(engine.createString('  λόγος'), 0, 0)).toMatchObject({ index: 0, captureIndices: [{ start: 2, end: 7 }] });
    expect(made).toEqual([made[0], '[\\p{L}\\p{M}]+']);
  });
});
