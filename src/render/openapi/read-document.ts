/**
 * Reads one OpenAPI document from disk or (at export time) from a URL, and parses it as
 * JSON or YAML. URL documents are fetched once per export and kept as a local copy so
 * render workers never touch the network; air-gapped deployments refuse URLs.
 */
import { createHash } from 'node:crypto';
import { mkdir, readFile, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { parse as parseYaml } from 'yaml';
import type { Deployment } from '../types.js';
import { ConfinedPathError, readConfinedText } from '../source/confined-path.js';

export type OpenApiObject = Record<string, any>;

export function isUrl(ref: string): boolean {
  return /^https?:\/\//i.test(ref);
}

/** Absolute path of a document referenced from docs.json (`/api/openapi.yaml`, `api.json`). */
export function documentPath(root: string, ref: string): string {
  return path.join(root, ref.replace(/^\/+/, ''));
}

/** Normalised way of naming a document in specs and diagnostics: relative to the root, no leading slash. */
export function documentKey(ref: string): string {
  return isUrl(ref) ? ref : path.posix.normalize(ref.replace(/\\/g, '/').replace(/^\/+/, ''));
}

export class DocumentReadError extends Error {
  constructor(message: string, readonly line?: number) {
    super(message);
    this.name = 'DocumentReadError';
  }
}

/** Parses document text; JSON when it looks like JSON (fast path), YAML otherwise. */
export function parseDocumentText(text: string, name: string): OpenApiObject {
  const trimmed = text.trimStart();
  try {
    const value: unknown = trimmed.startsWith('{') ? JSON.parse(text) : parseYaml(text, { maxAliasCount: 1000 });
    if (value === null || typeof value !== 'object' || Array.isArray(value)) throw new DocumentReadError(`${name} is not an OpenAPI document: its top level is not an object`);
    return value as OpenApiObject;
  } catch (err) {
    if (err instanceof DocumentReadError) throw err;
    const e = err as { message?: string; linePos?: { line: number }[] };
    throw new DocumentReadError(`${name} could not be parsed: ${(e.message ?? String(err)).split('\n')[0]}`, e.linePos?.[0]?.line);
  }
}

/** Where the copy of a URL document fetched during this export is kept. */
export function localCopyPath(url: string): string {
  const hash = createHash('sha256').update(url).digest('hex').slice(0, 24);
  return path.join(tmpdir(), 'quire-openapi', `${hash}.json`);
}

/** Fetches a URL document at export time; refuses in air-gapped deployments. */
export async function fetchDocumentText(url: string, deployment: Deployment): Promise<string> {
  if (deployment === 'air-gapped') {
    throw new DocumentReadError(`OpenAPI document ${url} is a URL, which an air-gapped export cannot fetch: vendor the file into the docs folder and reference it by its path (e.g. "openapi": "/api/openapi.yaml")`);
  }
  let res: Response;
  try {
    res = await fetch(url, { signal: AbortSignal.timeout(20_000), headers: { accept: 'application/json, application/yaml, text/yaml, */*' } });
  } catch (err) {
    throw new DocumentReadError(`OpenAPI document ${url} could not be fetched: ${(err as Error).message}`);
  }
  if (!res.ok) throw new DocumentReadError(`OpenAPI document ${url} could not be fetched: HTTP ${res.status}`);
  return res.text();
}

export async function writeLocalCopy(url: string, doc: OpenApiObject): Promise<string> {
  const file = localCopyPath(url);
  await mkdir(path.dirname(file), { recursive: true });
  await writeFile(file, JSON.stringify(doc));
  return file;
}

/** Reads a document of the docs folder, confined to it (`../` and links out of it are refused unread). */
export async function readDocumentText(root: string, ref: string): Promise<string> {
  try {
    return await readConfinedText(root, documentKey(ref));
  } catch (err) {
    if (err instanceof ConfinedPathError) throw new DocumentReadError(`OpenAPI document ${err.message}`);
    throw new DocumentReadError(`OpenAPI document ${documentKey(ref)} could not be read: ${(err as NodeJS.ErrnoException).code ?? (err as Error).message}`);
  }
}
