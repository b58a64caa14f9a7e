/**
 * Scale-out blob driver: an S3-compatible bucket (AWS S3, MinIO, Cloudflare R2, ...)
 * through the AWS SDK v3. Uploads are multipart (lib-storage `Upload`) and streamed
 * from the local file; links are SigV4 presigned GETs (s3-request-presigner), valid for
 * the requested lifetime up to the SigV4 maximum of 7 days. Checksums are computed and
 * validated only when an operation requires them, which S3-compatible stores expect.
 */
import { createReadStream } from 'node:fs';
import { stat as statFile } from 'node:fs/promises';
import { Readable, Transform } from 'node:stream';
import { DeleteObjectCommand, GetObjectCommand, HeadObjectCommand, ListObjectsV2Command, S3Client } from '@aws-sdk/client-s3';
import { Upload } from '@aws-sdk/lib-storage';
import { getSignedUrl } from '@aws-sdk/s3-request-presigner';
import { NotFoundError } from '../../core/errors.js';
import { assertBlobKey, blobContentType, type BlobEntry, type BlobInfo, type BlobStore, type ByteRange, type PresignOptions, type PresignedLink, type S3BlobConfig } from '../types.js';
import { linkTtl, resolveRange } from '../checks.js';

const MIN_PART_SIZE = 5 * 1024 * 1024;

function isNotFound(err: unknown): boolean {
  const e = err as { name?: string; $metadata?: { httpStatusCode?: number } };
  return e?.name === 'NotFound' || e?.name === 'NoSuchKey' || e?.$metadata?.httpStatusCode === 404;
}

/**
 * Keeps `take` bytes after skipping `skip`: for stores that answer a range request with
 * a wider range than asked (s3rver 3.7 treats `bytes=0-0` as the whole object).
 */
function sliceBytes(source: Readable, skip: number, take: number): Readable {
  let position = 0;
  const end = skip + take;
  return source.pipe(
    new Transform({
      transform(chunk: Buffer, _encoding, callback) {
        const from = Math.max(0, skip - position);
        const to = Math.min(chunk.length, end - position);
        position += chunk.length;
        callback(null, from < to ? chunk.subarray(from, to) : undefined);
      },
    }),
  );
}

export type S3BlobStoreOptions = Omit<S3BlobConfig, 'driver'>;

export class S3BlobStore implements BlobStore {
  readonly driver = 's3' as const;
  readonly client: S3Client;
  /** Signs the links: the same client, or one for the public endpoint. */
  private readonly linkClient: S3Client;
  private readonly bucket: string;
  private readonly prefix: string;
  private readonly partSize: number;

  constructor(options: S3BlobStoreOptions) {
    this.bucket = options.bucket;
    this.prefix = options.prefix ?? '';
    this.partSize = Math.max(MIN_PART_SIZE, options.partSize ?? 8 * 1024 * 1024);
    const clientFor = (endpoint: string | undefined) =>
      new S3Client({
        region: options.region ?? 'us-east-1',
        endpoint,
        forcePathStyle: options.forcePathStyle ?? false,
        credentials: options.credentials,
        requestChecksumCalculation: 'WHEN_REQUIRED',
        responseChecksumValidation: 'WHEN_REQUIRED',
      });
    this.client = clientFor(options.endpoint);
    // Presigning is local (no request), so a client for an address only the users resolve is fine.
    this.linkClient = options.publicEndpoint ? clientFor(options.publicEndpoint) : this.client;
  }

  private objectKey(key: string): string {
    assertBlobKey(key);
    return this.prefix + key;
  }

  async put(key: string, file: string, options: { signal?: AbortSignal } = {}): Promise<{ size: number }> {
    options.signal?.throwIfAborted();
    const { size } = await statFile(file);
    const upload = new Upload({
      client: this.client,
      params: { Bucket: this.bucket, Key: this.objectKey(key), Body: createReadStream(file), ContentType: blobContentType(key), ContentLength: size },
      partSize: this.partSize,
      queueSize: 2,
      leavePartsOnError: false,
    });
    // Upload.abort() stops the parts in flight and aborts a multipart upload.
    const abort = () => void upload.abort();
    options.signal?.addEventListener('abort', abort, { once: true });
    try {
      await upload.done();
    } finally {
      options.signal?.removeEventListener('abort', abort);
    }
    options.signal?.throwIfAborted();
    return { size };
  }

