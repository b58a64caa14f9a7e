import { describe, expect, it } from 'vitest';
import { renderEndpointPage, type EndpointPageSpec } from '../../../src/render/openapi/index.js';
import type { SiteConfig } from '../../../src/render/types.js';
import { FIXTURES, pageContext, siteConfig } from './helpers.js';
import { searchSections } from '../../../src/render/search/search-text.js';

const spec = (file: string, method: string, path: string, page: string, title = page): EndpointPageSpec => ({ page, title, method, path, file });

async function render(s: EndpointPageSpec, config: SiteConfig = siteConfig(), deployment: 'cloud' | 'air-gapped' = 'cloud', content?: string) {
  return renderEndpointPage(s, pageContext(FIXTURES, config, deployment, ['guides/pets']), content);
}

/** Text of the HTML (highlighted code is split into token spans). */
const text = (html: string) => html.replace(/<[^>]*>/g, '').replace(/&quot;/g, '"').replace(/&lt;/g, '<').replace(/&gt;/g, '>').replace(/&#39;/g, "'").replace(/&amp;/g, '&');

/**
 * Snapshots keep code blocks as plain text: token colours belong to the shared highlighter
 * (tested with it) and would make these snapshots fail for reasons outside this module.
 */
const snapshotHtml = (html: string) => html.replace(/(<pre class="q-code-pre[^"]*"[^>]*><code>)([\s\S]*?)(<\/code><\/pre>)/g, (_m, open: string, inner: string, close: string) => open + inner.replace(/<[^>]*>/g, '') + close);

/** The operation data block the playground script reads. */
function operationData(html: string): Record<string, unknown> {
  const m = /<script type="application\/json" data-api-operation>([\s\S]*?)<\/script>/.exec(html);
  expect(m).not.toBeNull();
  return JSON.parse(m![1]) as Record<string, unknown>;
}

describe('renderEndpointPage: OpenAPI 3.0 JSON (petstore)', () => {
  it('GET /pets: badge, highlighted path, parameters by location, responses, samples, playground (snapshot)', async () => {
    const page = await render(spec('petstore-3.0.json', 'GET', '/pets', 'api-reference/pets/get-pets', 'List pets'));
    await expect(snapshotHtml(page.html)).toMatchFileSnapshot('__snapshots__/petstore-get-pets.html');
    const { html } = page;
    expect(html).toContain('<span class="api-method api-method-get">GET</span>');
    expect(html).toContain('<span class="api-server">https://eu.petstore.example.com/v1</span>/pets');
    // Parameters: names, types, formats, required, defaults, enums, examples, constraints.
    expect(html).toMatch(/<code class="api-field-name">limit<\/code><\/a> <span class="api-field-type">integer&lt;int32&gt;<\/span>/);
    expect(html).toContain('Default: <code>20</code>');
    expect(html).toContain('<code>&gt;= 1</code>, <code>&lt;= 100</code>');
    expect(html).toContain('Allowed values: <code>available</code>, <code>pending</code>, <code>sold</code>');
    expect(html).toMatch(/X-Request-Id<\/code><\/a> <span class="api-field-type">string&lt;uuid&gt;<\/span> <span class="api-badge api-badge-required">required<\/span>/);
    // a field's name, type and badges stay apart words in the search text (flex items, not one run)
    const words = searchSections(html).map((s) => s.text).join(' ');
    expect(words).toContain('X-Request-Id string<uuid> required');
    expect(words).toMatch(/Default: 20 Constraints: >= 1, <= 100/);
    expect(page.headings.map((h) => h.id)).toEqual(['authorizations', 'query-parameters', 'header-parameters', 'cookie-parameters', 'response', 'response-200', 'response-default']);
    // Markdown description: bold kept, internal link resolved, script and javascript: dropped.
    expect(html).toContain('<strong>newest first</strong>');
    expect(html).toContain('<a href="/guides/pets.html">the guide</a>');
    expect(html).not.toMatch(/<script>alert|javascript:/);
    expect(page.brokenLinks).toEqual([]);
    // Bearer security from the document level.
    expect(html).toContain('Bearer authentication header of the form <code>Bearer &lt;token&gt;</code> (token format: JWT)');
    // Response 200 is an array of Pet (allOf merged): fields, nested owner expandable, header.
    expect(html).toContain('An array of objects with these fields:');
    expect(html).toMatch(/<details class="api-expandable"><summary>Show child attributes<\/summary>[\s\S]*?address/);
    expect(html).toContain('<code class="api-field-name">X-Total</code>');
    // Code samples: cURL, Python, JavaScript, Go.
    for (const label of ['cURL', 'Python', 'JavaScript', 'Go']) expect(html).toContain(`>${label}</button>`);
    expect(text(html)).toContain("--header 'Authorization: Bearer <token>'");
    // Playground data: parameters and servers for the script, `<` escaped.
    expect(operationData(html)).toMatchObject({ method: 'GET', path: '/pets', servers: ['https://eu.petstore.example.com/v1', 'https://sandbox.petstore.example.com/v1'], auth: [{ key: 'bearerAuth', kind: 'bearer' }] });
  });

  it('POST /pets: body per media type, alternatives of basic and API key auth, x-codeSamples first', async () => {
    const { html } = await render(spec('petstore-3.0.json', 'POST', '/pets', 'api-reference/pets/post-pets', 'Create a pet'));
    await expect(snapshotHtml(html)).toMatchFileSnapshot('__snapshots__/petstore-post-pets.html');
    expect(html).toContain('Any one of these schemes is accepted.');
    expect(html).toContain('Basic authentication header of the form <code>Basic &lt;encoded-value&gt;</code>');
    expect(html).toContain('API key sent in the <code>X-API-Key</code> header.');
    expect(html).toMatch(/role="tab"[^>]*>application\/json<\/button>[\s\S]*role="tab"[^>]*>application\/x-www-form-urlencoded<\/button>/);
    expect(html).toMatch(/name<\/code><\/a> <span class="api-field-type">string<\/span> <span class="api-badge api-badge-required">required<\/span>/);
    expect(html).toContain('<span class="api-field-type">string | null</span>'); // nullable tag
    expect(html).not.toMatch(/api-body[\s\S]*?>id<\/code>[\s\S]*?api-responses/); // readOnly id is not part of the request
    const tabsOrder = [...html.matchAll(/id="api-[0-9a-f]+-code-t\d+"[^>]*>([^<]+)</g)].map((m) => m[1]);
    expect(tabsOrder).toEqual(['Ruby SDK', 'cURL', 'Python', 'JavaScript', 'Go']);
    expect(text(html)).toContain('Petstore::Pet.create(name: "Rex")');
    // The body textarea is seeded with the document's example.
    expect(html).toMatch(/<textarea name="body"[^>]*>\{\n {2}&quot;name&quot;: &quot;Rex&quot;,\n {2}&quot;tag&quot;: &quot;dog&quot;\n\}<\/textarea>/);
  });

  it('GET /pets/{petId}: path-level parameter, API key in query and cookie, OAuth2 flows and scopes, named example', async () => {
    const { html } = await render(spec('petstore-3.0.json', 'GET', '/pets/{petId}', 'p', 'Get a pet'));
    expect(html).toContain('/pets/<span class="api-path-param">{petId}</span>');
    expect(html).toContain('API key sent in the <code>api_key</code> query parameter.');
    expect(html).toContain('API key sent in the <code>pet_session</code> cookie.');
    expect(html).toContain('authorizationCode flow: authorization URL <code>https://auth.petstore.example.com/authorize</code>');
    expect(html).toContain('Required scopes: <code>pets:read</code>');
    expect(html).toContain('>200 · A dog</button>');
    expect(text(html)).toContain('/pets/42?api_key=<api-key>'); // placeholder kept verbatim, not URL-encoded
  });

  it('marks deprecated operations', async () => {
    const page = await render(spec('petstore-3.0.json', 'DELETE', '/pets/{petId}', 'd', 'Delete a pet'));
    expect(page.html).toContain('<strong>Deprecated.</strong>');
    expect(page.frontmatter.deprecated).toBe(true);
  });
});

describe('renderEndpointPage: OpenAPI 3.1 YAML (library)', () => {
  it('GET /books: 3.1 type arrays and examples arrays (snapshot)', async () => {
    const { html } = await render(spec('library-3.1.yaml', 'GET', '/books', 'api-reference/books/get-books', 'Search books'));
    await expect(snapshotHtml(html)).toMatchFileSnapshot('__snapshots__/library-get-books.html');
    expect(html).toContain('<span class="api-field-type">integer | null</span>');
    expect(html).toContain('Example: <code>dune</code>');
    expect(html).toContain('Constraints: <code>&gt;= 1450</code>');
    expect(text(html)).toContain('"title": "Dune"'); // response example generated from schema examples
    expect(html).toContain('Value: <code>book</code>'); // const
  });
});

describe('renderEndpointPage: Swagger 2.0 (converted)', () => {
  it('renders a converted operation: server from host/basePath, body parameter as request body, API key', async () => {
    const post = await render(spec('swagger-2.0.json', 'POST', '/things', 'api-reference/things/post-things', 'Create a thing'));
    expect(post.html).toContain('<span class="api-server">https://old.example.com/v1</span>/things');
    expect(post.html).toContain('<h2 id="body">Body <span class="api-badge api-badge-required">required</span>');
    expect(post.html).toMatch(/<code class="api-field-name">name<\/code><\/a> <span class="api-field-type">string<\/span> <span class="api-badge api-badge-required">required<\/span>/);
    expect(post.html).toContain('API key sent in the <code>X-Old-Key</code> header.');
    const get = await render(spec('swagger-2.0.json', 'GET', '/things/{id}', 'g', 'Get a thing'));
    expect(text(get.html)).toContain('"name": "widget"');
    expect(get.html).toContain('<span class="api-field-type">integer&lt;int64&gt;</span>');
  });
});

describe('renderEndpointPage: recursion, oneOf and discriminator', () => {
  it('renders a recursive schema once and notes the cycle', async () => {
    const page = await render(spec('recursive.yaml', 'GET', '/tree', 'tree', 'Category tree'));
    const { html } = page;
    await expect(snapshotHtml(html)).toMatchFileSnapshot('__snapshots__/recursive-get-tree.html');
    // A plain one-paragraph description is the page description (shown under the title), not repeated in the body.
    expect(page.description).toBe('Returns the whole category tree from its root.');
    expect(html).not.toContain('Returns the whole category tree');
    expect(html).toContain('<div class="api-schema-desc"><p>A category and its sub-categories.</p></div>');
    expect(html).toContain('Circular reference to Node');
    expect(html).toContain('<span class="api-field-type">Node[]</span>');
    expect(text(html)).toMatch(/"children": \[\]/); // the generated example stops at the cycle
  });

  it('shows oneOf options as choices labelled with their discriminator values', async () => {
    const { html } = await render(spec('recursive.yaml', 'POST', '/animals', 'animals', 'Add an animal'));
    await expect(snapshotHtml(html)).toMatchFileSnapshot('__snapshots__/recursive-post-animals.html');
    expect(html).toContain('One of (discriminator <code>kind</code>)');
    expect(html).toContain('Cat <span class="api-choice-when">kind = <code>cat</code></span>');
    expect(html).toContain('Dog <span class="api-choice-when">kind = <code>dog</code></span>');
    expect(html).toContain('Circular reference to Animal'); // Cat.friend -> Animal
    expect(html).toContain('Circular reference to Dog'); // Dog.pack[] -> Dog
    expect(text(html)).toContain('"kind": "cat"');
  });
});

describe('renderEndpointPage: field anchors', () => {
  it('gives every field the id Mintlify links use: location, kebab-case path, one-of-N, numbered repeats', async () => {
    const { html } = await render(spec('field-anchors.yaml', 'POST', '/indexes/{indexUid}/search', 'search', 'Search'), siteConfig(), 'cloud', '<h2 id="body-q">Own heading</h2>');
    const ids = [...html.matchAll(/class="api-(?:field|choice)" id="([^"]+)"/g)].map((m) => m[1]);
    expect(ids).toEqual([
      'param-index-uid', 'query-page-size', 'header-x-trace-id',
      // `body-q` is the MDX content's own heading, so the field is numbered.
      'body-q-2', 'body-show-ranking-score-threshold', 'body-hybrid', 'body-hybrid-semantic-ratio',
      'body-filterable-attributes', 'body-filterable-attributes-one-of-0', 'body-filterable-attributes-one-of-1',
      'body-personalize', 'body-personalize-one-of-0', 'body-personalize-one-of-1', 'body-personalize-one-of-1-user-context',
      'response-one-of-0', 'response-one-of-0-page', 'response-one-of-0-hits-per-page', 'response-one-of-1', 'response-one-of-1-offset',
      // A second response's fields come after the first's, numbered only where they repeat.
      'response-code',
    ]);
    expect(html).toContain('<a class="api-field-link" href="#body-show-ranking-score-threshold"><code class="api-field-name">showRankingScoreThreshold</code></a>');
    expect(new Set(ids).size).toBe(ids.length);
  });
});

describe('renderEndpointPage: configuration', () => {
  it('honours api.examples.languages, api.servers and the MDX content above the reference', async () => {
    const config = siteConfig({ api: { examples: { languages: ['bash', 'node', 'rust', 'cobol'] }, servers: ['https://staging.example.org'] } });
    const { html } = await render(spec('recursive.yaml', 'GET', '/tree', 'tree', 'Tree'), config, 'cloud', '<h2 id="response">About</h2><p>Own words</p>');
    const labels = [...html.matchAll(/-code-t\d+"[^>]*>([^<]+)</g)].map((m) => m[1]);
    expect(labels).toEqual(['cURL', 'Node.js', 'Rust']);
    expect(html).toContain('https://staging.example.org/tree');
    expect(html.indexOf('Own words')).toBeLessThan(html.indexOf('api-request-bar'));
    expect(html).toContain('id="response-2"'); // the content already uses "response"
  });

  it('playground display: interactive form, simple URL only, none; air-gapped needs an explicit opt-in', async () => {
    const s = spec('recursive.yaml', 'GET', '/tree', 'tree', 'Tree');
    const interactive = (await render(s)).html;
    expect(interactive).toContain('data-api-playground');
    expect(interactive).toContain('<button type="submit" class="api-pg-send">Send</button>');
    const simple = (await render(s, siteConfig({ api: { playground: { display: 'simple' } } }))).html;
    expect(simple).toContain('api-request-bar');
    expect(simple).not.toContain('data-api-playground');
    const none = (await render(s, siteConfig({ api: { playground: { display: 'none' } } }))).html;
    expect(none).not.toContain('api-request-bar');
    expect(none).not.toContain('data-api-playground');
    expect((await render(s, siteConfig(), 'air-gapped')).html).not.toContain('data-api-playground');
    expect((await render(s, siteConfig({ api: { playground: { enabledInAirGapped: true } } }), 'air-gapped')).html).toContain('data-api-playground');
  });

  it('reports an operation that disappeared from the document', async () => {
    const page = await render(spec('recursive.yaml', 'GET', '/gone', 'gone', 'Gone'));
    expect(page.diagnostics).toEqual([expect.objectContaining({ severity: 'error', file: 'recursive.yaml', message: 'Operation GET /gone not found in recursive.yaml' })]);
  });
});
