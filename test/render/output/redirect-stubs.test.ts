/**
 * Redirect pages for pattern rules: every path a `:slug*`, `:param` or `*` rule sends to
 * a page of the site gets a stub, as exact sources do, so a static host answers it;
 * links to such paths resolve; rules that cannot be enumerated or that would replace a
 * page write nothing.
 */
import { describe, expect, it } from 'vitest';
import { finalDestination, redirectPage, redirectStubs } from '../../../src/render/output/redirect-pages.js';
import { createLinkResolver } from '../../../src/render/output/resolve-links.js';
import type { Redirect } from '../../../src/render/types.js';

const rule = (source: string, destination: string): Redirect => ({ source, destination, permanent: true });

const pages = new Set(['index', 'specification/v2/intro', 'specification/v2/types/string', 'specification/v2/index', 'api/assistant/chat', 'api/search', 'automations/create', 'api-playground/mdx-setup', 'beta/kept', 'v2/kept', 'zh/组件']);

describe('redirectStubs with partial wildcards', () => {
  it('writes a stub at each path a partial wildcard sends to a page, run backwards as whole-segment rules are', () => {
    const stubs = redirectStubs([rule('/old/article-*', '/new/article-*'), rule('/docs-:slug', '/guides/:slug'), rule('/articles/concepts-*', '/collections/overview')], new Set(['new/article-1', 'new/article-2', 'new/other', 'guides/cli', 'collections/overview']));
    expect(Object.fromEntries(stubs)).toEqual({ 'old/article-1': '/new/article-1', 'old/article-2': '/new/article-2', 'docs-cli': '/guides/cli' });
  });
});

describe('redirectStubs over pages of several first segments', () => {
  it('tries every page for a rule into the site root, and for the others only the pages under its first segment, in site order', () => {
    const stubs = redirectStubs(
      [rule('/old-docs/:slug*', '/:slug*'), rule('/v1/:slug*', '/fr/:slug*'), rule('/r/*', '/api/*')],
      new Set(['index', 'guides/intro', 'guides/index', 'api/x', 'apis/y', 'fr/index', 'fr/guides/intro']),
    );
    expect([...stubs]).toEqual([
      ['old-docs', '/'],
      ['old-docs/guides/intro', '/guides/intro'],
      ['old-docs/guides/index', '/guides/index'],
      ['old-docs/api/x', '/api/x'],
      ['old-docs/apis/y', '/apis/y'],
      ['old-docs/fr/index', '/fr/index'],
      ['old-docs/fr/guides/intro', '/fr/guides/intro'],
      ['v1/index', '/fr/index'],
      ['v1/guides/intro', '/fr/guides/intro'],
      // `apis/y` shares no segment with `/api`
      ['r/x', '/api/x'],
    ]);
  });
});

describe('redirectStubs', () => {
  const redirects = [
    rule('/old', '/api/search'),
    rule('/specification/latest/:slug*', '/specification/v2/:slug*'),
    rule('/api-reference/chat/*', '/api/assistant/*'),
    rule('/api-reference/*', '/api/*'),
    rule('/agent/workflows/:page', '/automations/:page'),
    rule('/api-playground/mdx/:slug*', '/api-playground/mdx-setup'),
    rule('/beta/:slug*', '/v2/:slug*'),
    rule('/cn/:slug*', '/zh/:slug*'),
    rule('/ext/:slug*', 'https://example.com/:slug*'),
  ];
  const stubs = redirectStubs(redirects, pages);

  it('writes a stub at every path a pattern rule sends to a page, with the destination the whole table gives it', () => {
    expect(Object.fromEntries(stubs)).toEqual({
      old: '/api/search',
      'specification/latest/intro': '/specification/v2/intro',
      'specification/latest/types/string': '/specification/v2/types/string',
      'specification/latest/index': '/specification/v2/index',
      // the earlier, narrower rule answers for chat; the general one for the rest
      'api-reference/chat/chat': '/api/assistant/chat',
      'api-reference/assistant/chat': '/api/assistant/chat',
      'api-reference/search': '/api/search',
      'agent/workflows/create': '/automations/create',
      'cn/组件': '/zh/组件',
    });
  });

  it('never replaces a page, and enumerates nothing for rules without parameters in the destination or to other hosts', () => {
    expect(stubs.has('beta/kept')).toBe(false);
    expect([...stubs.keys()].some((s) => s.startsWith('api-playground/') || s.startsWith('ext'))).toBe(false);
  });

  it('lets links to pattern sources resolve: to the stub, or to the page the rule sends them to', () => {
    const { resolveLink } = createLinkResolver({ pages, files: new Set(), redirectSources: new Set(stubs.keys()), redirects });
    expect(resolveLink('/specification/latest/intro#types', 'index')).toBe('specification/latest/intro.html#types');
    expect(resolveLink('/api-playground/mdx/anything/else#x', 'index')).toBe('api-playground/mdx-setup.html#x');
    expect(resolveLink('/ext/page', 'index')).toBeNull();
    expect(resolveLink('/nothing/here', 'index')).toBeNull();
  });
});

describe('redirect chains', () => {
  const pages = new Set(['resources/deployment/overview', 'index']);
  const stubs = new Map([
    ['guides/azure', '/resources/deployment/azure'],
    ['resources/deployment/azure', '/resources/deployment/overview#azure'],
    ['loop-a', '/loop-b'],
    ['loop-b', '/loop-a'],
  ]);

  it('follows a destination that is itself redirected to the page at the end, keeping the first fragment met', () => {
    expect(finalDestination('/resources/deployment/azure', pages, stubs)).toBe('/resources/deployment/overview#azure');
    expect(finalDestination('/guides/azure#setup', pages, stubs)).toBe('/resources/deployment/overview#azure');
    expect(finalDestination('/resources/deployment/overview', pages, stubs)).toBe('/resources/deployment/overview');
    expect(finalDestination('https://example.com/x', pages, stubs)).toBe('https://example.com/x');
    // A cycle stops instead of looping.
    expect(['/loop-a', '/loop-b']).toContain(finalDestination('/loop-a', pages, stubs));
  });

  it('writes the stub of the first hop with a relative link to the final page', () => {
    const html = redirectPage('guides/azure', '/resources/deployment/azure', pages, {}, stubs);
    expect(html).toContain('<a href="../resources/deployment/overview.html#azure">');
    expect(html).toContain('content="0; url=../resources/deployment/overview.html#azure"');
  });
});