  async stat(key: string): Promise<BlobInfo | undefined> {
    try {
      const head = await this.client.send(new HeadObjectCommand({ Bucket: this.bucket, Key: this.objectKey(key) }));
      return { size: head.ContentLength ?? 0, etag: head.ETag, lastModified: head.LastModified ?? new Date(0) };
    } catch (err) {
      if (isNotFound(err)) return undefined;
      throw err;
    }
  }

  async read(key: string, range?: ByteRange): Promise<Readable> {
    let wanted: ByteRange | undefined;
    if (range) {
      const info = await this.stat(key);
      if (!info) throw new NotFoundError(`Blob not found: ${key}`);
      wanted = resolveRange(range, info.size);
    }
    try {
      const object = await this.client.send(
        new GetObjectCommand({ Bucket: this.bucket, Key: this.objectKey(key), Range: wanted && `bytes=${wanted.start}-${wanted.end}` }),
      );
      const body = object.Body;
      let stream: Readable;
      if (body instanceof Readable) stream = body;
      else if (body && 'transformToWebStream' in body) stream = Readable.fromWeb(body.transformToWebStream() as import('node:stream/web').ReadableStream);
      else throw new Error(`S3 returned no body for ${key}`);
      if (!wanted) return stream;
      const served = /^bytes (\d+)-(\d+)\//.exec(object.ContentRange ?? '');
      const servedStart = served ? Number(served[1]) : 0;
      if (served && servedStart === wanted.start && Number(served[2]) === wanted.end) return stream;
      return sliceBytes(stream, wanted.start - servedStart, wanted.end - wanted.start + 1);
    } catch (err) {
      if (isNotFound(err)) throw new NotFoundError(`Blob not found: ${key}`);
      throw err;
    }
  }

  async delete(key: string): Promise<void> {
    await this.client.send(new DeleteObjectCommand({ Bucket: this.bucket, Key: this.objectKey(key) }));
  }

  async *list(prefix = ''): AsyncIterable<BlobEntry> {
    let token: string | undefined;
    do {
      const page = await this.client.send(
        new ListObjectsV2Command({ Bucket: this.bucket, Prefix: this.prefix + prefix, ContinuationToken: token }),
      );
      for (const object of page.Contents ?? []) {
        if (!object.Key) continue;
        yield { key: object.Key.slice(this.prefix.length), size: object.Size ?? 0, etag: object.ETag, lastModified: object.LastModified ?? new Date(0) };
      }
      token = page.IsTruncated ? page.NextContinuationToken : undefined;
    } while (token);
  }

  /** One DeleteObject per blob: DeleteObjects needs checksums some S3-compatible stores reject. */
  async deleteOlderThan(cutoff: Date, prefix = ''): Promise<number> {
    const old: string[] = [];
    for await (const entry of this.list(prefix)) {
      if (entry.lastModified < cutoff) old.push(entry.key);
    }
    for (const key of old) await this.delete(key);
    return old.length;
  }

  async presignGet(key: string, ttlSeconds: number, options: PresignOptions = {}): Promise<PresignedLink> {
    const expiresIn = linkTtl(ttlSeconds);
    // SigV4 dates have whole seconds; sign at a whole second so expiresAt is exact.
    const signingDate = new Date(Math.floor(Date.now() / 1000) * 1000);
    const command = new GetObjectCommand({
      Bucket: this.bucket,
      Key: this.objectKey(key),
      ResponseContentDisposition: options.downloadName ? `attachment; filename="${options.downloadName.replace(/["\\\r\n]/g, '_')}"` : undefined,
    });
    const url = await getSignedUrl(this.linkClient, command, { expiresIn, signingDate });
    return { url, expiresAt: new Date(signingDate.getTime() + expiresIn * 1000).toISOString() };
  }
}
