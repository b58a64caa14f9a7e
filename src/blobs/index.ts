/** The blob port, link signing and the drivers. */
export * from './types.js';
export { openBlobStore, type OpenBlobStoreContext } from './open-blob-store.js';
export { bundleLinkPath, buildSignedUrl, checkSignedRequest, loadOrCreateSigningSecret, parseSigningSecret, signLink, verifyLink } from './sign-link.js';
export { FsBlobStore } from './drivers/fs.js';
export { S3BlobStore } from './drivers/s3.js';
export { linkTtl, resolveRange } from './checks.js';
