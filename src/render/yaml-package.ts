/**
 * The `yaml` package (72 modules), loaded the first time a YAML text is read: a thread whose
 * frontmatter is all flat (markdown/frontmatter.ts), whose OpenAPI documents are JSON and whose
 * config and documents report nothing with a line never loads it (every export thread did,
 * through static imports). Synchronous (require, which Node 22+ also gives ES modules): its
 * callers are.
 */
import { createRequire } from 'node:module';

const require = createRequire(import.meta.url);
let loaded: typeof import('yaml') | undefined;

export function yamlPackage(): typeof import('yaml') {
  return (loaded ??= require('yaml') as typeof import('yaml'));
}
