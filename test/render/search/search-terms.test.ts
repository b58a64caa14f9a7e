/**
 * Terms: the one tokenizer the indexer runs here and every site's engine runs in the
 * browser (the same source), per language: Intl.Segmenter for scripts without spaces,
 * each language's Snowball stemmer (Porter2 for English), none for Chinese and Japanese.
 */
import { runInNewContext } from 'node:vm';
import { setFlagsFromString } from 'node:v8';
import { describe, expect, it } from 'vitest';
import { eachTerm, termsOf } from '../../../src/render/search/search-terms.js';
import { eachIndexTerm } from '../../../src/render/search/index-terms.js';
import { analyzerFor, stemmerKey } from '../../../src/render/search/stemmers.js';

const en = analyzerFor('en');
function terms(text: string, index: boolean, lang = 'en'): string[] {
  return termsOf(text, analyzerFor(lang), index);
}

describe('search terms', () => {
  it('lowercases, folds accents and stems English words', () => {
    expect(terms('Deploying deployments Queries CAFÉ naïve', true)).toEqual(['deploy', 'deploy', 'queri', 'cafe', 'naiv']);
  });

  it('indexes joined and camelCase words by their parts and as a whole', () => {
    expect(terms('retryLimit', true)).toEqual(['retri', 'limit', 'retrylimit']);
    expect(terms('HTTPServer api-key snake_case', true)).toEqual(['http', 'server', 'httpserver', 'api', 'key', 'apikey', 'snake', 'case', 'snakecas']);
    // one-letter parts only count in the whole word; a whole equal to a part is given once
    expect(terms("v1.2 user's", true)).toEqual(['v1', 'v12', 'user']);
  });

  it('looks a joined query word up by its whole, the same term as indexed', () => {
    expect(terms('retry_limit RETRY-LIMIT retryLimit', false)).toEqual(['retrylimit', 'retrylimit', 'retrylimit']);
  });

  it('gives each term the place of its word in the text', () => {
    const places: [string, number, number][] = [];
    eachTerm('run `api-key` now', (term, start, end) => places.push([term, start, end]), true, en);
    expect(places).toEqual([['run', 0, 3], ['api', 5, 12], ['key', 5, 12], ['apikey', 5, 12], ['now', 14, 17]]);
  });

  it('stems German with its own stemmer, umlauts and all, and folds after', () => {
    expect(terms('Häuser Konfigurationen Einstellungen', true, 'de')).toEqual(['haus', 'konfiguration', 'einstell']);
    // the same word forms meet on one term, as a query and as a page
    expect(terms('Einstellung', false, 'de')).toEqual(terms('Einstellungen', true, 'de'));
    // Porter2 would have left these alone or cut them wrongly
    expect(terms('Häuser', true, 'en')).toEqual(['hauser']);
  });

  it('stems French and Spanish words to one term per family', () => {
    expect(terms('configuration configurations configurer', true, 'fr')).toEqual(['configur', 'configur', 'configur']);
    expect(terms('déploiement déploiements', true, 'fr')).toEqual(['deploi', 'deploi']);
    expect(terms('búsqueda búsquedas buscar', true, 'es')).toEqual(['busqued', 'busqued', 'busc']);
    expect(terms('configuración', false, 'es')).toEqual(terms('configuraciones', true, 'es'));
  });

  it('cuts Japanese into words with Intl.Segmenter and leaves them unstemmed', () => {
    const words = terms('検索エンジンを使うにはAPIキーが必要です', true, 'ja');
    expect(words).toContain('検索');
    expect(words).toContain('エンジン');
    expect(words).toContain('api');
    expect(words).toContain('キー');
    expect(words).toContain('必要');
    // not one run of characters, which a query for 検索 could never match
    expect(words.some((w) => w.length > 6)).toBe(false);
    expect(stemmerKey('ja')).toBeUndefined();
  });

  it('cuts Chinese into words with Intl.Segmenter', () => {
    const words = terms('代码组可以显示多种编程语言的示例', true, 'zh-CN');
    expect(words).toContain('代码');
    expect(words).toContain('语言');
    expect(words).toContain('示例');
    // a query is cut as the page was, so its words are the page's
    expect(terms('编程语言', false, 'zh-CN').every((w) => words.includes(w))).toBe(true);
    expect(terms('代码组', false, 'zh-CN')).toEqual(['代码', '组']);
    expect(stemmerKey('zh-CN')).toBeUndefined();
  });

  it('cuts every run of a mixed text as if it stood alone, at the same places (the runs are segmented together)', () => {
    const text = '使用 `docs.json` 配置导航。在 API 参考中，每个端点都有一个页面；ภาษาไทยไม่มีช่องว่าง and the retryLimit option 検索エンジン。';
    const seen: string[] = [];
    eachTerm(text, (term, start, end) => seen.push(`${term}@${start}-${end}`), true, analyzerFor('zh-CN'));
    // Reference: each run of the text cut by its own Intl.Segmenter call.
    const seg = new Intl.Segmenter('zh-CN', { granularity: 'word' });
    const expected: string[] = [];
    for (const m of text.matchAll(/[\p{L}\p{N}][\p{L}\p{M}\p{N}]*(?:[._'\u2019-]+[\p{L}\p{N}][\p{L}\p{M}\p{N}]*)*/gu)) {
      if (!/[\p{Script=Han}\p{Script=Hiragana}\p{Script=Katakana}\p{Script=Thai}]/u.test(m[0])) {
        for (const t of termsOf(m[0], analyzerFor('zh-CN'), true)) expected.push(`${t}@${m.index}-${m.index + m[0].length}`);
        continue;
      }
      for (const s of seg.segment(m[0])) {
        if (s.isWordLike === false || !/[\p{L}\p{N}]/u.test(s.segment)) continue;
        const start = m.index + s.index;
        expected.push(`${s.segment.toLowerCase()}@${start}-${start + s.segment.length}`);
      }
    }
    expect(seen).toEqual(expected);
    expect(seen).toContain(`导航@${text.indexOf('导航')}-${text.indexOf('导航') + 2}`);
    expect(seen).toContain(`検索@${text.indexOf('検索')}-${text.indexOf('検索') + 2}`);
    expect(seen.filter((t) => t.startsWith('retrylimit@'))).toHaveLength(1);
  });

  it("gives the indexer (eachIndexTerm) eachTerm's page terms in the same order, in every script and a second time from its memo", () => {
    const texts = [
      '使用 `docs.json` 配置导航。在 API 参考中，每个端点都有一个页面；ภาษาไทยไม่มีช่องว่าง and the retryLimit option 検索エンジン。',
      "HTTPServer api-key snake_case v1.2 user's Deploying CAFÉ naïve",
      'Häuser Konfigurationen Einstellungen',
      '',
      '... — !!',
      // Runs met in the first text, in another order, beside new ones: some words from the memo of runs, some cut now.
      '检索引擎 配置导航。新的短语 使用 docs 每个端点都有一个页面；新しい検索エンジン ภาษาไทยไม่มีช่องว่าง',
    ];
    for (const lang of ['en', 'de', 'zh-CN', 'xx']) {
      for (const text of [...texts, ...texts]) {
        const fromIndexer: string[] = [];
        eachIndexTerm(text, (term) => fromIndexer.push(term), analyzerFor(lang));
        expect(fromIndexer).toEqual(termsOf(text, analyzerFor(lang), true));
      }
    }
    const zh: string[] = [];
    eachIndexTerm(texts[0], (term) => zh.push(term), analyzerFor('zh-CN'));
    expect(zh).toEqual(expect.arrayContaining(['导航', '検索', 'retry', 'limit', 'retrylimit', 'docs', 'json', 'docsjson']));
  });

  it('picks a stemmer by the language subtag and none for a language without one', () => {
    expect(stemmerKey('pt-BR')).toBe('pt');
    expect(stemmerKey('fr-CA')).toBe('fr');
    expect(stemmerKey('ko')).toBeUndefined();
    expect(terms('Dokumentasi', true, 'ko')).toEqual(['dokumentasi']);
    // Devanagari vowel signs are part of the word, and Hindi has a stemmer
    expect(terms('किताबें', true, 'hi')).toEqual(['किताब']);
  });

  it("keeps no page's text alive through the memos of words and runs", async () => {
    setFlagsFromString('--expose-gc');
    const gc = runInNewContext('gc') as () => void;
    const heap = async () => {
      for (let i = 0; i < 2; i++) {
        await new Promise((resolve) => setTimeout(resolve, 0));
        gc();
      }
      return process.memoryUsage().heapUsed;
    };
    const before = await heap();
    // Eight texts of ~2 MB each, made at run time as a page's are, with words and runs past 12 characters new to the memos.
    for (const lang of ['en', 'zh-CN']) {
      for (const tag of ['alpha', 'beta', 'gamma', 'delta']) {
        const text = `${'filler words here. '.repeat(100_000)} internationalization${tag} retryLimitFor${tag} 检索引擎配置导航每个端点都有一个页面新的短语${tag}`;
        const analyzer = analyzerFor(lang);
        eachIndexTerm(text, () => undefined, analyzer);
        termsOf(text.slice(-120), analyzer);
      }
    }
    // Kept, they would be 15 MB and more (two-byte texts twice that); the memos' new entries are a few KB.
    expect(((await heap()) - before) / 2 ** 20).toBeLessThan(4);
  });
});
