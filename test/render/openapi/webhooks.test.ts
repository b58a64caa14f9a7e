/**
 * OpenAPI 3.1 webhooks, as Mintlify shows them: a page whose frontmatter says
 * `openapi: "file webhook name"` shows that webhook (method, a webhook marker, the payload
 * the API sends, the answers it expects, no playground); an `openapi` navigation node also
 * makes a page per webhook, after the operations, in their tag groups, `x-hidden` and
 * `x-excluded` honoured; a name the document lacks is an error naming the page, its line
 * and the names there. The document is shaped after firecrawl's webhooks-openapi.json.
 */
import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { planApiReference, renderEndpointPage } from '../../../src/render/openapi/index.js';
import { parseOperationReference } from '../../../src/render/openapi/operation-reference.js';
import { pageEntry } from '../../../src/render/config/navigation.js';
import type { NavNode } from '../../../src/render/types.js';
import { exportedSite, tempDir, writeFiles, type ExportedSite, type TempDir } from '../site/make-site.js';
import { endpoint, group, pageContext, siteConfig } from './helpers.js';

const payload = (type: string, example?: Record<string, unknown>) => ({
  required: true,
  content: {
    'application/json': {
      schema: {
        type: 'object', required: ['type', 'id'],
        properties: {
          type: { type: 'string', const: type, description: 'The event type.' },
          id: { type: 'string', format: 'uuid', description: 'The crawl job ID.' },
          metadata: { $ref: '#/components/schemas/WebhookMetadata' },
        },
      },
      ...(example ? { example } : {}),
    },
  },
});
const ack = { 200: { description: 'Return any `2xx` status code to acknowledge receipt.' } };

export const HOOKS = {
  openapi: '3.1.0',
  info: { title: 'Crawler', version: 'v2' },
  servers: [{ url: 'https://api.crawler.example/v2' }],
  // How to call the API: not how the API calls the reader's server, so not on a webhook page.
  security: [{ bearer: [] }],
  paths: {
    '/crawl': { post: { summary: 'Start a crawl', tags: ['Crawl'], responses: { 200: { description: 'Started' } } } },
  },
  webhooks: {
    crawlStarted: {
      post: {
        summary: 'Crawl Started', operationId: 'crawlStarted', tags: ['Crawl'],
        description: 'Sent when a crawl job begins processing.',
        parameters: [{ $ref: '#/components/parameters/Signature' }],
        requestBody: payload('crawl.started', { type: 'crawl.started', id: '550e8400-e29b-41d4-a716-446655440000' }),
        responses: ack,
      },
    },
    crawlPage: { post: { summary: 'Crawl Page', tags: ['Crawl'], requestBody: payload('crawl.page'), responses: ack } },
    agentCompleted: { post: { requestBody: payload('agent.completed'), responses: ack } },
    agentFailed: { post: { 'x-hidden': true, tags: ['Agent'], requestBody: payload('agent.failed'), responses: ack } },
    internalProbe: { post: { 'x-excluded': true, tags: ['Crawl'], requestBody: payload('internal.probe'), responses: ack } },
  },
  components: {
    parameters: { Signature: { name: 'X-Signature', in: 'header', schema: { type: 'string' }, description: 'HMAC-SHA256 signature of the raw request body.' } },
    schemas: { WebhookMetadata: { type: 'object', description: 'The metadata you set on the webhook.', additionalProperties: true } },
    securitySchemes: { bearer: { type: 'http', scheme: 'bearer' } },
  },
};
const HOOK_NAMES = 'crawlStarted, crawlPage, agentCompleted, agentFailed, internalProbe';

const pagesOf = (nodes: NavNode[]): unknown[] => nodes.map((n) => (n.kind === 'page' ? n.page : n.kind === 'group' ? { [n.group]: pagesOf(n.children) } : n.kind));

