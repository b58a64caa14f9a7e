/**
 * Checks one OpenAPI document at plan time: reads it, converts Swagger 2.0, refuses
 * what Quire cannot render (older or unknown versions), reports broken `$ref`s at the place they are written,
 * then lets swagger-parser validate and dereference it. Every problem becomes a
 * diagnostic naming the document and the JSON path (and the line when known).
 */
import type SwaggerParser from '@apidevtools/swagger-parser';
import type { Deployment, Diagnostic } from '../types.js';
import path from 'node:path';
import { refParserOptions, swaggerParser } from './ref-options.js';
import { openApiSchemaErrors } from './schema-validator.js';
import { relativeInside } from '../source/confined-path.js';
import { isSwagger2, toOpenApi3 } from './upgrade-swagger.js';
import { getByTokens, lineOfPath, pathLines, pointerToJsonPath, pointerTokens } from './json-path.js';
import {
  asParserInput, DocumentReadError, documentKey, documentPath, fromParserOutput, isUrl, readDocumentSource, writeLocalCopy,
  type OpenApiObject, type Outbound,
} from './read-document.js';

export interface CheckedDocument {
  /** The document as referenced, normalised (`api/openapi.yaml` or a URL). */
  key: string;
  /** Validated and dereferenced; absent when the document cannot be used. */
  doc?: OpenApiObject;
  /** Local copy of a URL document for the render workers. */
  localCopy?: string;
  /** Other files of the docs folder its `$ref`s read (root-relative, sorted): pages depend on them too. */
  refFiles?: string[];
  diagnostics: Diagnostic[];
}

const MAX_VALIDATION_DIAGNOSTICS = 8;

export async function checkDocument(root: string, ref: string, deployment: Deployment, outbound: Outbound = { policy: {} }): Promise<CheckedDocument> {
  const key = documentKey(ref);
  noteInputs(outbound, key);
  const fail = (message: string, extra: Partial<Diagnostic> = {}): CheckedDocument => ({ key, diagnostics: [{ severity: 'error', file: key, message, ...extra }] });
  let source: { text: string; raw: OpenApiObject };
  try {
    source = await readDocumentSource(root, key, deployment, outbound);
  } catch (err) {
    if (err instanceof DocumentReadError) return fail(err.message, err.line ? { line: err.line } : {});
    throw err;
  }
  let { text, raw } = source;
  const converted = isSwagger2(raw);
  if (converted) {
    try {
      raw = toOpenApi3(raw);
    } catch (err) {
      return fail(`${key} is a Swagger 2.0 document that could not be converted to OpenAPI 3 (${(err as Error).message}); convert it with another tool and reference the converted file`, { path: 'swagger', line: lineOfPath(text, ['swagger']) });
    }
    // Paths in later messages refer to the converted document: no line of the file matches them.
    text = '';
  } else if (raw.swagger !== undefined) {
    return fail(`${key} is a Swagger ${typeof raw.swagger === 'string' ? raw.swagger : JSON.stringify(raw.swagger)} document; Quire renders OpenAPI 3.0 and 3.1, and converts Swagger 2.0. Convert it to OpenAPI 3 and reference the converted file`, { path: 'swagger', line: lineOfPath(text, ['swagger']) });
  }
  if (typeof raw.openapi !== 'string' || !/^3\.[01]\./.test(raw.openapi)) {
    return fail(`${key} is not an OpenAPI 3.0 or 3.1 document: "openapi" is ${JSON.stringify(raw.openapi ?? null)}, expected a version such as "3.1.0"`, { path: 'openapi', line: lineOfPath(text, ['openapi']) });
  }
  const broken = brokenRefDiagnostics(raw, key, text);
  if (broken.length > 0) return { key, diagnostics: broken };

  const base = isUrl(key) ? key : documentPath(root, key);
  const reads = new Set<string>();
  const options = refParserOptions(isUrl(key) ? null : root, deployment !== 'air-gapped' ? outbound.policy : null, reads);
  try {
    const doc = await validateDocument(base, raw, options);
    const refs = refFilesOf(reads, key);
    // A URL document, or a file with `$ref`s to URLs, is bundled into a local copy:
    // render threads read that and never use the network. Its contents cover what the `$ref`s fetched.
    if ((!isUrl(key) && !hasUrlRefs(raw)) || !outbound.copyDir) return { key, doc, ...refs, diagnostics: [] };
    const bundled = fromParserOutput(await (await swaggerParser()).bundle(base, asParserInput(structuredClone(raw)), options));
    return { key, doc, localCopy: await writeLocalCopy(key, bundled, outbound.copyDir), ...refs, diagnostics: [] };
  } catch (err) {
    if ((err as Error).name === 'ResolverError') return { key, diagnostics: [externalRefDiagnostic(err as Error & { source?: string }, root, key, text, raw)] };
    return { key, diagnostics: validationDiagnostics(err, key, text, raw) };
  } finally {
    noteInputs(outbound, key, reads, raw);
  }
}

