/**
 * The WebSocket playground of an AsyncAPI channel page, as Mintlify's channel pages have:
 * pick a server (or type another address), fill the channel's parameters and the query
 * parameters its `ws` binding and its servers' API keys take, connect, send messages
 * (prefilled with each sent message's example), and see what arrives and the connection's
 * state. The form is plain HTML with the channel's data as `<script type="application/json">`;
 * render/browser/websocket-playground.ts opens the socket from the browser. Only channels
 * with a `ws`/`wss` server (or none at all: the reader types the address) get one.
 */
import { fillUi, playgroundUi, type UiStrings } from '../layout/ui-strings.js';
import { addressAfter, type ChannelModel } from './asyncapi-model.js';
import { esc, prettyJson, scriptJson } from './html.js';
import type { OpenApiObject } from './read-document.js';
import { sampleFromSchema } from './sample.js';
import { arrayAt, isSchema, objectAt, type Schema } from './schema-utils.js';

/** What the browser script reads: never code, only data. */
export interface ChannelPlaygroundData {
  /** Each WebSocket server's address of the channel (`wss://host/rooms/{roomId}`). */
  servers: { id: string; url: string }[];
  /** The channel's address, appended to an address typed in. */
  address: string;
  parameters: { name: string; required: boolean }[];
  query: string[];
  messages: { title: string; text: string }[];
  ui?: Record<string, string>;
}

const isWebSocket = (protocol: string, url: string) => /^wss?$/i.test(protocol) || /^wss?:\/\//i.test(url);

/**
 * Query parameters and headers the connection takes: the `ws` binding's `query` and
 * `headers` schemas, and API keys of the channel's servers' `security` (AsyncAPI 3
 * `httpApiKey`, 2.x the same). Bearer and other header schemes are headers too.
 */
function connectionInputs(model: ChannelModel, doc: OpenApiObject): { query: Map<string, Schema | undefined>; headers: string[] } {
  const query = new Map<string, Schema | undefined>();
  const headers = new Set<string>();
  for (const b of model.bindings) {
    if (b.protocol !== 'ws') continue;
    for (const [name, s] of Object.entries(objectAt(objectAt(b.value.query).properties))) query.set(name, isSchema(s) ? s : undefined);
    for (const name of Object.keys(objectAt(objectAt(b.value.headers).properties))) headers.add(name);
  }
  const schemes = objectAt(objectAt(doc.components).securitySchemes);
  for (const server of model.servers) {
    for (const req of arrayAt(objectAt(objectAt(doc.servers)[server.id]).security)) {
      // 3.x lists scheme objects (dereferenced), 2.x maps scheme names to scopes.
      const list = isSchema(req) && typeof req.type === 'string' ? [req] : Object.keys(objectAt(req)).map((k) => objectAt(schemes[k]));
      for (const s of list) {
        if (s.type === 'httpApiKey' && typeof s.name === 'string') {
          if (s.in === 'query') query.set(s.name, { type: 'string', ...(typeof s.description === 'string' ? { description: s.description } : {}) });
          else if (s.in === 'header') headers.add(s.name);
        } else if (s.type === 'http') headers.add('Authorization');
      }
    }
  }
  return { query, headers: [...headers] };
}

/** An input's first value: the schema's default, first example or first allowed value. */
function seedOf(schema: Schema | undefined): string {
  if (!schema) return '';
  const v = schema.default ?? arrayAt(schema.examples)[0] ?? schema.example ?? arrayAt(schema.enum)[0];
  return v === undefined ? '' : typeof v === 'string' ? v : JSON.stringify(v);
}

function inputRow(id: string, name: string, field: string, schema: Schema | undefined, required: boolean, ui: UiStrings): string {
  const badge = required ? ` <span class="api-badge api-badge-required">${esc(ui.required)}</span>` : '';
  return `<div class="api-pg-row"><label for="${id}"><code>${esc(name)}</code>${badge}</label><input id="${id}" name="${esc(field)}" type="text" value="${esc(seedOf(schema))}" autocomplete="off"${required ? ' required' : ''}></div>`;
}