describe('webhook references', () => {
  it('reads `webhook name` with and without a document, in frontmatter and in navigation pages', () => {
    expect(parseOperationReference('webhook crawlStarted')).toEqual({ method: 'WEBHOOK', path: 'crawlStarted' });
    expect(parseOperationReference('/api-reference/webhooks-openapi.json webhook crawlStarted')).toEqual({ file: '/api-reference/webhooks-openapi.json', method: 'WEBHOOK', path: 'crawlStarted' });
    // Mintlify's visibility example names its webhooks like paths.
    expect(parseOperationReference('api.json WEBHOOK /plants_hook')).toEqual({ file: 'api.json', method: 'WEBHOOK', path: '/plants_hook' });
    expect(parseOperationReference('webhook')).toBeNull();
    expect(parseOperationReference('a.json webhook two words')).toBeNull();
    expect(pageEntry('webhook crawlStarted')).toEqual({ kind: 'endpoint', method: 'WEBHOOK', path: 'crawlStarted' });
    expect(pageEntry('hooks.json webhook /plants_hook')).toEqual({ kind: 'endpoint', method: 'WEBHOOK', path: '/plants_hook', file: 'hooks.json' });
    expect(pageEntry('webhooks/overview')).toEqual({ kind: 'page', page: 'webhooks/overview' });
  });
});

describe('planApiReference with webhooks', () => {
  let dir: TempDir;
  beforeAll(() => {
    dir = tempDir('quire-webhooks-');
  });
  afterAll(() => dir.cleanup());

  it('gives a page whose frontmatter names a webhook that webhook, with or without the document named', async () => {
    const root = join(dir.path, 'claims');
    writeFiles(root, {
      'api/webhooks.json': JSON.stringify(HOOKS),
      'hooks/started.mdx': '---\ntitle: "Crawl Started"\nopenapi: "/api/webhooks.json webhook crawlStarted"\n---\n\nSee the overview.\n',
      'hooks/page.mdx': '---\nopenapi: webhook crawlPage\n---\n',
      'hooks/typo.mdx': '---\ntitle: Typo\nopenapi: "api/webhooks.json webhook crawlstarted"\n---\n',
      'hooks/nowhere.mdx': '---\nopenapi: webhook crawlEnded\n---\n',
    });
    const plan = await planApiReference(root, siteConfig(), 'cloud');
    expect(plan.endpoints).toEqual([
      { page: 'hooks/page', title: 'Crawl Page', method: 'POST', path: 'crawlPage', webhook: true, file: 'api/webhooks.json', contentPage: 'hooks/page' },
      { page: 'hooks/started', title: 'Crawl Started', method: 'POST', path: 'crawlStarted', webhook: true, file: 'api/webhooks.json', contentPage: 'hooks/started' },
    ]);
    // The names are exact (as Mintlify matches them): a wrong case is reported with the names there.
    expect(plan.diagnostics).toEqual([
      { severity: 'error', file: 'hooks/nowhere.mdx', line: 2, path: 'openapi', message: `Webhook crawlEnded not found in api/webhooks.json (#/webhooks/crawlEnded); api/webhooks.json has webhooks ${HOOK_NAMES}` },
      { severity: 'error', file: 'hooks/typo.mdx', line: 3, path: 'openapi', message: `Webhook crawlstarted not found in api/webhooks.json (#/webhooks/crawlstarted); api/webhooks.json has webhooks ${HOOK_NAMES}` },
    ]);
  });

  it('fills an openapi group with the webhooks after the operations, by tag, x-hidden out of the groups and x-excluded left out', async () => {
    const root = join(dir.path, 'nav');
    writeFiles(root, { 'webhooks.json': JSON.stringify(HOOKS) });
    const config = siteConfig({ root: [group('API', [], 'webhooks.json'), group('Hidden ones', [endpoint('WEBHOOK', 'agentFailed', 'webhooks.json'), endpoint('WEBHOOK', 'nope', 'webhooks.json')])] });
    const plan = await planApiReference(root, config, 'cloud');
    expect(pagesOf(plan.navigation.root)).toEqual([
      { API: [
        { Crawl: ['api-reference/crawl/start-a-crawl', 'api-reference/crawl/crawl-started', 'api-reference/crawl/crawl-page'] },
        // Untagged, without a summary: the name slugged, as Mintlify's processOpenApiWebhook names the file.
        { 'API Reference': ['api-reference/agentcompleted'] },
      ] },
      // The hidden webhook has its page, reached when the navigation names it.
      { 'Hidden ones': ['api-reference/agent/agentfailed'] },
    ]);
    expect(plan.diagnostics).toEqual([
      { severity: 'error', file: 'docs.json', path: 'navigation.groups[1].pages[1]', message: `Webhook nope not found in webhooks.json (#/webhooks/nope); webhooks.json has webhooks ${HOOK_NAMES}` },
    ]);
    const hooks = plan.endpoints.filter((e) => e.webhook);
    expect(hooks.map((e) => [e.page, e.title, e.method, e.path])).toEqual([
      ['api-reference/crawl/crawl-started', 'Crawl Started', 'POST', 'crawlStarted'],
      ['api-reference/crawl/crawl-page', 'Crawl Page', 'POST', 'crawlPage'],
      ['api-reference/agentcompleted', 'agentCompleted', 'POST', 'agentCompleted'],
      ['api-reference/agent/agentfailed', 'agentFailed', 'POST', 'agentFailed'],
    ]);
    expect(plan.endpoints.find((e) => e.path === '/crawl')).not.toHaveProperty('webhook');
  });
});

