/**
 * Reads and checks one AsyncAPI document (2.x or 3.x, JSON or YAML). `@asyncapi/parser`
 * would bring Spectral, Ajv and a fetcher of its own for remote `$ref`s, so the document is
 * loaded as the OpenAPI ones are: read confined to the docs folder (or fetched through the
 * guarded fetcher at plan time), `$ref`s resolved by json-schema-ref-parser under the same
 * options (ref-options.ts: no file outside the folder, URLs only through the guarded
 * fetcher, none in render threads), then checked for what the channel pages rely on.
 * Every problem is a diagnostic naming the file, the JSON path and the line.
 */
import type $RefParser from '@apidevtools/json-schema-ref-parser';
import { readFile } from 'node:fs/promises';
import type { Deployment, Diagnostic } from '../types.js';
import { brokenRefDiagnostics, externalRefDiagnostic, hasUrlRefs, noteInputs, refFilesOf } from './check-document.js';
import { formatJsonPath, pathLines } from './json-path.js';
import { cachedRenderDocument, type RenderSource } from './document-cache.js';
import {
  DocumentReadError, documentKey, documentPath, isUrl, parseDocumentText, readDocumentSource, writeLocalCopy, type OpenApiObject, type Outbound,
} from './read-document.js';
import { refParser, refParserOptions } from './ref-options.js';
import { isSchema, objectEntries } from './schema-utils.js';

export interface CheckedAsyncDocument {
  key: string;
  /** Dereferenced and checked; absent when the document cannot be used. */
  doc?: OpenApiObject;
  /** For a URL document: the bundled copy render threads read. */
  localCopy?: string;
  /** Other files of the docs folder its `$ref`s read (root-relative, sorted): pages depend on them too. */
  refFiles?: string[];
  diagnostics: Diagnostic[];
}

type RefOptions = Parameters<typeof $RefParser.dereference>[2];
const refOptions = (root: string | null, policy: Outbound['policy'] | null, reads?: Set<string>) => refParserOptions(root, policy, reads) as unknown as RefOptions;

/** Read errors are worded for OpenAPI by the shared reader. */
const asyncWording = (message: string) => message.replace(/^OpenAPI document/, 'AsyncAPI document');

export async function checkAsyncDocument(root: string, ref: string, deployment: Deployment, outbound: Outbound = { policy: {} }): Promise<CheckedAsyncDocument> {
  const key = documentKey(ref);
  noteInputs(outbound, key);
  const fail = (diagnostics: Diagnostic[]): CheckedAsyncDocument => ({ key, diagnostics });
  const at = (tokens: (string | number)[], text: string, raw: unknown, message: string, lineAt = pathLines(text)): Diagnostic => ({
    severity: 'error', file: key, path: formatJsonPath(tokens, raw), line: lineAt(tokens.map(String)), message,
  });
  let source: { text: string; raw: OpenApiObject };
  try {
    source = await readDocumentSource(root, key, deployment, outbound);
  } catch (err) {
    if (!(err instanceof DocumentReadError)) throw err;
    return fail([{ severity: 'error', file: key, message: asyncWording(err.message), ...(err.line ? { line: err.line } : {}) }]);
  }
  const { text, raw } = source;
  if (typeof raw.asyncapi !== 'string' || !/^[23]\.\d+\.\d+/.test(raw.asyncapi)) {
    return fail([at(['asyncapi'], text, raw, `${key} is not an AsyncAPI 2 or 3 document: "asyncapi" is ${JSON.stringify(raw.asyncapi ?? null)}, expected a version such as "3.0.0" or "2.6.0"`)]);
  }
  if (raw.channels !== undefined && !isSchema(raw.channels)) return fail([at(['channels'], text, raw, `Invalid AsyncAPI document ${key}: "channels" must be an object of channels by id`)]);
  const broken = brokenRefDiagnostics(raw, key, text);
  if (broken.length > 0) return fail(broken);
  const base = isUrl(key) ? key : documentPath(root, key);
  const reads = new Set<string>();
  const options = refOptions(isUrl(key) ? null : root, deployment !== 'air-gapped' ? outbound.policy : null, reads);
  let doc: OpenApiObject;
  try {
    doc = await (await refParser()).dereference<OpenApiObject>(base, structuredClone(raw), options);
  } catch (err) {
    if ((err as Error).name === 'ResolverError') return fail([externalRefDiagnostic(err as Error & { source?: string }, root, key, text, raw)]);
    return fail([{ severity: 'error', file: key, message: `AsyncAPI document ${key}: ${(err as Error).message.split('\n')[0]}` }]);
  } finally {
    noteInputs(outbound, key, reads, raw);
  }
  const shape = shapeProblems(raw, doc);
  const lineAt = shape.length > 0 ? pathLines(text) : undefined;
  const problems = shape.map((p) => at(p.tokens, text, raw, `Invalid AsyncAPI document ${key} at ${formatJsonPath(p.tokens, raw)}: ${p.message}`, lineAt));
  if (problems.length > 0) return fail(problems);
  const refs = refFilesOf(reads, key);
  // Render threads never fetch: a URL document, or a file with `$ref`s to URLs, is bundled into the export's own folder.
  if ((!isUrl(key) && !hasUrlRefs(raw)) || !outbound.copyDir) return { key, doc, ...refs, diagnostics: [] };
  const bundled = await (await refParser()).bundle<OpenApiObject>(base, structuredClone(raw), options);
  return { key, doc, localCopy: await writeLocalCopy(key, bundled, outbound.copyDir), ...refs, diagnostics: [] };
}

