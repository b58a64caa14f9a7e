/** The typed client of the Quire API. */
export { QuireClient, type QuireClientOptions, type WaitOptions } from './client.js';
export { downloadBundle } from './download.js';
export { QuireApiError, QuireNetworkError } from './errors.js';
export type * from './types.js';
