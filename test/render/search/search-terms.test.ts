/**
 * Terms: the one tokenizer the indexer runs here and every site's engine runs in the
 * browser (the same source).
 */
import { describe, expect, it } from 'vitest';
import { eachTerm } from '../../../src/render/search/search-terms.js';

function terms(text: string, index: boolean): string[] {
  const out: string[] = [];
  eachTerm(text, (term) => out.push(term), index);
  return out;
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
    eachTerm('run `api-key` now', (term, start, end) => places.push([term, start, end]), true);
    expect(places).toEqual([['run', 0, 3], ['api', 5, 12], ['key', 5, 12], ['apikey', 5, 12], ['now', 14, 17]]);
  });
});