/**
 * What the channel pages need of the document: channels and messages that are objects, and
 * in 3.x operations that say `send` or `receive` and point at one of the document's channels.
 */
function shapeProblems(raw: OpenApiObject, doc: OpenApiObject): { tokens: (string | number)[]; message: string }[] {
  const out: { tokens: (string | number)[]; message: string }[] = [];
  const channels = isSchema(doc.channels) ? doc.channels : {};
  for (const [id, channel] of Object.entries(channels)) {
    if (!isSchema(channel)) out.push({ tokens: ['channels', id], message: 'a channel must be an object' });
  }
  if (typeof raw.asyncapi !== 'string' || !raw.asyncapi.startsWith('3.')) return out;
  const known = new Set(Object.values(channels));
  for (const [id, op] of Object.entries<unknown>(isSchema(doc.operations) ? doc.operations : {})) {
    if (!isSchema(op)) {
      out.push({ tokens: ['operations', id], message: 'an operation must be an object' });
      continue;
    }
    if (op.action !== 'send' && op.action !== 'receive') out.push({ tokens: ['operations', id, 'action'], message: `"action" is ${JSON.stringify(op.action ?? null)}, expected "send" or "receive"` });
    if (!known.has(op.channel)) out.push({ tokens: ['operations', id, 'channel'], message: '"channel" must be a $ref to one of the document\'s channels (e.g. "#/channels/orders")' });
  }
  return out;
}

/** Every channel of a checked document: its id, title and first tag, in document order. */
export function channelEntries(doc: OpenApiObject): { id: string; title?: string; tag?: string }[] {
  return objectEntries(doc.channels).map(([id, channel]) => {
    const tags = Array.isArray(channel.tags) ? channel.tags : [];
    const tag = isSchema(tags[0]) && typeof tags[0].name === 'string' ? tags[0].name : undefined;
    return { id, ...(typeof channel.title === 'string' && channel.title.trim() ? { title: channel.title } : {}), ...(tag ? { tag } : {}) };
  });
}

const cache = new Map<string, Promise<OpenApiObject>>();

/**
 * The dereferenced document for rendering (worker threads): read once per thread, keyed by
 * path and mtime (its own and its `refFiles`'). URL documents come from their local copy; nothing is fetched here.
 */
export async function loadAsyncRenderDocument(root: string, source: RenderSource): Promise<OpenApiObject> {
  const { file, localCopy } = source;
  return cachedRenderDocument(cache, root, source, 'AsyncAPI', async (abs) => {
    const raw = parseDocumentText(await readFile(abs, 'utf8'), file);
    return (await refParser()).dereference<OpenApiObject>(isUrl(file) ? file : abs, raw, refOptions(localCopy ? null : root, null));
  });
}
