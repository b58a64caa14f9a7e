/**
 * AsyncAPI channel pages: a small site shaped after Mintlify's own docs (an `asyncapi` group
 * with `{source, directory}` beside its own pages, a tab naming a 2.6 document without its
 * extension, a page whose frontmatter names a channel), planned from docs.json and exported,
 * plus documents that are broken in the ways the planner must report with file and line.
 */
import { createServer, type Server } from 'node:http';
import { existsSync, mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loadSiteConfig } from '../../../src/render/config/index.js';
import { exportSite } from '../../../src/render/export-site.js';
import { planApiReference, renderChannelPage, type ApiReferencePlan } from '../../../src/render/openapi/index.js';
import { checkAsyncDocument } from '../../../src/render/openapi/asyncapi-document.js';
import type { ExportReport, NavNode } from '../../../src/render/types.js';
import { pageContext, siteConfig } from './helpers.js';

const STREAMS = `asyncapi: 3.0.0
info: { title: Streams, version: "1" }
servers:
  production: { host: chat.example.com, protocol: wss }
channels:
  chat:
    title: Chat room
    description: Messages of one room.
    tags: [{ name: Chat }]
    address: rooms/{roomId}
    parameters:
      roomId: { description: The room's id. }
    bindings:
      ws:
        query: { type: object, properties: { token: { type: string, description: Access token } } }
        bindingVersion: 0.1.0
    messages:
      postMessage: { $ref: '#/components/messages/PostMessage' }
      roomEvent: { $ref: '#/components/messages/RoomEvent' }
  tickerFeed:
    address: ticker
    messages:
      tick:
        payload: { schemaFormat: application/vnd.aai.asyncapi+json;version=3.0.0, schema: { $ref: '#/components/schemas/Tick' } }
operations:
  postToRoom:
    action: receive
    channel: { $ref: '#/channels/chat' }
    messages: [{ $ref: '#/channels/chat/messages/postMessage' }]
  roomEvents:
    action: send
    channel: { $ref: '#/channels/chat' }
    messages: [{ $ref: '#/channels/chat/messages/roomEvent' }]
  ticks:
    action: send
    channel: { $ref: '#/channels/tickerFeed' }
components:
  schemas:
    Tick: { type: string, description: Time of the tick, examples: ["12:00:01"] }
  messages:
    PostMessage:
      title: Post a message
      summary: Sends a message to the room.
      contentType: application/json
      payload:
        type: object
        required: [text]
        properties:
          text: { type: string, description: The message text }
          replyTo: { type: string }
      examples: [{ name: hello, payload: { text: Hello room } }]
    RoomEvent:
      payload:
        type: object
        properties:
          kind: { type: string, enum: [joined, left] }
`;

const LEGACY = JSON.stringify({
  asyncapi: '2.6.0',
  info: { title: 'Legacy', version: '1' },
  servers: { main: { url: 'events.example.com/v1', protocol: 'ws' } },
  channels: {
    'user/signedup': {
      subscribe: { operationId: 'onSignup', message: { $ref: '#/components/messages/UserSignedUp' } },
      publish: { message: { oneOf: [{ messageId: 'ping', payload: { type: 'object', properties: { at: { type: 'integer' } } } }] } },
    },
  },
  components: { messages: { UserSignedUp: { name: 'UserSignedUp', title: 'User signed up', payload: { type: 'object', properties: { email: { type: 'string', format: 'email' } } } } } },
});

const DOCS_JSON = {
  name: 'Streams', colors: { primary: '#000' },
  navigation: { tabs: [
    { tab: 'Guides', groups: [{ group: 'Start', pages: ['index', 'realtime'] }] },
    { tab: 'Events', groups: [{ group: 'Streams', asyncapi: { source: '/specs/streams.yaml', directory: '/ws/' }, pages: ['events/overview'] }] },
    { tab: 'Legacy', asyncapi: 'legacy' },
  ] },
};

