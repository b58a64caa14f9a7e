/**
 * One AsyncAPI channel as its page shows it, from a dereferenced 2.x or 3.x document: title,
 * description, address, servers, parameters, bindings, and the operations and messages
 * split into what the reader sends and what the reader receives. Follows Mintlify's
 * reading of a channel (`getChannelData` and its helpers in @mintlify/common): titles fall
 * back to the id in sentence case, a message's description is its summary first, and
 * 3.x `send`/`receive` are flipped to the reader's side (an operation where the application
 * receives is one the reader sends).
 */
import type { OpenApiObject } from './read-document.js';
import { arrayAt, isSchema, objectAt, objectEntries, stringAt, type Schema } from './schema-utils.js';

export interface AsyncBinding { protocol: string; version?: string; value: OpenApiObject }
export interface AsyncExample { name?: string; summary?: string; payload?: unknown; headers?: unknown }
export interface AsyncMessage {
  id: string;
  title: string;
  description?: string;
  contentType?: string;
  payload?: Schema;
  headers?: Schema;
  examples: AsyncExample[];
  bindings: AsyncBinding[];
}
export interface AsyncOperation { id: string; title: string; description?: string; messages: AsyncMessage[]; bindings: AsyncBinding[] }
export interface AsyncServer { id: string; protocol: string; url: string; description?: string }
export interface ChannelModel {
  id: string;
  title: string;
  description?: string;
  /** 3.x `address` (null: unknown or dynamic); a 2.x channel's id is its address. */
  address: string | null;
  servers: AsyncServer[];
  parameters: { name: string; description?: string; schema?: Schema }[];
  bindings: AsyncBinding[];
  /** Operations whose messages the reader sends to the application. */
  send: AsyncOperation[];
  /** Operations whose messages the reader receives from the application. */
  receive: AsyncOperation[];
  /** 3.x messages of the channel that no operation names: shown on their own rather than dropped. */
  other: AsyncMessage[];
}

/** The address as it follows a server URL: `rooms/1` after `wss://host` is `/rooms/1`. */
export function addressAfter(url: string, address: string | null): string {
  if (!address) return '';
  return url && !url.endsWith('/') && !address.startsWith('/') ? `/${address}` : address;
}

/** Mintlify's `camelToSentenceCase`: `channelOne` -> `Channel one`. */
export function sentenceCase(id: string): string {
  const words = id.split(/(?=[A-Z])/).map((w) => w.toLowerCase());
  return words.map((w, i) => (i === 0 ? w.charAt(0).toUpperCase() + w.slice(1) : w)).join(' ');
}

export function bindingsOf(value: unknown): AsyncBinding[] {
  return objectEntries(value).map(([protocol, b]) => {
    const { bindingVersion, ...rest } = b;
    return { protocol, ...(typeof bindingVersion === 'string' ? { version: bindingVersion } : {}), value: rest };
  });
}

/** A 3.x payload may be a Multi Format Schema Object (`{schemaFormat, schema}`): the schema is inside. */
function payloadSchema(payload: unknown): Schema | undefined {
  if (!isSchema(payload)) return undefined;
  const inner = payload.schema;
  return isSchema(inner) && (payload.schemaFormat !== undefined || (payload.type === undefined && payload.properties === undefined)) ? inner : payload;
}

function messageModel(id: string, m: OpenApiObject): AsyncMessage {
  const title = stringAt(m.title) ?? stringAt(m.name) ?? id;
  return {
    id,
    title: title === id ? sentenceCase(id) : title,
    ...(stringAt(m.summary) ?? stringAt(m.description) ? { description: stringAt(m.summary) ?? stringAt(m.description) } : {}),
    ...(stringAt(m.contentType) ? { contentType: stringAt(m.contentType) } : {}),
    ...(payloadSchema(m.payload) ? { payload: payloadSchema(m.payload) } : {}),
    ...(isSchema(m.headers) ? { headers: payloadSchema(m.headers) } : {}),
    examples: arrayAt(m.examples).filter(isSchema).map((e) => ({ name: stringAt(e.name), summary: stringAt(e.summary), payload: e.payload, headers: e.headers })),
    bindings: bindingsOf(m.bindings),
  };
}

function operationModel(id: string, op: OpenApiObject, messages: AsyncMessage[]): AsyncOperation {
  const title = stringAt(op.title) ?? id;
  const description = stringAt(op.summary) ?? stringAt(op.description);
  return { id, title: title === id ? sentenceCase(id) : title, ...(description ? { description } : {}), messages, bindings: bindingsOf(op.bindings) };
}

