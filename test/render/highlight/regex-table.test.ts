/**
 * Patterns translated ahead of time must highlight exactly as patterns translated at
 * run time, for every supported grammar, and cover nearly every pattern the engine asks for.
 */
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { createHighlighterCore, type HighlighterCore } from 'shiki/core';
import { createJavaScriptRegexEngine } from 'shiki/engine/javascript';
import { bundledLanguagesInfo } from 'shiki/langs';
import { beforeAll, describe, expect, it } from 'vitest';
import { SUPPORTED_LANGUAGES } from '../../../src/render/highlight/highlighter.js';
import { buildRegexTable, constructRegex, grammarPatterns, loadRegexTable, regexTableStats, writeRegexTables } from '../../../src/render/highlight/regex-table.js';
import { like } from '../../helpers/like.js';

/** Code that walks through the usual rules of most grammars: comments, strings, numbers, keywords, nesting. */
const SAMPLE = [
  '#!/usr/bin/env run',
  '// line comment  # hash comment  -- dash comment  ; semi',
  '/* block comment */ <!-- markup comment --> (* ml *)',
  'import os, "module" from \'path\'; package main; use strict;',
  'def f(x, y=1): return x + y  # python',
  'function g(a: number): string { return `t ${a}` } // ts',
  'const obj = { "key": [1, 2.5e3, true, null], \'k\': 0x1F };',
  'if (a >= b && c != d) { while (i < 10) i++; } else { throw new Error("e"); }',
  'SELECT * FROM t WHERE id = 1; <div class="x">text</div> $var @attr',
  'key: value\n  - item\n[section]\nname = "v"',
  '"""doc string""" r"raw" b\'bytes\' f"{fmt}" 42 -3.14',
].join('\n');

async function highlighter(langs: string[], withTables: boolean): Promise<HighlighterCore> {
  const engine = withTables ? createJavaScriptRegexEngine({ forgiving: true, regexConstructor: constructRegex }) : createJavaScriptRegexEngine({ forgiving: true });
  const grammars = await Promise.all(langs.map((id) => bundledLanguagesInfo.find((l) => l.id === id)!.import().then((m) => m.default)));
  return createHighlighterCore({ themes: [import('@shikijs/themes/github-light')], langs: grammars, engine });
}

describe('grammar regex tables', () => {
  const dir = join(mkdtempSync(join(tmpdir(), 'quire-regex-')), '/');

  beforeAll(async () => {
    expect(await writeRegexTables(SUPPORTED_LANGUAGES, dir)).toBe(SUPPORTED_LANGUAGES.length);
    // A second build keeps what is there.
    expect(await writeRegexTables(SUPPORTED_LANGUAGES, dir)).toBe(0);
    for (const id of SUPPORTED_LANGUAGES) expect(loadRegexTable(id, dir)).toBe(true);
  }, 120_000);

  it('highlights every supported grammar exactly as run-time translation does', async () => {
    const plain = await highlighter(SUPPORTED_LANGUAGES, false);
    const tabled = await highlighter(SUPPORTED_LANGUAGES, true);
    regexTableStats.hits = 0;
    regexTableStats.misses = 0;
    for (const lang of SUPPORTED_LANGUAGES) {
      const expected = plain.codeToTokensBase(SAMPLE, { lang, theme: 'github-light', tokenizeTimeLimit: 0 });
      expect([lang, tabled.codeToTokensBase(SAMPLE, { lang, theme: 'github-light', tokenizeTimeLimit: 0 })]).toEqual([lang, expected]);
    }
    // Only patterns filled in while tokenizing (back-references) are translated at run time.
    expect(regexTableStats.hits).toBeGreaterThan(1000);
    expect(regexTableStats.misses).toBeLessThan(regexTableStats.hits / 20);
  }, 120_000);

  it('lists each pattern as vscode-textmate prepares it', () => {
    const patterns = grammarPatterns([{ patterns: [{ match: 'a\\z' }, { begin: '\\Gx', end: '(?=y)' }, { match: '\\\\A' }] }]);
    // `\G` gives the variants with and without the anchor (U+FFFF in its place); `\\A` is an escaped backslash.
    expect([...patterns].sort()).toEqual(['(?=y)', '\\\\A', '\\Gx', '\\\uFFFFx', 'a$(?!\\n)(?<!\\n)'].sort());
  });

  it('marks patterns the JavaScript engine cannot run, which then stay skipped', () => {
    const table = buildRegexTable([{ patterns: [{ match: '(?<name>a)\\k<name>' }, { match: '[[:foo:]]' }] }]);
    expect(table['[[:foo:]]']).toBeNull();
    expect(() => constructRegex('[[:foo:]]')).toThrow();
    expect(table['(?<name>a)\\k<name>']).toMatchObject({ pattern: like.any(String), flags: like.stringContaining('d') });
  });
});
