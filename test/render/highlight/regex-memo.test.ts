/**
 * Remembered pattern translations: a RegExp rebuilt from the memo file matches as the
 * one Shiki's engine translates does (checked on every pattern of a few grammars), and a
 * damaged or out-of-date memo only means translating again.
 */
import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { defaultJavaScriptRegexConstructor } from 'shiki/engine/javascript';
import { bundledLanguagesInfo } from 'shiki/langs';
import { drainRegexMemo, memoRegExp, readRegexMemo, serializeRegexMemo, useRegexMemo } from '../../../src/render/highlight/regex-memo.js';
import { tempDir, type TempDir } from '../site/make-site.js';

/** Every `match`, `begin`, `end` and `while` pattern of a grammar. */
function patterns(grammar: unknown, out = new Set<string>()): Set<string> {
  if (Array.isArray(grammar)) for (const g of grammar) patterns(g, out);
  else if (grammar && typeof grammar === 'object') {
    for (const [k, v] of Object.entries(grammar)) {
      if (['match', 'begin', 'end', 'while'].includes(k) && typeof v === 'string') out.add(v);
      else patterns(v, out);
    }
  }
  return out;
}

const SAMPLES = ['const a: number = 1; // x', '  "key": [1, 2.5e3, true, null]', '<Card title="x">**bold** `code`</Card>', 'def f(x):\n    return x', 'echo "$HOME" | grep -v foo', ''];

describe('regex memo', () => {
  let tmp: TempDir | undefined;
  afterEach(() => tmp?.cleanup());

  it('rebuilds translations that match as Shiki’s own do', async () => {
    tmp = tempDir('quire-regex-');
    const file = join(tmp.path, 'regexes.json');
    useRegexMemo(file); // none yet: everything is translated and recorded
    const all = new Set<string>();
    for (const info of bundledLanguagesInfo.filter((l) => ['typescript', 'json', 'mdx', 'python', 'shellscript'].includes(l.id))) patterns((await info.import()).default, all);
    expect(all.size).toBeGreaterThan(500);
    const translated = new Map<string, RegExp>();
    for (const p of all) {
      try {
        translated.set(p, memoRegExp(p));
      } catch {
        // a pattern the translation cannot express: the engine (forgiving) skips it, and so is it never remembered
      }
    }
    const fresh = drainRegexMemo();
    expect(fresh.length).toBe(translated.size);
    writeFileSync(file, serializeRegexMemo(new Map(fresh)));
    expect(readRegexMemo(file).size).toBe(translated.size);

    useRegexMemo(file);
    let emulated = 0;
    for (const [p, mine] of translated) {
      const rebuilt = memoRegExp(p);
      const shiki = defaultJavaScriptRegexConstructor(p);
      expect(rebuilt.constructor).toBe(shiki.constructor);
      if (rebuilt.constructor !== RegExp) emulated++;
      expect([rebuilt.source, rebuilt.flags]).toEqual([shiki.source, shiki.flags]);
      for (const s of SAMPLES) {
        rebuilt.lastIndex = shiki.lastIndex = mine.lastIndex = 0;
        expect(JSON.stringify(rebuilt.exec(s))).toBe(JSON.stringify(shiki.exec(s)));
      }
    }
    expect(emulated).toBeGreaterThan(0);
    // all came from the memo: nothing new to report
    expect(drainRegexMemo()).toEqual([]);
  });

  it('reads a damaged or out-of-date memo as empty, and a bad entry as missing', () => {
    tmp = tempDir('quire-regex-');
    const file = join(tmp.path, 'regexes.json');
    writeFileSync(file, 'not json');
    expect(readRegexMemo(file).size).toBe(0);
    const good = serializeRegexMemo(new Map([['a+', ['a+', 'dgv', null]]]));
    writeFileSync(file, good.replace(/"version":"[^"]*"/, '"version":"shiki@0.0.1"'));
    expect(readRegexMemo(file).size).toBe(0);
    writeFileSync(file, good.replace('"a+":["a+","dgv",null]', '"a+":["a+","dgv",null],"b":["b","no such flag",null],"c":[1,"g",null],"d":["(","dg",null]'));
    const memo = readRegexMemo(file);
    expect([...memo.keys()].sort()).toEqual(['a+', 'd']);
    // `d` does not compile: translated again from its pattern (which does not compile either: the engine skips it)
    useRegexMemo(file);
    expect(memoRegExp('a+').exec('caab')?.[0]).toBe('aa');
    expect(() => memoRegExp('d')).not.toThrow();
    expect(memoRegExp('d').exec('xd')?.index).toBe(1);
  });
});
