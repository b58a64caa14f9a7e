/**
 * The `.md` twins (for agents) of API and channel pages on a multilingual site: an English,
 * a French and a Chinese part carry the same OpenAPI and AsyncAPI documents. Each twin
 * says its labels (sections, required, defaults, allowed values, alternatives, scopes,
 * bindings, message parts, truncation) in its page's language, with the words its HTML
 * page uses, and no English label; the English twins are byte for byte what they were
 * before the labels were translated. A page whose operation or channel its document lacks
 * says so in its language, on the page and in its twin.
 */
import { mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { exportSite } from '../../../src/render/export-site.js';
import { renderChannelPage, renderEndpointPage } from '../../../src/render/openapi/index.js';
import { pageContext, siteConfig } from './helpers.js';
import { tempDir, type TempDir } from '../site/make-site.js';

/** 61 properties: one more than a twin lists per object. */
const many = Object.fromEntries(Array.from({ length: 61 }, (_, i) => [`p${i}`, { type: 'integer' }]));

const OPENAPI = {
  openapi: '3.0.3',
  info: { title: 'Pets', version: '1' },
  servers: [{ url: 'http://127.0.0.1:9/v1' }, { url: 'http://127.0.0.1:9/v2' }],
  security: [{ petKey: [] }, { bearer: [], oauth: ['read'] }],
  components: {
    securitySchemes: {
      petKey: { type: 'apiKey', in: 'header', name: 'X-Pet-Key' },
      bearer: { type: 'http', scheme: 'bearer' },
      oauth: { type: 'oauth2', flows: { clientCredentials: { tokenUrl: 'http://127.0.0.1:9/token', scopes: { read: 'lire' } } } },
    },
  },
  paths: {
    '/pets/{petId}': {
      get: {
        tags: ['Pets'], summary: 'Get a pet',
        parameters: [
          { name: 'petId', in: 'path', required: true, schema: { type: 'string' } },
          { name: 'sort', in: 'query', schema: { type: 'string', enum: ['asc', 'desc'], default: 'asc' } },
          { name: 'X-Trace', in: 'header', schema: { type: 'string' } },
          { name: 'session', in: 'cookie', deprecated: true, schema: { type: 'string' } },
        ],
        responses: {
          200: { description: 'ok', content: { 'application/json': { schema: { type: 'object', required: ['name'], properties: { name: { type: 'string' } } } } } },
          404: { description: 'x' },
        },
      },
    },
    '/pets': {
      post: {
        tags: ['Pets'], summary: 'Add a pet', deprecated: true, security: [{}, { petKey: [] }],
        requestBody: { required: true, content: { 'application/json': { schema: { oneOf: [{ type: 'object', title: 'Cat', properties: { purrs: { type: 'boolean' } } }, { type: 'object', title: 'Dog', properties: { barks: { type: 'boolean' } } }] } } } },
        responses: { 201: { description: 'ok', content: { 'application/json': { schema: { type: 'object', properties: many } } } } },
      },
    },
  },
};

const chat = '#/channels/chat';
const ASYNCAPI = {
  asyncapi: '3.0.0',
  info: { title: 'Rooms', version: '1' },
  servers: { local: { host: '127.0.0.1:9', protocol: 'ws' } },
  channels: {
    chat: {
      title: 'Chat room', tags: [{ name: 'Chat' }], address: 'rooms/{roomId}',
      parameters: { roomId: { examples: ['42'] } },
      bindings: { ws: { bindingVersion: '0.1.0', query: { type: 'object', properties: { token: { type: 'string' } } } } },
      messages: {
        postMessage: {
          title: 'Post a message',
          headers: { type: 'object', properties: { 'X-Trace': { type: 'string' } } },
          payload: { type: 'object', required: ['text'], properties: { text: { type: 'string' } } },
        },
        roomEvent: { title: 'Room event', payload: { type: 'string', enum: ['joined', 'left'] } },
      },
    },
  },
  operations: {
    postToRoom: { action: 'receive', channel: { $ref: chat }, messages: [{ $ref: `${chat}/messages/postMessage` }] },
    roomEvents: { action: 'send', channel: { $ref: chat }, messages: [{ $ref: `${chat}/messages/roomEvent` }] },
  },
};

const part = (language: string, dir: string) => ({
  language,
  groups: [
    { group: 'Start', pages: [dir ? `${dir}/index` : 'index'] },
    { group: 'API', openapi: dir ? { source: 'openapi.json', directory: `${dir}/api-reference` } : 'openapi.json' },
    { group: 'Streams', asyncapi: dir ? { source: 'streams.yaml', directory: `${dir}/api-reference` } : 'streams.yaml' },
  ],
});

const DOCS = { name: 'Rooms', colors: { primary: '#0f766e' }, navigation: { languages: [part('en', ''), part('fr', 'fr'), part('zh', 'zh')] } };

/** Each label of the twins in English, as the twins said them before they were translated. */
const ENGLISH_LABELS = ['## Authorizations', 'Any one of:', 'Optional; any one of:', 'scopes:', ') and ', 'Servers:', '## Path parameters', '## Query parameters', '## Headers',
  '## Cookies', 'required', 'deprecated', 'default:', 'one of:', '## Request body', '## Responses', 'more properties', '**Deprecated.**', 'This operation may be removed',
  '## Parameters', 'Binding', '(version 0.1.0):', '## Send', '## Receive', 'Headers:', 'Payload:', 'is missing from'];

/** The English twins as the code before translation wrote them (the same site, same documents). */
const EN_GET = `\`\`\`http
GET /pets/{petId}
\`\`\`

Servers: \`http://127.0.0.1:9/v1\`, \`http://127.0.0.1:9/v2\`

## Authorizations

Any one of:

- petKey (apiKey, header \`X-Pet-Key\`)
- bearer (bearer) and oauth (oauth2, scopes: read)

## Path parameters

- \`petId\` (string, required)

## Query parameters

- \`sort\` (string, default: "asc", one of: "asc", "desc")

## Headers

- \`X-Trace\` (string)

## Cookies

- \`session\` (string, deprecated)

## Responses

### 200

ok

\`application/json\`: object

- \`name\` (string, required)

### 404

x`;

const EN_POST = `\`\`\`http
POST /pets
\`\`\`

Servers: \`http://127.0.0.1:9/v1\`, \`http://127.0.0.1:9/v2\`

**Deprecated.** This operation may be removed in a future version.

## Authorizations

Optional; any one of:

- petKey (apiKey, header \`X-Pet-Key\`)

## Request body

\`application/json\` (required): object

- Option 1: object (Cat)
  - \`purrs\` (boolean)
- Option 2: object (Dog)
  - \`barks\` (boolean)

## Responses

### 201

ok

\`application/json\`: object

${Object.keys(many).slice(0, 60).map((p) => `- \`${p}\` (integer)`).join('\n')}
- … 1 more properties`;

const EN_CHANNEL = `\`\`\`
ws://127.0.0.1:9/rooms/{roomId}
\`\`\`

## Parameters

- \`roomId\` (string, required)

Binding \`ws\` (version 0.1.0):

- \`query\` (object)
  - \`token\` (string)

## Send

### Post a message

Headers:

- \`X-Trace\` (string)

Payload:

- \`text\` (string, required)

## Receive

### Room event

Payload:

- \`payload\` (string, one of: "joined", "left")`;