/** The id of a dereferenced object: its key where the document defines it (identity after dereferencing). */
function idIn(value: object, ...maps: unknown[]): string | undefined {
  for (const map of maps) for (const [k, v] of Object.entries(objectAt(map))) if (v === value) return k;
  return undefined;
}

function serverModel(id: string, s: OpenApiObject, v3: boolean): AsyncServer {
  const protocol = stringAt(s.protocol) ?? '';
  const where = v3 ? `${stringAt(s.host) ?? ''}${stringAt(s.pathname) ?? ''}` : stringAt(s.url) ?? '';
  const url = where.includes('://') || !protocol ? where : `${protocol}://${where}`;
  return { id, protocol, url, ...(stringAt(s.description) ? { description: stringAt(s.description) } : {}) };
}

export function channelModel(doc: OpenApiObject, id: string): ChannelModel | undefined {
  const channel = objectAt(doc.channels)[id];
  if (!isSchema(channel)) return undefined;
  const v3 = String(doc.asyncapi).startsWith('3.');
  const components = objectAt(doc.components);
  const named = arrayAt(channel.servers);
  const all = objectEntries(doc.servers);
  // 3.x lists the channel's servers as references (objects once dereferenced), 2.x by name; none listed: every server.
  const servers = named.length === 0
    ? all.map(([sid, s]) => serverModel(sid, s, v3))
    : v3
      ? named.filter(isSchema).map((s, i) => serverModel(idIn(s, doc.servers) ?? `server${i + 1}`, s, v3))
      : all.filter(([sid]) => named.includes(sid)).map(([sid, s]) => serverModel(sid, s, v3));
  const parameters = objectEntries(channel.parameters).map(([name, p]) => {
    // 3.x parameters carry enum/default/examples themselves; 2.x ones a `schema`.
    const schema = isSchema(p.schema) ? p.schema : v3 ? { type: 'string', ...p } : undefined;
    return { name, ...(stringAt(p.description) ? { description: stringAt(p.description) } : {}), ...(schema ? { schema } : {}) };
  });
  const base = { id, title: stringAt(channel.title)?.trim() || sentenceCase(id), ...(description(channel) ? { description: description(channel) } : {}), servers, parameters, bindings: bindingsOf(channel.bindings) };
  if (v3) {
    const own = objectEntries(channel.messages);
    const message = (m: OpenApiObject, i: number) => messageModel(idIn(m, channel.messages, components.messages) ?? `message${i + 1}`, m);
    const ops = objectEntries(doc.operations).filter(([, op]) => op.channel === channel).map(([opId, op]) => {
      const listed = arrayAt(op.messages).filter(isSchema);
      // No `messages`: every message of the channel (AsyncAPI 3.0, Operation Object).
      const messages = listed.length > 0 ? listed.map(message) : own.map(([mid, m]) => messageModel(mid, m));
      return { action: op.action, model: operationModel(stringAt(op.operationId) ?? opId, op, messages) };
    });
    const shown = new Set(ops.flatMap((o) => o.model.messages.map((m) => m.id)));
    return {
      ...base, address: typeof channel.address === 'string' ? channel.address : null,
      send: ops.filter((o) => o.action === 'receive').map((o) => o.model),
      receive: ops.filter((o) => o.action === 'send').map((o) => o.model),
      other: own.filter(([mid]) => !shown.has(mid)).map(([mid, m]) => messageModel(mid, m)),
    };
  }
  // 2.x: `publish` is what clients publish to the application (the reader sends), `subscribe` what they receive.
  const v2op = (kind: 'publish' | 'subscribe'): AsyncOperation[] => {
    const op = channel[kind];
    if (!isSchema(op)) return [];
    const m = op.message;
    const list = isSchema(m) && Array.isArray(m.oneOf) ? m.oneOf.filter(isSchema) : isSchema(m) ? [m] : [];
    const messages = list.map((msg, i) => messageModel(stringAt(msg.messageId) ?? idIn(msg, components.messages) ?? `${kind}Message${list.length > 1 ? i + 1 : ''}`, msg));
    return [operationModel(stringAt(op.operationId) ?? kind, op, messages)];
  };
  return { ...base, address: id, send: v2op('publish'), receive: v2op('subscribe'), other: [] };
}

function description(o: OpenApiObject): string | undefined {
  return stringAt(o.description)?.trim() || stringAt(o.summary)?.trim() || undefined;
}
