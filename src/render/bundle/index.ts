/** The bundle format: packing an exported site, verifying and extracting an archive. */
export { BUNDLE_FORMAT_VERSION, MANIFEST_NAME, parseManifest, unsafeEntryPathReason, type BundleFile, type BundleManifest } from './manifest.js';
export { packBundle, type PackBundleOptions, type PackedBundle } from './pack.js';
export { DEFAULT_BUNDLE_LIMITS, verifyBundle, walkBundle, type BundleLimits, type BundleSink } from './verify.js';
export { extractBundle } from './extract.js';
