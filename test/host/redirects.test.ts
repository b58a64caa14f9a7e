import { describe, expect, it } from 'vitest';
import { InvalidError } from '../../src/core/errors.js';
import { RedirectTable, parseRedirects } from '../../src/host/redirects.js';

describe('redirects.json rules', () => {
  const table = new RedirectTable(parseRedirects(JSON.stringify([
    { source: '/old', destination: '/new', permanent: true },
    { source: '/blog/:year/:slug', destination: '/posts/:slug?y=:year', permanent: false },
    { source: '/legacy/:slug*', destination: '/guides/:slug*', permanent: true },
    { source: '/api/:rest+', destination: 'https://api.example.com:8443/:rest+', permanent: true },
    { source: '/legacy/keep', destination: '/never', permanent: true },
    { source: '/first', destination: '/one' },
    { source: '/first', destination: '/two' },
  ])));

  it('matches exact sources, with or without a trailing slash, keeping the query', () => {
    expect(table.match('/old', '')).toEqual({ location: '/new', permanent: true });
    expect(table.match('/old/', '?a=1')).toEqual({ location: '/new?a=1', permanent: true });
    expect(table.match('/older', '')).toBeNull();
    expect(table.match('/first', '')?.location).toBe('/one');
  });

  it('fills parameters: one segment, any segments, at least one', () => {
    expect(table.match('/blog/2024/hello', '?x=1')).toEqual({ location: '/posts/hello?y=2024', permanent: false });
    expect(table.match('/blog/2024', '')).toBeNull();
    expect(table.match('/legacy/a/b/c', '')?.location).toBe('/guides/a/b/c');
    expect(table.match('/legacy', '')?.location).toBe('/guides');
    // the earlier wildcard rule wins over a later exact one
    expect(table.match('/legacy/keep', '')?.location).toBe('/guides/keep');
    expect(table.match('/api/v1/users', '')?.location).toBe('https://api.example.com:8443/v1/users');
    expect(table.match('/api', '')).toBeNull();
  });

  it('matches rules with many multi-segment parameters without backtracking, greedy like before', () => {
    const heavy = new RedirectTable([
      { source: '/:a+/:b+/:c+/:d+/end', destination: '/x/:d', permanent: true },
      { source: '/docs/*/:page', destination: '/p/:page', permanent: false },
    ]);
    // 1 KB of segments that never reach "end": a backtracking matcher tries every split.
    const long = `/${Array.from({ length: 512 }, () => 'a').join('/')}/x`;
    expect(heavy.match(long, '')).toBeNull();
    expect(heavy.match('/1/2/3/4/5/end', '')?.location).toBe('/x/5');
    expect(heavy.match('/docs/a/b/c', '')?.location).toBe('/p/c');
    expect(heavy.match('/docs/c', '')?.location).toBe('/p/c');
  });

  it('fills a bare * in the destination with what * matched in the source', () => {
    const star = new RedirectTable([
      { source: '/api-reference/*', destination: '/api/*', permanent: true },
      { source: '/x/:slug*', destination: '/y/*', permanent: true },
    ]);
    expect(star.match('/api-reference/chat/create', '')?.location).toBe('/api/chat/create');
    expect(star.match('/api-reference', '')?.location).toBe('/api');
    // no * in the source: the destination is taken as written
    expect(star.match('/x/a', '')?.location).toBe('/y/*');
  });

  it('matches partial wildcards inside a segment (create/redirects.mdx), one segment unless at the very end', () => {
    const partial = new RedirectTable([
      { source: '/articles/concepts-*', destination: '/collections/overview', permanent: true },
      { source: '/old/article-*', destination: '/new/article-*', permanent: true },
      { source: '/docs-:slug/intro', destination: '/guide/:slug', permanent: true },
      { source: '/v1-:rest*', destination: '/v2/:rest*', permanent: true },
      { source: '/two/:a-:b', destination: '/never', permanent: true },
    ]);
    expect(partial.match('/articles/concepts-getting-started', '')?.location).toBe('/collections/overview');
    expect(partial.match('/articles/concepts-', '')?.location).toBe('/collections/overview');
    expect(partial.match('/articles/overview', '')).toBeNull();
    expect(partial.match('/old/article-123', '')?.location).toBe('/new/article-123');
    // not the last segment of the source: the parameter stays inside its segment
    expect(partial.match('/docs-cli/intro', '')?.location).toBe('/guide/cli');
    expect(partial.match('/docs-/intro', '')).toBeNull();
    expect(partial.match('/docs-a/b/intro', '')).toBeNull();
    // at the very end, `:name*` takes the segments after it too
    expect(partial.match('/v1-api/users/list', '')?.location).toBe('/v2/api/users/list');
    // two parameters in one segment are compared as written
    expect(partial.match('/two/x-y', '')).toBeNull();
    expect(partial.match('/two/:a-:b', '')?.location).toBe('/never');
    // one parameter per segment: a long segment costs one linear expression, never a backtracking search
    expect(partial.match(`/docs-${'-'.repeat(20000)}/outro`, '')).toBeNull();
  });

  it('percent-encodes parameter values in the Location, so no header can be injected', () => {
    expect(table.match('/legacy/€uro/a b', '')?.location).toBe('/guides/%E2%82%ACuro/a%20b');
    expect(table.match('/blog/2024/x@evil.com', '')?.location).toBe('/posts/x%40evil.com?y=2024');
  });

  it('refuses a redirects.json that is not a list of rules', () => {
    expect(() => parseRedirects('{')).toThrow(InvalidError);
    expect(() => parseRedirects('{}')).toThrow(/must be a list/);
    expect(() => parseRedirects('[{"source":"old","destination":"/x"}]')).toThrow(/redirects.json\[0\] needs a source starting with "\/"/);
    expect(parseRedirects('[{"source":"/a","destination":"/b"}]')).toEqual([{ source: '/a', destination: '/b', permanent: true }]);
  });
});
