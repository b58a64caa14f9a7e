/**
 * The scan for pages whose frontmatter names an operation: flat frontmatter (read without
 * the YAML parser) and frontmatter only YAML reads give the same claims; what YAML refuses
 * claims nothing.
 */
import { describe, expect, it } from 'vitest';
import { scanFrontmatterClaims } from '../../../src/render/openapi/scan-frontmatter.js';

describe('scanFrontmatterClaims', () => {
  it('reads claims from flat and from YAML-only frontmatter alike', async () => {
    const sources = new Map([
      ['api/flat.mdx', '---\ntitle: "Get a user"\nopenapi: "GET /users/{id}"\n---\n\nBody'],
      ['api/yaml.mdx', '---\ntitle: >-\n  Create a user\ntags:\n  - users\nopenapi: spec.yaml POST /users\n---\n'],
      ['api/twice.mdx', '---\nopenapi: GET /a\nopenapi: GET /b\n---\n'],
      ['api/bad.mdx', "---\nopenapi: 'not an operation'\n---\n"],
      ['api/channel.mdx', '---\nasyncapi: events.yaml chat\n---\n'],
      ['api/hook.mdx', '---\ntitle: Order updated\nopenapi: ./hooks.json webhook orderUpdated\n---\n'],
      ['guides/plain.mdx', '---\ntitle: Plain\n---\n'],
    ]);
    const { claims, invalid, asyncapiPages } = await scanFrontmatterClaims('/nonexistent', sources);
    expect(claims).toEqual([
      { method: 'GET', path: '/users/{id}', page: 'api/flat', source: 'api/flat.mdx', title: 'Get a user', line: 3 },
      // A webhook is named by its key under `webhooks`; its document beside the page, as for operations.
      { file: 'api/hooks.json', method: 'WEBHOOK', path: 'orderUpdated', page: 'api/hook', source: 'api/hook.mdx', title: 'Order updated', line: 3 },
      { file: 'spec.yaml', method: 'POST', path: '/users', page: 'api/yaml', source: 'api/yaml.mdx', title: 'Create a user', line: 6 },
    ]);
    expect(invalid).toEqual([{ source: 'api/bad.mdx', line: 2, value: 'not an operation' }]);
    expect(asyncapiPages).toEqual([{ source: 'api/channel.mdx', line: 2, value: 'events.yaml chat' }]);
  });
});