let root = '';
let plan: ApiReferencePlan;
beforeAll(async () => {
  root = mkdtempSync(path.join(tmpdir(), 'quire-asyncapi-'));
  mkdirSync(path.join(root, 'specs'));
  mkdirSync(path.join(root, 'events'));
  writeFileSync(path.join(root, 'specs/streams.yaml'), STREAMS);
  writeFileSync(path.join(root, 'legacy.json'), LEGACY);
  writeFileSync(path.join(root, 'docs.json'), JSON.stringify(DOCS_JSON));
  writeFileSync(path.join(root, 'index.mdx'), '---\ntitle: Home\n---\n\nSee the [chat room](/ws/chat/chat-room#payload-text).\n');
  writeFileSync(path.join(root, 'events/overview.mdx'), '---\ntitle: Overview\n---\n\nEvents.\n');
  writeFileSync(path.join(root, 'realtime.mdx'), '---\ntitle: Realtime\nasyncapi: "/specs/streams.yaml tickerFeed"\n---\n\nTicks arrive every second.\n');
  const { config } = await loadSiteConfig(root);
  plan = await planApiReference(root, config, 'cloud');
});
afterAll(() => rmSync(root, { recursive: true, force: true }));

const pagesOf = (nodes: NavNode[]): unknown[] => nodes.map((n) => (n.kind === 'page' ? n.page : n.kind === 'group' ? { [n.group]: pagesOf(n.children) } : n.kind));

