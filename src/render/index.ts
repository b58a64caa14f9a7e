/** The static export engine: the public functions other parts of Quire call. */
export type * from './types.js';
export { exportSite } from './export-site.js';
export { validateSite, type SiteValidation } from './validate-site.js';
