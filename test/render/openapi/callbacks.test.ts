/**
 * An operation's `callbacks`, as Mintlify shows them: a section between the request body
 * and the responses, each callback request collapsed under its method, URL expression and
 * name, opened on the same body and response parts as the operation's own; the `.md` twin
 * says the same in the same place. The document is Mintlify's own example (its
 * openapi-setup page, "Callbacks").
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { renderEndpointPage } from '../../../src/render/openapi/index.js';
import { tempDir, writeFiles, type TempDir } from '../site/make-site.js';
import { pageContext, siteConfig } from './helpers.js';

const SUBSCRIBE = {
  openapi: '3.1.0',
  info: { title: 'Orders', version: '1' },
  servers: [{ url: 'https://api.orders.example' }],
  paths: {
    '/subscribe': {
      post: {
        summary: 'Subscribe to events',
        requestBody: { required: true, content: { 'application/json': { schema: { type: 'object', properties: { callbackUrl: { type: 'string', format: 'uri' } } } } } },
        responses: { 201: { description: 'Subscription created' } },
        callbacks: {
          orderUpdated: {
            '{$request.body#/callbackUrl}': {
              post: {
                description: 'Sent when an order **changes**.',
                requestBody: { required: true, content: { 'application/json': { schema: { type: 'object', properties: { orderId: { type: 'string' }, status: { type: 'string', enum: ['paid', 'shipped'] } } } } } },
                responses: { 200: { description: 'Callback received' } },
              },
            },
          },
        },
      },
    },
  },
};

describe('renderEndpointPage with callbacks', () => {
  let dir: TempDir;
  beforeAll(() => {
    dir = tempDir('quire-callbacks-');
    writeFiles(dir.path, { 'orders.json': JSON.stringify(SUBSCRIBE) });
  });
  afterAll(() => dir.cleanup());

  it('shows each callback between the body and the responses, collapsed, with the body and response parts', async () => {
    const page = await renderEndpointPage({ page: 'api/subscribe', title: 'Subscribe to events', method: 'POST', path: '/subscribe', file: 'orders.json' }, pageContext(dir.path, siteConfig()));
    const { html } = page;
    const at = (s: string) => html.indexOf(s);
    expect(at('<h2 id="body">')).toBeGreaterThan(-1);
    expect(at('<h2 id="body">')).toBeLessThan(at('<h2 id="callbacks">'));
    expect(at('<h2 id="callbacks">')).toBeLessThan(at('<h2 id="response">'));
    expect(html).toContain('<details class="api-callback" data-callback="orderUpdated"><summary class="api-callback-summary"><span class="api-method api-method-post">POST</span> <code class="api-callback-expression">{$request.body#/callbackUrl}</code> <span class="api-callback-name">orderUpdated</span></summary>');
    const callback = html.slice(at('<section class="api-callbacks">'), at('<h2 id="response">'));
    expect(callback).toContain('<p>Sent when an order <strong>changes</strong>.</p>');
    // The same parts as the operation's, two levels deeper, their ids the callback's.
    expect(callback).toMatch(/<h4 id="callback-orderupdated-body">Body <span class="api-badge api-badge-required">required<\/span>/);
    expect(callback).toContain('<div class="api-field" id="callback-orderupdated-body-order-id">');
    expect(callback).toContain('<code class="api-field-name">orderId</code>');
    expect(callback).toContain('Allowed values: <code>paid</code>, <code>shipped</code>');
    expect(callback).toMatch(/<h5 id="callback-orderupdated-response-200">200 <span class="api-status-text">OK<\/span>/);
    expect(callback).toContain('<p>Callback received</p>');
    // The operation's own ids are as without callbacks; collapsed parts stay out of the table of contents.
    expect(html).toContain('<div class="api-field" id="body-callback-url">');
    expect(html).toContain('<h3 id="response-201">');
    expect(page.headings.map((h) => h.id)).toEqual(['body', 'callbacks', 'response', 'response-201']);
    expect(page.markdown).toContain([
      '## Request body', '', '`application/json` (required): object', '', '- `callbackUrl` (string<uri>)', '',
      '## Callbacks', '', '### orderUpdated: `POST {$request.body#/callbackUrl}`', '', 'Sent when an order **changes**.', '',
      '#### Request body', '', '`application/json` (required): object', '', '- `orderId` (string)', '- `status` (string, one of: "paid", "shipped")', '',
      '#### Responses', '', '##### 200', '', 'Callback received', '',
      '## Responses', '', '### 201', '', 'Subscription created',
    ].join('\n'));
  });

  it('leaves the section out of an operation without callbacks', async () => {
    const doc = structuredClone(SUBSCRIBE) as { paths: Record<string, { post: Record<string, unknown> }> };
    delete doc.paths['/subscribe'].post.callbacks;
    writeFiles(dir.path, { 'plain.json': JSON.stringify(doc) });
    const page = await renderEndpointPage({ page: 'api/plain', title: 'Subscribe', method: 'POST', path: '/subscribe', file: 'plain.json' }, pageContext(dir.path, siteConfig()));
    expect(page.html).not.toContain('api-callback');
    expect(page.markdown).not.toContain('Callbacks');
    expect(page.headings.map((h) => h.id)).toEqual(['body', 'response', 'response-201']);
  });
});
