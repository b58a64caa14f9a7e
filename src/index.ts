/**
 * Quire as a library: the typed API client, the export engine, the bundle format and
 * the bundle server, plus the error classes they throw.
 */
export * from './core/errors.js';
export * from './client/index.js';
export { exportSite, validateSite } from './render/index.js';
export type { ExportOptions, ExportReport, ExportProgress, Deployment, Diagnostic } from './render/types.js';
export { packBundle, extractBundle, verifyBundle, type BundleManifest } from './render/bundle/index.js';
export { startHost, loadHostConfig } from './host/index.js';
