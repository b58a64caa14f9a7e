/**
 * The per-process cache of dereferenced documents used while rendering pages. Each render
 * worker thread parses and dereferences a document once (keyed by path and mtime) and
 * reuses it for every endpoint page of that document; nothing is shared across threads.
 */
import { stat, readFile } from 'node:fs/promises';
import { InvalidError } from '../../core/errors.js';
import { asParserInput, documentKey, fromParserOutput, isUrl, parseDocumentText, type OpenApiObject } from './read-document.js';
import { confinedFile } from '../source/confined-path.js';
import { refParserOptions, swaggerParser } from './ref-options.js';
import { componentNames } from './schema-utils.js';
import { toOpenApi3 } from './upgrade-swagger.js';

export interface CachedDocument {
  doc: OpenApiObject;
  /** Component schema object -> name (names are lost by dereferencing). */
  names: Map<object, string>;
}

const cache = new Map<string, Promise<CachedDocument>>();

/** Which document a page renders: as its spec names it (`file`, `localCopy`, `refFiles`). */
export interface RenderSource {
  file: string;
  localCopy?: string;
  refFiles?: readonly string[];
}

/**
 * `build(abs)` for the file a spec names, once per thread and file version (path, mtime,
 * size, and those of the `refFiles` its `$ref`s read: a changed schema file is a new version).
 * URL documents are read from the local copy made at plan time, so render threads
 * never use the network. Shared by the OpenAPI and AsyncAPI renderers (`kind` names it).
 */
export async function cachedRenderDocument<T>(cache: Map<string, Promise<T>>, root: string, source: RenderSource, kind: string, build: (abs: string) => Promise<T>): Promise<T> {
  const { file, localCopy } = source;
  if (isUrl(file) && !localCopy) throw new InvalidError(`${kind} document ${file} has no local copy: the plan fetches URL documents before pages render`);
  const abs = localCopy ?? (await confinedFile(root, documentKey(file)));
  // The local copy holds everything its `$ref`s reached: only a folder file reads others.
  const deps = localCopy ? [] : (source.refFiles ?? []);
  const version = async (p: string): Promise<string> => {
    const { mtimeMs, size } = await stat(p);
    return `${mtimeMs}:${size}`;
  };
  // A `$ref` file gone or moved out of reach is a version of its own: the rebuild reports it.
  const depVersion = (f: string) => confinedFile(root, f).then(version).catch(() => 'missing');
  const versions = await Promise.all([version(abs), ...deps.map(depVersion)]);
  const key = `${abs}\0${versions.join('\0')}`;
  let entry = cache.get(key);
  if (!entry) {
    entry = build(abs);
    for (const k of cache.keys()) if (k.startsWith(`${abs}\0`)) cache.delete(k); // an older version of the file
    cache.set(key, entry);
    entry.catch(() => cache.delete(key)); // a failed read is not kept: the caller gets the error through `entry`
  }
  return entry;
}

/**
 * Loads a document for rendering. `file` is the reference as in the spec; URL documents
 * are read from the local copy made at plan time, so workers never use the network.
 */
export async function loadRenderDocument(root: string, source: RenderSource): Promise<CachedDocument> {
  const { file, localCopy } = source;
  return cachedRenderDocument(cache, root, source, 'OpenAPI', async (abs) => {
    const raw = toOpenApi3(parseDocumentText(await readFile(abs, 'utf8'), file));
    // Render threads never use the network: URL documents come bundled in their local copy.
    const options = refParserOptions(localCopy ? null : root, null);
    const doc = fromParserOutput(await (await swaggerParser()).dereference(isUrl(file) ? file : abs, asParserInput(raw), options));
    return { doc, names: componentNames(doc) };
  });
}