export function channelPlaygroundData(model: ChannelModel, doc: OpenApiObject, ui: UiStrings): ChannelPlaygroundData | undefined {
  const servers = model.servers.filter((s) => isWebSocket(s.protocol, s.url));
  if (servers.length === 0 && model.servers.length > 0) return undefined;
  const messages = model.send.flatMap((o) => o.messages).map((m) => {
    const value = m.examples.find((e) => e.payload !== undefined)?.payload ?? sampleFromSchema(m.payload, 'request');
    return { title: m.title, text: value === undefined ? '' : typeof value === 'string' ? value : prettyJson(value) };
  });
  const words = playgroundUi(ui);
  return {
    servers: servers.map((s) => ({ id: s.id, url: s.url + addressAfter(s.url, model.address) })),
    address: model.address ?? '',
    parameters: model.parameters.map((p) => ({ name: p.name, required: true })),
    query: [...connectionInputs(model, doc).query.keys()],
    messages,
    ...(words ? { ui: words } : {}),
  };
}

export function renderChannelPlayground(model: ChannelModel, doc: OpenApiObject, uid: string, ui: UiStrings): string {
  const data = channelPlaygroundData(model, doc, ui);
  if (!data) return '';
  const id = `${uid}-ws`;
  const { query, headers } = connectionInputs(model, doc);
  const options = data.servers.map((s, i) => `<option value="${i}">${esc(s.url)}${data.servers.length > 1 ? ` (${esc(s.id)})` : ''}</option>`).join('');
  const server = (options ? `<div class="api-pg-row"><label for="${id}-server">${esc(ui.server)}</label><select id="${id}-server" name="server">${options}</select></div>` : '') +
    `<div class="api-pg-row"><label for="${id}-custom">${esc(ui.otherServer)} <span class="api-pg-where">${esc(ui.optional)}</span></label><input id="${id}-custom" name="server-custom" type="url" placeholder="wss://realtime.example.com" autocomplete="off"></div>`;
  const params = model.parameters.map((p, i) => inputRow(`${id}-p${i}`, p.name, `param:${p.name}`, p.schema, true, ui)).join('');
  const queryRows = [...query].map(([name, schema], i) => inputRow(`${id}-q${i}`, name, `query:${name}`, schema, false, ui)).join('');
  const headerNote = headers.length ? `<p class="api-note">${esc(fillUi(ui.headersUnsupported, { names: headers.join(', ') }))}</p>` : '';
  const choose = data.messages.length > 1
    ? `<div class="api-pg-row"><label for="${id}-message">${esc(ui.message)}</label><select id="${id}-message" name="message">${data.messages.map((m, i) => `<option value="${i}">${esc(m.title)}</option>`).join('')}</select></div>` : '';
  const text = data.messages[0]?.text ?? '';
  return [
    `<details class="api-playground api-ws-playground" data-ws-playground id="${id}"><summary class="api-try">${esc(ui.tryIt)}</summary>`,
    `<script type="application/json" data-ws-channel>${scriptJson(data)}</script>`,
    '<form class="api-pg-form" data-ws-connect-form novalidate>',
    server,
    params ? `<fieldset class="api-pg-group"><legend>${esc(ui.parameters)}</legend>${params}</fieldset>` : '',
    queryRows ? `<fieldset class="api-pg-group"><legend>${esc(ui.queryParameters)}</legend>${queryRows}</fieldset>` : '',
    headerNote,
    `<div class="api-pg-actions"><button type="submit" class="api-pg-send" data-ws-connect>${esc(ui.connect)}</button>`,
    `<button type="button" class="api-ws-disconnect" data-ws-disconnect hidden>${esc(ui.disconnect)}</button>`,
    `<span class="api-ws-state" data-ws-state data-state="closed" role="status">${esc(ui.disconnected)}</span><span class="api-pg-error" role="alert"></span></div>`,
    '</form>',
    '<form class="api-pg-form" data-ws-send-form novalidate>',
    choose,
    `<textarea name="text" rows="${Math.min(12, Math.max(3, text.split('\n').length + 1))}" spellcheck="false" aria-label="${esc(ui.message)}">${esc(text)}</textarea>`,
    `<div class="api-pg-actions"><button type="submit" class="api-pg-send" data-ws-send disabled>${esc(ui.send)}</button></div>`,
    '</form>',
    `<ol class="api-ws-log" data-ws-log aria-live="polite"><li class="api-ws-empty">${esc(ui.noMessages)}</li></ol>`,
    '</details>',
  ].join('');
}
