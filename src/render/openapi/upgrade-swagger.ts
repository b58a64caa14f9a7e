/**
 * Swagger 2.0 documents are converted to OpenAPI 3.0 by Scalar's upgrader (the 0.1 line,
 * which runs on Node 20) before validation and rendering, so older APIs still get their
 * reference; other pre-3 versions are refused by the caller.
 */
import { upgradeFromTwoToThree } from '@scalar/openapi-upgrader/2.0-to-3.0';
import type { OpenApiObject } from './read-document.js';

export function isSwagger2(raw: OpenApiObject): boolean {
  return raw.swagger === '2.0' || raw.swagger === 2;
}

/** The document as OpenAPI 3: converted when it is Swagger 2.0, else unchanged. */
export function toOpenApi3(raw: OpenApiObject): OpenApiObject {
  return isSwagger2(raw) ? (upgradeFromTwoToThree(structuredClone(raw)) as OpenApiObject) : raw;
}
