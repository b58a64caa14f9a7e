/**
 * The build step that writes the OpenAPI schema validators as code (Ajv's standalone
 * output) beside the compiled schema-validator.js, so an export loads them instead of
 * compiling the OpenAPI schemas (~0.9 s of CPU): `node dist/render/openapi/build-validators.js`,
 * run by `npm run build`. The code is what `compileValidator` compiles, written out.
 */
import { renameSync, writeFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import standaloneModule from 'ajv/dist/standalone/index.js';
import { BUILT_VALIDATORS, compileValidator, type OpenApiVersion } from './schema-validator.js';

/** The CommonJS module of the validator of `version`. */
export function validatorModule(version: OpenApiVersion): string {
  const { ajv, validate } = compileValidator(version, true);
  return standaloneModule.default(ajv, validate);
}

/** Writes each version's module to its place relative to `base` (a file URL of this folder's modules). */
export function writeValidators(base: string): string[] {
  return (Object.keys(BUILT_VALIDATORS) as OpenApiVersion[]).map((version) => {
    const file = fileURLToPath(new URL(BUILT_VALIDATORS[version], base));
    const tmp = `${file}.${process.pid}.tmp`;
    writeFileSync(tmp, validatorModule(version));
    renameSync(tmp, file);
    return file;
  });
}

if (process.argv[1] && fileURLToPath(import.meta.url) === process.argv[1]) {
  const started = performance.now();
  const files = writeValidators(import.meta.url);
  console.log(`OpenAPI validators: ${files.length} written (${Math.round(performance.now() - started)} ms)`);
}
