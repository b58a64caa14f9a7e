import { describe, expect, it } from 'vitest';
import { listOperations } from '../../../src/render/openapi/operations.js';
import { basePagePath, documentPagePaths, mintlifySlug } from '../../../src/render/openapi/page-paths.js';

/** A document with the shapes the URL rules care about (in path order). */
const doc = {
  openapi: '3.1.0',
  paths: {
    '/indexes/{index_uid}/search': {
      post: { tags: ['Search'], summary: 'Search with POST' },
      get: { tags: ['Search'], summary: 'Search with GET' },
    },
    '/tasks': { get: { tags: ['Async task management'], summary: 'List tasks' } },
    '/tasks/{task_id}/documents': { get: { tags: ['Async task management'], summary: "Get task's document payload" } },
    '/settings/filterable': { patch: { tags: ['Settings'], summary: 'Update filterableAttributes' } },
    '/users/{id}': { get: {}, delete: { summary: 'Remove (soft), then purge.' } },
    '/users': { get: {} },
    '/a': { get: { tags: ['Misc'], summary: 'Same' } },
    '/b': { get: { tags: ['Misc'], summary: 'Same', 'x-excluded': true } },
    '/c': { get: { tags: ['Misc'], summary: 'Same' } },
    '/legacy': { get: { tags: ['Misc'], summary: 'Legacy', 'x-mint': { href: '/deprecated-endpoints/Legacy-Endpoint' } } },
  },
};

describe('Mintlify endpoint page paths', () => {
  it('slugs as Mintlify does: spaces to dashes, apostrophes, dots, commas and parentheses dropped, case folded', () => {
    expect(mintlifySlug('Search with POST')).toBe('search-with-post');
    expect(mintlifySlug("Get task's document payload")).toBe('get-tasks-document-payload');
    expect(mintlifySlug('Update filterableAttributes')).toBe('update-filterableattributes');
    expect(mintlifySlug('Remove (soft), then purge.')).toBe('remove-soft-then-purge');
    expect(mintlifySlug('Async task management')).toBe('async-task-management');
    // Mintlify keeps '&' (and ':'); a static file URL cannot carry '?' or '#', nor ':' in a relative link.
    expect(mintlifySlug('Who: you & me?')).toBe('who-you-&-me');
  });

  it('puts an operation at {directory}/{tag}/{summary}, untagged ones in the directory, method and path without a summary', () => {
    const ops = listOperations(doc);
    const at = (method: string, p: string) => ops.find((o) => o.method === method && o.path === p)!;
    expect(basePagePath(at('POST', '/indexes/{index_uid}/search'), 'reference/api')).toBe('reference/api/search/search-with-post');
    expect(basePagePath(at('GET', '/tasks'))).toBe('api-reference/async-task-management/list-tasks');
    expect(basePagePath(at('GET', '/users/{id}'))).toBe('api-reference/get-users');
    expect(basePagePath(at('DELETE', '/users/{id}'))).toBe('api-reference/remove-soft-then-purge');
    expect(basePagePath(at('GET', '/legacy'), 'reference/api')).toBe('deprecated-endpoints/legacy-endpoint');
  });

  it('numbers repeated pages -1, -2 in document order, excluded operations last, and steps around pages already taken', () => {
    const pages = [...documentPagePaths(listOperations(doc), 'api-reference', (p) => p === 'api-reference/misc/same-1').entries()].map(([op, page]) => `${op.method} ${op.path} ${page}`);
    expect(pages).toEqual(expect.arrayContaining([
      'GET /users/{id} api-reference/get-users',
      'GET /users api-reference/get-users-1',
      'GET /a api-reference/misc/same',
      'GET /c api-reference/misc/same-2', // -1 is an author's page
      'GET /b api-reference/misc/same-3', // x-excluded: numbered after the published ones
    ]));
  });
});