describe('renderEndpointPage on a webhook', () => {
  let dir: TempDir;
  beforeAll(() => {
    dir = tempDir('quire-webhook-page-');
    writeFiles(dir.path, { 'webhooks.json': JSON.stringify(HOOKS) });
  });
  afterAll(() => dir.cleanup());
  const spec = { page: 'hooks/started', title: 'Crawl Started', method: 'POST', path: 'crawlStarted', webhook: true as const, file: 'webhooks.json' };

  it('shows the method, a webhook marker and the name, the payload and the expected answers, and nothing to try', async () => {
    const page = await renderEndpointPage(spec, pageContext(dir.path, siteConfig()));
    const { html } = page;
    expect(html).toContain('data-api-endpoint data-method="POST" data-webhook>');
    expect(html).toContain('<div class="api-request-bar api-webhook-bar"><span class="api-method api-method-post">POST</span> <span class="api-webhook-badge">Webhook</span> <code class="api-request-url">crawlStarted</code></div>');
    // No playground, no URL of the API's servers, no generated request to the API.
    expect(html).not.toContain('data-api-operation');
    expect(html).not.toContain('api.crawler.example');
    expect(html).not.toContain('cURL');
    // The document-wide security is how to call the API, not what the receiver checks.
    expect(page.headings.map((h) => h.id)).toEqual(['header-parameters', 'body', 'response', 'response-200']);
    expect(html).toContain('<code class="api-field-name">X-Signature</code>');
    expect(html).toMatch(/<code class="api-field-name">type<\/code><\/a> <span class="api-field-type">string<\/span> <span class="api-badge api-badge-required">required<\/span>/);
    // The payload example beside the reference, and the answer expected of the receiver.
    expect(html).toMatch(/<div class="api-tab-title">Payload<\/div>[\s\S]*550e8400-e29b-41d4-a716-446655440000/);
    expect(html).toContain('<div class="api-tab-title">200</div><p class="api-note">Return any <code>2xx</code> status code to acknowledge receipt.</p>');
    expect(page.description).toBe('Sent when a crawl job begins processing.');
    expect(page.frontmatter.openapi).toBe('webhooks.json webhook crawlStarted');
    expect(page.diagnostics).toEqual([]);
    expect(page.markdown).toBe([
      'Webhook: `crawlStarted` (POST)', '',
      '## Headers', '', '- `X-Signature` (string): HMAC-SHA256 signature of the raw request body.', '',
      '## Request body', '', '`application/json` (required): object', '',
      '- `type` (string, required): The event type.', '- `id` (string<uuid>, required): The crawl job ID.', '- `metadata` (WebhookMetadata): The metadata you set on the webhook.', '',
      '## Responses', '', '### 200', '', 'Return any `2xx` status code to acknowledge receipt.',
    ].join('\n'));
  });

  it('generates a payload example from the schema when the document writes none, in the page language', async () => {
    const page = await renderEndpointPage({ ...spec, path: 'crawlPage', page: 'hooks/page' }, { ...pageContext(dir.path, siteConfig()), language: 'ko' });
    expect(page.html).toContain('<span class="api-webhook-badge">웹훅</span>');
    expect(page.html).toMatch(/&quot;crawl\.page&quot;/);
    expect(page.markdown).toContain('웹훅: `crawlPage` (POST)');
  });

  it('says so on the page when the document no longer has the webhook', async () => {
    const page = await renderEndpointPage({ ...spec, path: 'gone' }, pageContext(dir.path, siteConfig()));
    expect(page.html).toBe('<p class="api-note">Webhook gone is missing from webhooks.json.</p>');
    expect(page.markdown).toBe('Webhook `gone` is missing from `webhooks.json`.');
    expect(page.diagnostics).toEqual([{ severity: 'error', file: 'webhooks.json', path: 'webhooks["gone"].post', message: 'Webhook POST gone not found in webhooks.json' }]);
  });
});

