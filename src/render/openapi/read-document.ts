/**
 * Reads one OpenAPI document from the docs folder (confined to it) or, at export time,
 * from a URL through the guarded fetcher, and parses it as JSON or YAML. URL documents
 * are fetched once per export and kept as a local copy in the export's own folder, so
 * render workers never touch the network; air-gapped deployments refuse URLs.
 */
import { createHash } from 'node:crypto';
import { writeFile } from 'node:fs/promises';
import path from 'node:path';
import type { OpenAPI } from 'openapi-types';
import type { Deployment } from '../types.js';
import { guardedFetch, OutboundFetchError, type FetchPolicy } from '../../core/guarded-fetch.js';
import { ConfinedPathError, readConfinedText } from '../source/confined-path.js';
import { yamlPackage } from '../yaml-package.js';

/** What an export may do over the network, and where it keeps what it fetched. */
export interface Outbound {
  policy: FetchPolicy;
  /** A folder of this export's own for copies of fetched documents; none: no copies are kept. */
  copyDir?: string;
  /** Set by the plan cache (cache/api-plan-cache.ts): what the plan read, so that a kept plan serves only while those inputs hold. */
  inputs?: PlanInputs;
}

/** The inputs of an API reference plan besides the config, the file list and the pages' frontmatter. */
export interface PlanInputs {
  /** Files of the docs folder the plan read or tried to read (root-relative): documents and their `$ref` targets. */
  files: Set<string>;
  /** Whether a document or a `$ref` named a URL: what the network answers is no input a hash can pin. */
  remote: boolean;
}

/**
 * A parsed document or any object inside it. Read with the narrowing helpers of
 * schema-utils (`isSchema`, `objectAt`, `stringAt`): a repository's document may hold
 * any value anywhere, whatever the OpenAPI types say.
 */
export type OpenApiObject = Record<string, unknown>;

/** The parsed document as swagger-parser's calls take it (it checks the shape itself), and back. */
export const asParserInput = (doc: OpenApiObject): OpenAPI.Document => doc as unknown as OpenAPI.Document;
export const fromParserOutput = (doc: OpenAPI.Document): OpenApiObject => doc as unknown as OpenApiObject;

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
    const value: unknown = trimmed.startsWith('{') ? JSON.parse(text) : yamlPackage().parse(text, { maxAliasCount: 1000 });
    if (value === null || typeof value !== 'object' || Array.isArray(value)) throw new DocumentReadError(`${name} is not an OpenAPI document: its top level is not an object`);
    return value as OpenApiObject;
  } catch (err) {
    if (err instanceof DocumentReadError) throw err;
    const e = err as { message?: string; linePos?: { line: number }[] };
    throw new DocumentReadError(`${name} could not be parsed: ${(e.message ?? String(err)).split('\n')[0]}`, e.linePos?.[0]?.line);
  }
}

/** A document's text (a file of the docs folder, or a URL through the guarded fetcher) and its parsed value. */
export async function readDocumentSource(root: string, key: string, deployment: Deployment, outbound?: Outbound): Promise<{ text: string; raw: OpenApiObject }> {
  const text = isUrl(key) ? await fetchDocumentText(key, deployment, outbound) : await readDocumentText(root, key);
  return { text, raw: parseDocumentText(text, key) };
}

/** Fetches a URL document at export time through the guarded fetcher; refuses in air-gapped deployments. */
export async function fetchDocumentText(url: string, deployment: Deployment, outbound: Outbound = { policy: {} }): Promise<string> {
  if (deployment === 'air-gapped') {
    throw new DocumentReadError(`OpenAPI document ${url} is a URL, which an air-gapped export cannot fetch: vendor the file into the docs folder and reference it by its path (e.g. "openapi": "/api/openapi.yaml")`);
  }
  try {
    const res = await guardedFetch(url, outbound.policy);
    if (res.status < 200 || res.status > 299) throw new DocumentReadError(`OpenAPI document ${url} could not be fetched: HTTP ${res.status}`);
    return res.body.toString('utf8');
  } catch (err) {
    if (err instanceof OutboundFetchError) throw new DocumentReadError(`OpenAPI document ${err.message}`);
    throw err;
  }
}

/** Writes the copy of a fetched document into the export's own folder (a new file, never through an existing one). */
export async function writeLocalCopy(url: string, doc: OpenApiObject, copyDir: string): Promise<string> {
  const file = path.join(copyDir, `${createHash('sha256').update(url).digest('hex').slice(0, 24)}.json`);
  await writeFile(file, JSON.stringify(doc), { flag: 'wx', mode: 0o600 });
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
