/**
 * API reference pages generated from OpenAPI and AsyncAPI documents: `planApiReference` runs
 * once per export on the main thread, `renderEndpointPage` and `renderChannelPage` run per
 * page inside render workers.
 */
export type { ApiPageSpec, ChannelPageSpec, EndpointPageSpec, ApiReferencePlan, FeatureState } from './types.js';
export { planApiReference } from './plan.js';
export { renderEndpointPage } from './render-endpoint.js';
export { renderChannelPage } from './render-channel.js';