describe('an exported site with webhook pages', () => {
  let site: ExportedSite;
  beforeAll(async () => {
    site = await exportedSite({
      'docs.json': JSON.stringify({
        name: 'Crawler', colors: { primary: '#ff4f00' },
        navigation: { groups: [{ group: 'Guides', pages: ['index', 'hooks/started'] }, { group: 'Reference', openapi: '/api/webhooks.json' }] },
      }),
      'index.mdx': '---\ntitle: Home\n---\n\nWelcome.\n',
      'api/webhooks.json': JSON.stringify(HOOKS),
      'hooks/started.mdx': '---\ntitle: "Crawl Started"\ndescription: "Webhook event sent when a crawl job begins processing."\nopenapi: "/api/webhooks.json webhook crawlStarted"\n---\n\nSee [Home](/index) for retries.\n',
      'hooks/typo.mdx': '---\ntitle: Typo\nopenapi: "/api/webhooks.json webhook crawlstarted"\n---\n',
    });
  }, 120_000);
  afterAll(() => site.cleanup());

  it('renders them like endpoint pages: sidebar marker, page, Markdown twin, llms.txt and search', () => {
    expect(site.diagnostics.filter((d) => d.severity === 'error')).toEqual([
      { severity: 'error', file: 'hooks/typo.mdx', line: 3, path: 'openapi', message: `Webhook crawlstarted not found in api/webhooks.json (#/webhooks/crawlstarted); api/webhooks.json has webhooks ${HOOK_NAMES}` },
    ]);
    const html = site.read('hooks/started.html');
    expect(html).toContain('<span class="api-webhook-badge">Webhook</span> <code class="api-request-url">crawlStarted</code>');
    expect(html).toMatch(/<div class="api-content"><p>See <a href="(\.\/)?(\.\.\/)?index\.html">Home<\/a> for retries\.<\/p><\/div>/);
    // Every page's sidebar marks the webhook pages, the claimed one and the generated ones.
    expect(html).toMatch(/<span class="method method-webhook">HOOK<\/span><span class="nav-label">Crawl Started<\/span>/);
    expect(site.read('api-reference/crawl/crawl-page.html')).toContain('<span class="method method-webhook">HOOK</span><span class="nav-label">Crawl Page</span>');
    expect(site.read('api-reference/crawl/start-a-crawl.html')).toContain('<span class="method method-post">POST</span><span class="nav-label">Start a crawl</span>');
    expect(site.read('hooks/started.md')).toContain('See [Home](../index.md) for retries.\n\nWebhook: `crawlStarted` (POST)\n\n## Headers');
    expect(site.read('llms.txt')).toContain('- [Crawl Started](hooks/started.md): Webhook event sent when a crawl job begins processing.');
    expect(site.read('llms.txt')).toContain('- [Crawl Page](api-reference/crawl/crawl-page.md)');
    const searchFiles = readdirSync(join(site.out, 'search'), { recursive: true, encoding: 'utf8' }).filter((f) => f.endsWith('.json'));
    const search = searchFiles.map((f) => readFileSync(join(site.out, 'search', f), 'utf8')).join('\n');
    expect(search).toContain('hooks/started');
    expect(search).toContain('X-Signature');
    expect((JSON.parse(site.read('agents.json')) as { pages: unknown[] }).pages).toEqual(expect.arrayContaining([expect.objectContaining({ page: 'hooks/started', method: 'WEBHOOK' })]));
  });
});