describe('.md twins of API pages on a multilingual site', () => {
  let tmp: TempDir;
  let out = '';

  beforeAll(async () => {
    tmp = tempDir('quire-api-md-i18n-');
    const root = join(tmp.path, 'docs');
    for (const dir of ['fr', 'zh']) mkdirSync(join(root, dir), { recursive: true });
    writeFileSync(join(root, 'docs.json'), JSON.stringify(DOCS));
    writeFileSync(join(root, 'openapi.json'), JSON.stringify(OPENAPI));
    // JSON is YAML: the document is written as the OpenAPI one is.
    writeFileSync(join(root, 'streams.yaml'), JSON.stringify(ASYNCAPI));
    writeFileSync(join(root, 'index.mdx'), '---\ntitle: Home\n---\n\nRooms and pets.\n');
    writeFileSync(join(root, 'fr/index.mdx'), '---\ntitle: Accueil\n---\n\nDes salons.\n');
    writeFileSync(join(root, 'zh/index.mdx'), '---\ntitle: 首页\n---\n\n房间。\n');
    out = join(tmp.path, 'out');
    const report = await exportSite({ root, outDir: out, workers: 0 });
    expect(report.diagnostics).toEqual([]);
  }, 120_000);

  afterAll(() => tmp?.cleanup());

  const read = (page: string, ext: 'md' | 'html') => readFileSync(join(out, `${page}.${ext}`), 'utf8');
  /** The twin's body: what follows its title and description lines. */
  const body = (page: string) => read(page, 'md').replace(/^# [^\n]*\n\n(?:> [^\n]*\n\n)?/, '').trim();

  it('leaves the English twins as they were', () => {
    expect(body('api-reference/pets/get-a-pet')).toBe(EN_GET);
    expect(body('api-reference/pets/add-a-pet')).toBe(EN_POST);
    expect(body('api-reference/chat/chat-room')).toBe(EN_CHANNEL);
  });

  /** Words each twin must say, in the order of ENGLISH_LABELS' kinds; `html`: those its HTML page says too. */
  const cases = [
    {
      lang: 'fr',
      // The French word is the English one.
      shared: ['## Cookies'],
      get: ['## Autorisations', 'L’un quelconque de :', '- bearer (bearer) et oauth (oauth2, portées : read)', 'Serveurs : `http://127.0.0.1:9/v1`', '## Paramètres de chemin\n\n- `petId` (string, obligatoire)',
        '## Paramètres de requête\n\n- `sort` (string, par défaut : "asc", valeurs autorisées : "asc", "desc")', '## En-têtes', '- `session` (string, obsolète)', '## Réponses\n\n### 200'],
      post: ['**Obsolète.** Cette opération pourra être supprimée dans une version future.', 'Facultatif ; l’un quelconque de :', '## Corps de la requête\n\n`application/json` (obligatoire): object', '- … autres propriétés : 1'],
      channel: ['## Paramètres\n\n- `roomId` (string, obligatoire)', 'Liaison `ws` (version 0.1.0) :', '## Envoyer\n\n### Post a message\n\nEn-têtes :\n\n- `X-Trace` (string)\n\nCharge utile :\n\n- `text` (string, obligatoire)',
        '## Recevoir\n\n### Room event\n\nCharge utile :\n\n- `payload` (string, valeurs autorisées : "joined", "left")'],
      html: ['Autorisations', 'Paramètres de chemin', 'Paramètres de requête', 'obligatoire', 'obsolète', 'Valeurs autorisées', 'Corps de la requête', 'Charge utile', 'Envoyer', 'Recevoir'],
    },
    {
      lang: 'zh',
      shared: [],
      get: ['## 授权', '以下任一：', '- bearer (bearer) 和 oauth (oauth2, 权限范围：read)', '服务器：`http://127.0.0.1:9/v1`', '## 路径参数\n\n- `petId` (string, 必填)',
        '## 查询参数\n\n- `sort` (string, 默认值："asc", 允许的值："asc", "desc")', '## 请求头', '- `session` (string, 已弃用)', '## 响应\n\n### 200'],
      post: ['**已弃用.** 此操作可能会在未来版本中移除。', '可选；以下任一：', '## 请求体\n\n`application/json` (必填): object', '- … 其余属性：1'],
      channel: ['## 参数\n\n- `roomId` (string, 必填)', '绑定 `ws`（版本 0.1.0）：', '## 发送\n\n### Post a message\n\n响应头：\n\n- `X-Trace` (string)\n\n负载：\n\n- `text` (string, 必填)', '## 接收\n\n### Room event\n\n负载：\n\n- `payload` (string, 允许的值："joined", "left")'],
      html: ['授权', '路径参数', '查询参数', '必填', '已弃用', '允许的值', '请求体', '负载', '发送', '接收'],
    },
  ];

  for (const c of cases) {
    it(`writes the ${c.lang} twins in ${c.lang}, with the words of their HTML pages and no English label`, () => {
      const pages = { get: `${c.lang}/api-reference/pets/get-a-pet`, post: `${c.lang}/api-reference/pets/add-a-pet`, channel: `${c.lang}/api-reference/chat/chat-room` } as const;
      for (const [kind, page] of Object.entries(pages) as [keyof typeof pages, string][]) {
        const md = body(page);
        for (const word of c[kind]) expect(md, page).toContain(word);
        for (const english of ENGLISH_LABELS.filter((w) => !c.shared.includes(w))) expect(md, `${page}: ${english}`).not.toContain(english);
      }
      const html = [pages.get, pages.post, pages.channel].map((p) => read(p, 'html')).join('');
      for (const word of c.html) expect(html).toContain(word);
    });
  }

  it('says an operation or channel missing from its document in the page language, on the page and in its twin', async () => {
    const root = join(tmp.path, 'docs');
    const ctx = (language?: string) => ({ ...pageContext(root, siteConfig()), ...(language ? { language } : {}) });
    const endpoint = { page: 'gone', title: 'Gone', method: 'GET', path: '/gone', file: 'openapi.json' };
    const channel = { kind: 'channel' as const, page: 'nowhere', title: 'Nowhere', channel: 'nowhere', file: 'streams.yaml' };
    const en = await renderEndpointPage(endpoint, ctx(), '<p>Intro</p>', 'Intro');
    expect(en.html).toBe('<p>Intro</p><p class="api-note">Operation GET /gone is missing from openapi.json.</p>');
    expect(en.markdown).toBe('Intro\n\nOperation `GET /gone` is missing from `openapi.json`.');
    expect(en.diagnostics).toEqual([expect.objectContaining({ severity: 'error', file: 'openapi.json', message: 'Operation GET /gone not found in openapi.json' })]);
    const fr = await renderEndpointPage(endpoint, ctx('fr'));
    expect(fr.html).toBe('<p class="api-note">L’opération GET /gone est absente de openapi.json.</p>');
    expect(fr.markdown).toBe('L’opération `GET /gone` est absente de `openapi.json`.');
    const zh = await renderChannelPage(channel, ctx('zh'));
    expect(zh.html).toBe('<p class="api-note">streams.yaml 中缺少通道 nowhere。</p>');
    expect(zh.markdown).toBe('`streams.yaml` 中缺少通道 `nowhere`。');
    expect((await renderChannelPage(channel, ctx())).markdown).toBe('Channel `nowhere` is missing from `streams.yaml`.');
    // A name holding backticks stays one code span; HTML in a name stays text.
    const odd = await renderChannelPage({ ...channel, channel: 'a`b<i>' }, ctx('fr'));
    expect(odd.markdown).toBe('Le canal ``a`b<i>`` est absent de `streams.yaml`.');
    expect(odd.html).toContain('Le canal a`b&lt;i&gt; est absent de streams.yaml.');
  });
});
