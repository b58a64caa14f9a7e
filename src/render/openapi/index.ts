/**
 * API reference pages generated from OpenAPI documents: `planApiReference` runs once per
 * export on the main thread, `renderEndpointPage` runs per page inside render workers.
 */
export type { EndpointPageSpec, ApiReferencePlan, FeatureState } from './types.js';
export { planApiReference } from './plan.js';
export { renderEndpointPage } from './render-endpoint.js';
