import { describe, expect, it } from 'vitest';
import { matchRedirect } from '../../../src/render/config/index.js';
import type { Redirect } from '../../../src/render/types.js';

const redirects: Redirect[] = [
  { source: '/old-quickstart', destination: '/quickstart', permanent: true },
  { source: '/legacy/:slug*', destination: '/guides/:slug*', permanent: true },
  { source: '/blog/:year/:post', destination: '/news/:post?y=:year', permanent: false },
  { source: '/docs/*', destination: '/v2/*', permanent: true },
];

describe('matchRedirect', () => {
  it('matches exact sources, ignoring trailing slashes and queries', () => {
    expect(matchRedirect(redirects, '/old-quickstart')?.destination).toBe('/quickstart');
    expect(matchRedirect(redirects, '/old-quickstart/?utm=1')?.destination).toBe('/quickstart');
    expect(matchRedirect(redirects, 'old-quickstart')?.permanent).toBe(true);
  });

  it('carries wildcard segments over to the destination', () => {
    expect(matchRedirect(redirects, '/legacy/intro')?.destination).toBe('/guides/intro');
    expect(matchRedirect(redirects, '/legacy/a/b/c')?.destination).toBe('/guides/a/b/c');
    expect(matchRedirect(redirects, '/legacy')?.destination).toBe('/guides');
    expect(matchRedirect(redirects, '/docs/x/y')?.destination).toBe('/v2/x/y');
  });

  it('fills named segments and keeps the permanent flag', () => {
    expect(matchRedirect(redirects, '/blog/2024/hello')).toMatchObject({ destination: '/news/hello?y=2024', permanent: false });
    expect(matchRedirect(redirects, '/blog/2024')).toBeNull();
  });

  it('returns null when nothing matches', () => {
    expect(matchRedirect(redirects, '/quickstart')).toBeNull();
    expect(matchRedirect(redirects, '/legacyx/intro')).toBeNull();
  });
});