/**
 * Adds what checking a document read to the plan's inputs, when the plan cache collects them
 * (read-document.ts `PlanInputs`): the document, the files its `$ref`s read or tried to, and
 * whether it or a `$ref` names a URL.
 */
export function noteInputs(outbound: Outbound | undefined, key: string, reads: ReadonlySet<string> = new Set(), raw?: OpenApiObject): void {
  const inputs = outbound?.inputs;
  if (!inputs) return;
  if (isUrl(key) || (raw !== undefined && hasUrlRefs(raw))) inputs.remote = true;
  else inputs.files.add(key);
  for (const file of reads) inputs.files.add(file);
}

/**
 * swagger-parser's validate() with the schema check done by the validator compiled once
 * per process (schema-validator.ts), in the same order: `$ref`s are dereferenced except
 * circular ones (Ajv cannot walk a cycle), the result is checked against the OpenAPI
 * schema, then swagger-parser checks the spec's own rules and dereferences what is left.
 * A schema failure throws what swagger-parser throws (ajv's errors in `details`).
 */
async function validateDocument(base: string, raw: OpenApiObject, options: SwaggerParser.Options): Promise<OpenApiObject> {
  const SwaggerParser = await swaggerParser();
  const parser = new SwaggerParser();
  // The document was checked to name an OpenAPI 3 version before (checkDocument).
  const api = fromParserOutput(await parser.dereference(base, asParserInput(structuredClone(raw)), { ...options, dereference: { circular: 'ignore' } })) as OpenApiObject & { openapi: string };
  const errors = openApiSchemaErrors(api);
  if (errors) throw Object.assign(new SyntaxError(`Swagger schema validation failed.\n${errors.map((e) => `  #${e.instancePath || '/'} ${e.message ?? ''}`).join('\n')}`), { details: errors });
  // With no circular reference left there is nothing more to read: the check walks what is here. A
  // circular one may name a file relative to another file than `base`: those documents are read again.
  const rest = parser.$refs.circular ? structuredClone(raw) : api;
  return fromParserOutput(await SwaggerParser.validate(base, asParserInput(rest), { ...options, validate: { schema: false, spec: true } }));
}

/** The files a document's resolution read besides itself, as the `refFiles` of a checked document. */
export function refFilesOf(reads: ReadonlySet<string>, key: string): { refFiles?: string[] } {
  const files = [...reads].filter((f) => f !== key).sort();
  return files.length > 0 ? { refFiles: files } : {};
}

/** True when some `$ref` of the document names an http(s) URL. */
/** One error per local `#/...` reference whose target is missing, at the `$ref`'s line (the text parsed once). */
export function brokenRefDiagnostics(raw: OpenApiObject, key: string, text: string): Diagnostic[] {
  const broken = findBrokenLocalRefs(raw);
  if (broken.length === 0) return [];
  const lineAt = pathLines(text);
  return broken.map((at) => ({
    severity: 'error', file: key, path: pointerToJsonPath(at.pointer, raw), line: lineAt(pointerTokens(at.pointer)),
    message: `Broken $ref "${at.ref}" in ${key} at ${pointerToJsonPath(at.pointer, raw)}: the target does not exist`,
  }));
}

/** Whether the document holds a `$ref` to a URL (then bundled into a local copy for render threads). */
export function hasUrlRefs(value: unknown): boolean {
  if (Array.isArray(value)) return value.some(hasUrlRefs);
  if (value === null || typeof value !== 'object') return false;
  const obj = value as Record<string, unknown>;
  if (typeof obj.$ref === 'string' && /^https?:\/\//i.test(obj.$ref)) return true;
  return Object.values(obj).some(hasUrlRefs);
}

interface RefLocation { pointer: string; ref: string }

/** Local `#/...` references whose target is missing, with the pointer of the `$ref` itself. */
export function findBrokenLocalRefs(doc: OpenApiObject): RefLocation[] {
  const out: RefLocation[] = [];
  const walk = (value: unknown, pointer: string): void => {
    if (Array.isArray(value)) return value.forEach((v, i) => walk(v, `${pointer}/${i}`));
    if (value === null || typeof value !== 'object') return;
    const obj = value as Record<string, unknown>;
    if (typeof obj.$ref === 'string' && obj.$ref.startsWith('#') && getByTokens(doc, pointerTokens(obj.$ref)) === undefined) {
      out.push({ pointer: `${pointer}/$ref`, ref: obj.$ref });
    }
    for (const [k, v] of Object.entries(obj)) if (k !== '$ref') walk(v, `${pointer}/${k.replace(/~/g, '~0').replace(/\//g, '~1')}`);
  };
  walk(doc, '#');
  return out;
}

/** An external `$ref` that could not be read: where it is written, and why (outside the folder, missing). */
export function externalRefDiagnostic(err: Error & { source?: string }, root: string, key: string, text: string, raw: OpenApiObject): Diagnostic {
  const target = err.source ?? '';
  const base = isUrl(key) ? null : path.dirname(documentPath(root, key));
  let at: string | undefined;
  const walk = (value: unknown, pointer: string): void => {
    if (at || value === null || typeof value !== 'object') return;
    if (Array.isArray(value)) return value.forEach((v, i) => walk(v, `${pointer}/${i}`));
    const obj = value as Record<string, unknown>;
    if (typeof obj.$ref === 'string' && !obj.$ref.startsWith('#') && base && path.resolve(base, obj.$ref.split('#')[0]) === target) at = `${pointer}/$ref`;
    for (const [k, v] of Object.entries(obj)) if (k !== '$ref') walk(v, `${pointer}/${k.replace(/~/g, '~0').replace(/\//g, '~1')}`);
  };
  walk(raw, '#');
  const why = !isUrl(key) && target && relativeInside(root, target) === null ? 'it is outside the docs folder' : 'it does not exist or cannot be read';
  const where = at ? ` at ${pointerToJsonPath(at, raw)}` : '';
  return { severity: 'error', file: key, ...(at ? { path: pointerToJsonPath(at, raw), line: lineOfPath(text, pointerTokens(at)) } : {}), message: `Broken $ref in ${key}${where}: ${target || 'the referenced file'} cannot be used, ${why}` };
}

function validationDiagnostics(err: unknown, key: string, text: string, raw: OpenApiObject): Diagnostic[] {
  const e = err as { message?: string; details?: { instancePath?: string; message?: string; params?: Record<string, unknown> }[]; parentPath?: string; targetRef?: string };
  // The text is parsed for lines once, for all of the document's diagnostics: a parse per
  // diagnostic re-parsed 0xsequence's four failing translated documents 8 times each (~3.5 s of profile).
  let lines: ((tokens: string[]) => number | undefined) | undefined;
  const make = (pointer: string | undefined, message: string): Diagnostic => {
    const tokens = pointer ? pointerTokens(pointer) : [];
    return { severity: 'error', file: key, path: tokens.length ? pointerToJsonPath(pointer!, raw) : undefined, line: pointer ? (lines ??= pathLines(text))(tokens) : undefined, message };
  };
  if (e.targetRef) {
    return [make(e.parentPath ?? undefined, `Broken $ref "${e.targetRef}" in ${key}${e.parentPath ? ` at ${pointerToJsonPath(e.parentPath, raw)}` : ''}: ${e.message ?? 'the target does not exist'}`)];
  }
  if (Array.isArray(e.details) && e.details.length > 0) {
    // ajv reports every failing branch; the deepest paths are the useful ones.
    const seen = new Set<string>();
    const details = [...e.details].sort((a, b) => (b.instancePath ?? '').length - (a.instancePath ?? '').length);
    const out: Diagnostic[] = [];
    for (const d of details) {
      const pointer = `#${d.instancePath ?? ''}`;
      const named = d.params?.missingProperty ?? d.params?.additionalProperty;
      const extra = typeof named === 'string' ? ` (${named})` : '';
      const msg = `Invalid OpenAPI document ${key} at ${pointerToJsonPath(pointer, raw) || '(top level)'}: ${d.message ?? 'invalid'}${extra}`;
      if (seen.has(msg)) continue;
      seen.add(msg);
      out.push(make(pointer, msg));
      if (out.length >= MAX_VALIDATION_DIAGNOSTICS) break;
    }
    return out;
  }
  const message = (e.message ?? String(err)).split('\n')[0];
  const pointer = /(\/paths\/\S+?)(?:\s|$)/.exec(message)?.[1];
  return [make(pointer ? `#${pointer}` : undefined, `Invalid OpenAPI document ${key}: ${message}`)];
}