describe('AsyncAPI channel pages', () => {
  it('gives each channel a page where Mintlify puts it, in groups by tag beside the node\'s own pages', () => {
    expect(plan.diagnostics).toEqual([]);
    const [, events, legacy] = plan.navigation.sections;
    expect(pagesOf(events.children)).toEqual([{ Streams: ['events/overview', { Chat: ['ws/chat/chat-room'] }, { Websockets: ['ws/websockets/tickerfeed'] }] }]);
    // A 2.x channel's id is its address; the slug drops the slash as Mintlify's does.
    expect(pagesOf(legacy.children)).toEqual([{ Websockets: ['api-reference/websockets/usersignedup'] }]);
    expect(plan.channels).toEqual([
      { kind: 'channel', page: 'realtime', title: 'Ticker feed', file: 'specs/streams.yaml', channel: 'tickerFeed', contentPage: 'realtime' },
      { kind: 'channel', page: 'ws/chat/chat-room', title: 'Chat room', file: 'specs/streams.yaml', channel: 'chat' },
      { kind: 'channel', page: 'ws/websockets/tickerfeed', title: 'Ticker feed', file: 'specs/streams.yaml', channel: 'tickerFeed' },
      { kind: 'channel', page: 'api-reference/websockets/usersignedup', title: 'User/signedup', file: 'legacy.json', channel: 'user/signedup' },
    ]);
    expect(plan.features['api-reference']).toEqual({ included: true });
    expect(plan.assets?.css).toContain('.api-ref');
  });

  it('renders a 3.0 channel: address per server, parameters, bindings, what the reader sends and receives, examples', async () => {
    const { config } = await loadSiteConfig(root);
    const spec = plan.channels.find((c) => c.channel === 'chat')!;
    const page = await renderChannelPage(spec, pageContext(root, config));
    expect(page.diagnostics).toEqual([]);
    expect(page.description).toBe('Messages of one room.');
    expect(page.html).toContain('<span class="api-method api-method-channel">WSS</span> <code class="api-request-url"><span class="api-server">wss://chat.example.com</span>/rooms/{roomId}</code>');
    expect(page.headings.map((h) => `${h.depth} ${h.text} #${h.id}`)).toEqual([
      '2 Parameters #parameters', '2 Bindings #bindings', '2 Send #send', '3 Post a message #message-postMessage', '2 Receive #receive', '3 Room event #message-roomEvent',
    ]);
    const send = page.html.slice(page.html.indexOf('id="send"'), page.html.indexOf('id="receive"'));
    expect(send).toContain('Sends a message to the room.');
    expect(send).toContain('application/json');
    expect(send).toMatch(/id="payload-text"[\s\S]*?text[\s\S]*?required[\s\S]*?The message text/);
    expect(send).not.toContain('kind');
    const receive = page.html.slice(page.html.indexOf('id="receive"'));
    expect(receive).toContain('joined');
    expect(page.html).toMatch(/id="param-room-id"[\s\S]*?roomId[\s\S]*?required[\s\S]*?The room&#39;s id\./);
    expect(page.html).toMatch(/data-protocol="ws"[\s\S]*?binding version 0\.1\.0[\s\S]*?token[\s\S]*?Access token/);
    // The document's own example for the sent message, one built from the schema for the other.
    expect(page.html).toMatch(/Send · Post a message[\s\S]*Receive · Room event/);
    expect(page.html).toMatch(/Hello room/);
    expect(page.markdown).toContain('wss://chat.example.com/rooms/{roomId}');
    expect(page.markdown).toMatch(/## Send\n\n### Post a message\n\nSends a message to the room\.\n\nPayload:\n\n- `text` \(string, required\): The message text/);
  });

  it('reads a payload given as {schemaFormat, schema} and a 2.6 document (publish is what the reader sends)', async () => {
    const { config } = await loadSiteConfig(root);
    const ticker = await renderChannelPage(plan.channels.find((c) => c.page === 'ws/websockets/tickerfeed')!, pageContext(root, config));
    expect(ticker.headings.map((h) => h.text)).toEqual(['Receive', 'Tick']);
    expect(ticker.html).toContain('Time of the tick');
    expect(ticker.html).toContain('12:00:01');
    const legacy = await renderChannelPage(plan.channels.find((c) => c.file === 'legacy.json')!, pageContext(root, config));
    expect(legacy.html).toContain('<span class="api-server">ws://events.example.com/v1</span>/user/signedup');
    expect(legacy.headings.map((h) => h.text)).toEqual(['Send', 'Ping', 'Receive', 'User signed up']);
    expect(legacy.html).toMatch(/id="receive"[\s\S]*email[\s\S]*email/);
  });

  it('exports the channel pages into the sidebar, the frontmatter page with its own content above the channel', async () => {
    const out = path.join(root, 'out');
    // One render thread: channel specs cross to it as data, and it loads the document itself.
    const report: ExportReport = await exportSite({ root, outDir: out, workers: 1 });
    expect(report.diagnostics).toEqual([]);
    const chat = readFileSync(path.join(out, 'ws/chat/chat-room.html'), 'utf8');
    expect(chat).toContain('<title>Chat room');
    expect(chat).toContain('id="payload-text"');
    // The Events tab's sidebar: the group's own page, then one group per tag.
    expect(chat).toMatch(/Streams[\s\S]*?Overview[\s\S]*?Chat<[\s\S]*?aria-current="page">Chat room<[\s\S]*?Websockets<[\s\S]*?Ticker feed</);
    // A deep link to a payload field resolves (the report above has no broken link).
    expect(readFileSync(path.join(out, 'index.html'), 'utf8')).toContain('<a href="ws/chat/chat-room.html#payload-text">chat room</a>');
    const realtime = readFileSync(path.join(out, 'realtime.html'), 'utf8');
    expect(realtime.indexOf('Ticks arrive every second.')).toBeGreaterThan(0);
    expect(realtime.indexOf('Ticks arrive every second.')).toBeLessThan(realtime.indexOf('Time of the tick'));
    expect(existsSync(path.join(out, 'api-reference/websockets/usersignedup.html'))).toBe(true);
    expect(readFileSync(path.join(out, 'ws/chat/chat-room.md'), 'utf8')).toContain('### Post a message');
  });
});

it('renders a channel whose payload and binding refer back to themselves, once, without looping', async () => {
  const dir = mkdtempSync(path.join(tmpdir(), 'quire-asyncapi-cycle-'));
  try {
    const doc = 'asyncapi: 3.0.0\ninfo: { title: T, version: "1" }\nchannels:\n  tree:\n    bindings: { ws: { query: { $ref: "#/components/schemas/Node" } } }\n    messages:\n      node: { payload: { $ref: "#/components/schemas/Node" } }\n'
      + 'components:\n  schemas:\n    Node: { type: object, properties: { name: { type: string }, children: { type: array, items: { $ref: "#/components/schemas/Node" } } } }\n';
    writeFileSync(path.join(dir, 'tree.yaml'), doc);
    writeFileSync(path.join(dir, 'docs.json'), JSON.stringify({ name: 'T', navigation: { groups: [{ group: 'G', asyncapi: 'tree.yaml' }] } }));
    expect((await checkAsyncDocument(dir, 'tree.yaml', 'cloud')).diagnostics).toEqual([]);
    const { config } = await loadSiteConfig(dir);
    const page = await renderChannelPage({ kind: 'channel', page: 'api-reference/websockets/tree', title: 'Tree', file: 'tree.yaml', channel: 'tree' }, pageContext(dir, config));
    expect(page.headings.map((h) => h.text)).toEqual(['Bindings', 'Messages', 'Node']);
    expect(page.html).toMatch(/id="payload-children"[\s\S]*Circular reference to Node/);
    expect(page.markdown).toContain('Binding `ws`:\n\n- `query` (Node)\n  - `name` (string)\n  - `children` (Node[])');
    expect(page.markdown).toContain('- `children` (Node[])\n  - `name` (string)');
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
});

describe('AsyncAPI documents that cannot be used', () => {
  let bad = '';
  beforeAll(() => {
    bad = mkdtempSync(path.join(tmpdir(), 'quire-asyncapi-bad-'));
    mkdirSync(path.join(bad, 'docs'));
    writeFileSync(path.join(bad, 'secret.yaml'), 'type: object\n');
    writeFileSync(path.join(bad, 'docs/ops.yaml'), 'asyncapi: 3.0.0\ninfo: { title: T, version: "1" }\nchannels:\n  a: { address: a }\noperations:\n  go:\n    action: publish\n    channel: { address: elsewhere }\n');
    writeFileSync(path.join(bad, 'docs/version.yaml'), 'asyncapi: 1.2.0\ninfo: { title: T, version: "1" }\nchannels: {}\n');
    writeFileSync(path.join(bad, 'docs/outside.yaml'), 'asyncapi: 3.0.0\ninfo: { title: T, version: "1" }\nchannels:\n  a:\n    messages:\n      m: { payload: { $ref: "../secret.yaml" } }\n');
    writeFileSync(path.join(bad, 'docs/broken.yaml'), 'asyncapi: 3.0.0\ninfo: { title: T, version: "1" }\nchannels:\n  a:\n    messages:\n      m: { $ref: "#/components/messages/Nope" }\n');
    writeFileSync(path.join(bad, 'docs/page.mdx'), '---\ntitle: P\nasyncapi: ops.yaml missing\n---\n');
    writeFileSync(path.join(bad, 'docs/docs.json'), JSON.stringify({
      name: 'Bad', colors: { primary: '#000' },
      navigation: { groups: [
        { group: 'A', asyncapi: ['ops.yaml', 'version.yaml'] },
        { group: 'B', asyncapi: 'outside.yaml' },
        { group: 'C', asyncapi: 'broken' },
        { group: 'D', asyncapi: 'nothing-here' },
        { group: 'E', asyncapi: 'http://127.0.0.1:9/events.yaml' },
      ] },
    }));
  });
  afterAll(() => rmSync(bad, { recursive: true, force: true }));

  it('reports each problem with the file, the JSON path and the line, and reads nothing outside the docs folder', async () => {
    const docs = path.join(bad, 'docs');
    const { config } = await loadSiteConfig(docs);
    const result = await planApiReference(docs, config, 'cloud');
    const errors = result.diagnostics.map((d) => `${d.file}:${d.line ?? '-'} ${d.path ?? ''} ${d.message}`);
    expect(errors).toEqual([
      'ops.yaml:7 operations.go.action Invalid AsyncAPI document ops.yaml at operations.go.action: "action" is "publish", expected "send" or "receive"',
      'ops.yaml:8 operations.go.channel Invalid AsyncAPI document ops.yaml at operations.go.channel: "channel" must be a $ref to one of the document\'s channels (e.g. "#/channels/orders")',
      'version.yaml:1 asyncapi version.yaml is not an AsyncAPI 2 or 3 document: "asyncapi" is "1.2.0", expected a version such as "3.0.0" or "2.6.0"',
      expect.stringMatching(/^outside\.yaml:6 channels\.a\.messages\.m\.payload\.\$ref Broken \$ref in outside\.yaml at channels\.a\.messages\.m\.payload\.\$ref: .*secret\.yaml cannot be used, it is outside the docs folder$/),
      'broken.yaml:6 channels.a.messages.m.$ref Broken $ref "#/components/messages/Nope" in broken.yaml at channels.a.messages.m.$ref: the target does not exist',
      expect.stringMatching(/^docs\.json:- navigation\.groups\[3\]\.asyncapi AsyncAPI document "nothing-here" not found/),
      // A URL into our own network goes through the guarded fetcher, which refuses it.
      expect.stringMatching(/^http:\/\/127\.0\.0\.1:9\/events\.yaml:- {2}AsyncAPI document .*127\.0\.0\.1.*(refused|not allowed|private|loopback)/i),
      'page.mdx:3 asyncapi AsyncAPI channel "missing" not found in ops.yaml (named in the frontmatter of page.mdx)',
    ]);
    expect(result.diagnostics.every((d) => d.severity === 'error')).toBe(true);
    expect(result.channels).toEqual([]);
    expect(pagesOf(result.navigation.root)).toEqual([{ A: [] }, { B: [] }, { C: [] }, { D: [] }, { E: [] }]);
  });
});

describe('an AsyncAPI document of the docs folder whose $refs point to URLs', () => {
  let server: Server;
  let origin = '';
  let hits = 0;
  let dir = '';
  beforeAll(async () => {
    server = createServer((req, res) => {
      hits++;
      if (req.url === '/schemas.yaml') res.writeHead(200, { 'content-type': 'application/yaml' }).end('Quote:\n  type: object\n  properties:\n    price: { type: number, description: Price fetched from the shared schemas }\n');
      else res.writeHead(404).end();
    });
    await new Promise<void>((r) => server.listen(0, '127.0.0.1', r));
    origin = `http://127.0.0.1:${(server.address() as { port: number }).port}`;
    dir = mkdtempSync(path.join(tmpdir(), 'quire-asyncapi-urlref-'));
    writeFileSync(path.join(dir, 'quotes.yaml'), `asyncapi: 3.0.0\ninfo: { title: Q, version: "1" }\nchannels:\n  quotes:\n    messages:\n      quote: { payload: { $ref: "${origin}/schemas.yaml#/Quote" } }\n`);
  });
  afterAll(async () => {
    rmSync(dir, { recursive: true, force: true });
    await new Promise<void>((r) => server.close(() => r()));
  });

  it('is bundled at plan time into a local copy the render side reads without the network', async () => {
    const config = siteConfig({ root: [{ kind: 'group', group: 'Streams', children: [], specs: { asyncapi: { source: ['quotes.yaml'] } } }] });
    const copies = mkdtempSync(path.join(tmpdir(), 'quire-asyncapi-copies-'));
    try {
      const result = await planApiReference(dir, config, 'client-hosted', undefined, { policy: { allow: ['127.0.0.1/32'] }, copyDir: copies });
      expect(result.diagnostics).toEqual([]);
      expect(hits).toBeGreaterThan(0);
      const [spec] = result.channels;
      expect(spec).toMatchObject({ file: 'quotes.yaml', channel: 'quotes' });
      // Without the bundling there is no local copy, and the render side (which may not fetch) cannot resolve the $ref.
      expect(spec.localCopy && existsSync(spec.localCopy)).toBe(true);
      expect(path.dirname(spec.localCopy!)).toBe(copies);
      const before = hits;
      const page = await renderChannelPage(spec, pageContext(dir, config, 'client-hosted'));
      expect(hits).toBe(before);
      expect(page.diagnostics).toEqual([]);
      expect(page.html).toMatch(/id="payload-price"[\s\S]*?Price fetched from the shared schemas/);
    } finally {
      rmSync(copies, { recursive: true, force: true });
    }
  });
});
