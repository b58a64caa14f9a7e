/**
 * The blob port: where export bundles live and how a download link is minted. The
 * embedded driver (`fs`) keeps bundles in a local directory and Quire serves its own
 * HMAC-signed links; the scale-out driver (`s3`) keeps them in an S3-compatible bucket
 * and hands out SigV4 presigned GET links. The core only sees this file.
 *
 * Keys are relative, slash-separated paths such as `bundles/2026-11-21/se_0123/bundle.tar.gz`:
 * segments of letters, digits, `.`, `_`, `-` (see `assertBlobKey`).
 */
import type { Readable } from 'node:stream';
import { InvalidError } from '../core/errors.js';

export interface BlobInfo {
  size: number;
  /** A strong validator for HTTP caching (quoted, as an ETag header carries it). */
  etag?: string;
  lastModified: Date;
}

export interface BlobEntry extends BlobInfo {
  key: string;
}

/** Inclusive byte range, as an HTTP `Range: bytes=start-end` header names it. */
export interface ByteRange {
  start: number;
  end: number;
}

export interface PresignOptions {
  /** File name a browser should save the download as (Content-Disposition). */
  downloadName?: string;
}

export interface PresignedLink {
  url: string;
  /** ISO 8601 UTC. */
  expiresAt: string;
}

/** Outcome of checking a link Quire serves itself (fs driver). */
export type LinkCheck = { ok: true; key: string } | { ok: false; reason: 'expired' | 'invalid' };

export interface BlobStore {
  readonly driver: 'fs' | 's3';
  /** Stores the local file `file` under `key` (streamed, replaces atomically); `signal` abandons it, leaving the old blob. */
  put(key: string, file: string, options?: { signal?: AbortSignal }): Promise<{ size: number }>;
  /** Size, ETag and time of a stored blob; undefined when missing. */
  stat(key: string): Promise<BlobInfo | undefined>;
  /** The blob's bytes (or an inclusive range of them); throws NotFoundError when missing. */
  read(key: string, range?: ByteRange): Promise<Readable>;
  /** Removes the blob; removing a missing blob is not an error. */
  delete(key: string): Promise<void>;
  /** Every blob whose key starts with `prefix`, in key order. */
  list(prefix?: string): AsyncIterable<BlobEntry>;
  /**
   * Retention: removes every blob under `prefix` last modified before `cutoff`;
   * returns how many were removed.
   */
  deleteOlderThan(cutoff: Date, prefix?: string): Promise<number>;
  /**
   * A GET link that works without credentials until it expires. The lifetime is capped
   * at 7 days (604800 s, the SigV4 maximum) on every driver.
   */
  presignGet(key: string, ttlSeconds: number, options?: PresignOptions): Promise<PresignedLink>;
  /**
   * Present on drivers whose links Quire serves itself (fs): checks a request's path and
   * query (`/v1/static-export/bundles/<key>?expires=..&signature=..`) and returns the
   * key, or why it is refused (the route answers 403).
   */
  checkLink?(pathAndQuery: string, now?: Date): LinkCheck;
}

/** Longest presigned link lifetime: 7 days, the SigV4 maximum. */
export const MAX_LINK_TTL_SECONDS = 604_800;

/**
 * The media type a blob is downloaded with, by either driver (the bucket stores it with
 * the object; the fs links send it): bundles are gzip archives.
 */
export function blobContentType(key: string): string {
  return /\.(tar\.gz|tgz|gz)$/.test(key) ? 'application/gzip' : 'application/octet-stream';
}

/** URL path under which Quire serves fs-driver bundle links. */
export const BUNDLE_LINK_PATH = '/v1/static-export/bundles/';

const KEY_SEGMENT = /^[A-Za-z0-9_][A-Za-z0-9._-]*$/;

/** False for keys that could escape a directory or a prefix (`..`, absolute, odd bytes). */
export function isValidBlobKey(key: string): boolean {
  if (key.length === 0 || key.length > 512) return false;
  return key.split('/').every((segment) => KEY_SEGMENT.test(segment));
}

/** Throws InvalidError for a key `isValidBlobKey` refuses. */
export function assertBlobKey(key: string): void {
  if (!isValidBlobKey(key)) throw new InvalidError(`Invalid blob key: ${JSON.stringify(key)}`);
}

export interface FsBlobConfig {
  driver: 'fs';
  /** Directory holding the blobs. @default `<dataDir>/bundles` */
  dir?: string;
  /** Base of the links Quire hands out, e.g. `https://quire.example.com` (QUIRE_PUBLIC_URL). */
  publicUrl: string;
  /**
   * HMAC key for links (at least 32 bytes, or a hex/base64 string of them). When absent
   * one is generated on first start into `<dataDir>/secrets/link-signing.key` (mode 0600).
   */
  signingSecret?: string | Buffer;
}

export interface S3BlobConfig {
  driver: 's3';
  bucket: string;
  /** @default 'us-east-1' */
  region?: string;
  /** For S3-compatible stores (MinIO, R2, ...): `https://host:port`. @default AWS */
  endpoint?: string;
  /**
   * Endpoint the presigned links name, when clients reach the store at another address
   * than Quire does (SigV4 signs the host, so the link is signed for this one). @default endpoint
   */
  publicEndpoint?: string;
  /** Path-style URLs (`endpoint/bucket/key`), needed by most S3-compatible stores. @default false */
  forcePathStyle?: boolean;
  /** Static credentials; when absent the SDK's default chain (env, profile, role) applies. */
  credentials?: { accessKeyId: string; secretAccessKey: string; sessionToken?: string };
  /** Prefix put before every key, e.g. `quire/`. @default '' */
  prefix?: string;
  /** Multipart part size in bytes (at least 5 MiB). @default 8388608 */
  partSize?: number;
}

export type BlobConfig = FsBlobConfig | S3BlobConfig;
