/**
 * The s3 blob driver against a local S3-compatible server (s3rver): the shared
 * conformance suite, multipart uploads, the key prefix, and proof that its presigned
 * links carry a correct SigV4 signature. s3rver checks a link's expiry but not its
 * signature, so the signature is recomputed twice for the same request and time: with
 * @smithy/signature-v4 and from the AWS specification with node:crypto alone.
 */
import { createHash, createHmac } from 'node:crypto';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { Sha256 } from '@aws-crypto/sha256-js';
import { SignatureV4 } from '@smithy/signature-v4';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { S3BlobStore } from '../../src/blobs/drivers/s3.js';
import { openBlobStore } from '../../src/blobs/open-blob-store.js';
import { startS3Server, type S3Server } from '../helpers/s3-server.js';
import { blobConformance, readAll } from './conformance.js';

function storeOn(server: S3Server, extra: { prefix?: string; partSize?: number; secretAccessKey?: string; publicEndpoint?: string } = {}): S3BlobStore {
  return new S3BlobStore({
    bucket: server.bucket,
    region: server.region,
    endpoint: server.endpoint,
    publicEndpoint: extra.publicEndpoint,
    forcePathStyle: true,
    credentials: { accessKeyId: server.accessKeyId, secretAccessKey: extra.secretAccessKey ?? server.secretAccessKey },
    prefix: extra.prefix,
    partSize: extra.partSize,
  });
}

blobConformance('s3', async () => {
  const server = await startS3Server();
  const store = openBlobStore(
    { driver: 's3', bucket: server.bucket, region: server.region, endpoint: server.endpoint, forcePathStyle: true, credentials: { accessKeyId: server.accessKeyId, secretAccessKey: server.secretAccessKey }, partSize: 5 * 1024 * 1024 },
    { dataDir: tmpdir() },
  );
  return { store, cleanup: () => server.stop() };
});

/** RFC 3986 encoding as SigV4 wants it. */
const uriEncode = (s: string) => encodeURIComponent(s).replace(/[!'()*]/g, (c) => `%${c.charCodeAt(0).toString(16).toUpperCase()}`);
const hmac = (key: Buffer | string, data: string) => createHmac('sha256', key).update(data).digest();

/** SigV4 query signature of a presigned GET, computed from the AWS documentation. */
function specSignature(url: URL, secretAccessKey: string): string {
  const params = [...url.searchParams.entries()].filter(([k]) => k !== 'X-Amz-Signature');
  const canonicalQuery = params.map(([k, v]) => [uriEncode(k), uriEncode(v)]).sort(([a, x], [b, y]) => (a === b ? (x < y ? -1 : 1) : a < b ? -1 : 1)).map(([k, v]) => `${k}=${v}`).join('&');
  const signedHeaders = url.searchParams.get('X-Amz-SignedHeaders')!;
  expect(signedHeaders).toBe('host');
  const canonicalRequest = ['GET', url.pathname, canonicalQuery, `host:${url.host}\n`, signedHeaders, 'UNSIGNED-PAYLOAD'].join('\n');
  const [, date, region, service, terminator] = url.searchParams.get('X-Amz-Credential')!.split('/');
  const scope = `${date}/${region}/${service}/${terminator}`;
  const stringToSign = ['AWS4-HMAC-SHA256', url.searchParams.get('X-Amz-Date')!, scope, createHash('sha256').update(canonicalRequest).digest('hex')].join('\n');
  const key = hmac(hmac(hmac(hmac(`AWS4${secretAccessKey}`, date), region), service), terminator);
  return createHmac('sha256', key).update(stringToSign).digest('hex');
}

/** The same signature through @smithy/signature-v4, for the same request and time. */
async function smithySignature(url: URL, server: S3Server): Promise<string> {
  const query: Record<string, string> = {};
  for (const [k, v] of url.searchParams) if (!k.startsWith('X-Amz-')) query[k] = v;
  const amzDate = url.searchParams.get('X-Amz-Date')!;
  const signingDate = new Date(`${amzDate.slice(0, 4)}-${amzDate.slice(4, 6)}-${amzDate.slice(6, 11)}:${amzDate.slice(11, 13)}:${amzDate.slice(13, 15)}Z`);
  const signer = new SignatureV4({
    credentials: { accessKeyId: server.accessKeyId, secretAccessKey: server.secretAccessKey },
    region: server.region,
    service: 's3',
    sha256: Sha256,
    uriEscapePath: false,
  });
  const signed = await signer.presign(
    {
      method: 'GET',
      protocol: url.protocol,
      hostname: url.hostname,
      port: Number(url.port),
      path: decodeURIComponent(url.pathname),
      query,
      // As S3 presigning does: the payload is not signed, and this header becomes a query parameter.
      headers: { host: url.host, 'X-Amz-Content-Sha256': 'UNSIGNED-PAYLOAD' },
    },
    { signingDate, expiresIn: Number(url.searchParams.get('X-Amz-Expires')) },
  );
  expect(signed.query?.['X-Amz-SignedHeaders']).toBe(url.searchParams.get('X-Amz-SignedHeaders'));
  return String(signed.query?.['X-Amz-Signature']);
}

describe('s3 blob driver', () => {
  let server: S3Server;
  let dir: string;
  beforeAll(async () => {
    server = await startS3Server();
    dir = mkdtempSync(join(tmpdir(), 'quire-s3-files-'));
  });
  afterAll(async () => {
    await server?.stop();
    rmSync(dir, { recursive: true, force: true });
  });

  it('uploads large files in several multipart parts', async () => {
    const store = storeOn(server, { partSize: 5 * 1024 * 1024 });
    const commands: string[] = [];
    store.client.middlewareStack.add((next, context) => async (args) => {
      commands.push(String(context.commandName));
      return next(args);
    }, { step: 'initialize' });
    const file = join(dir, 'large.bin');
    const content = Buffer.alloc(11 * 1024 * 1024, 7);
    writeFileSync(file, content);
    await store.put('multi/bundle.tar.gz', file);
    expect(commands.filter((c) => c === 'UploadPartCommand')).toHaveLength(3);
    expect(commands).toContain('CompleteMultipartUploadCommand');
    expect((await readAll(await store.read('multi/bundle.tar.gz'))).equals(content)).toBe(true);
    const response = await fetch((await store.presignGet('multi/bundle.tar.gz', 60)).url, { method: 'HEAD' });
    expect(response.headers.get('content-type')).toBe('application/gzip');
  });

  it('keeps its keys under the configured prefix', async () => {
    const prefixed = storeOn(server, { prefix: 'tenant-a/' });
    const plain = storeOn(server);
    const file = join(dir, 'small.bin');
    writeFileSync(file, 'abc');
    await prefixed.put('se_9/bundle.tar.gz', file);
    expect(await plain.stat('tenant-a/se_9/bundle.tar.gz')).toMatchObject({ size: 3 });
    const keys: string[] = [];
    for await (const entry of prefixed.list('se_9/')) keys.push(entry.key);
    expect(keys).toEqual(['se_9/bundle.tar.gz']);
    expect(new URL((await prefixed.presignGet('se_9/bundle.tar.gz', 60)).url).pathname).toBe(`/${server.bucket}/tenant-a/se_9/bundle.tar.gz`);
  });

  it('names the public endpoint in its links, signed for that host, when one is set', async () => {
    // Quire uploads through one address and users download through another (compose:
    // minio:9000 and localhost:9000); here 127.0.0.1 and localhost reach the same server.
    const publicEndpoint = server.endpoint.replace('127.0.0.1', 'localhost');
    expect(publicEndpoint).not.toBe(server.endpoint);
    const store = storeOn(server, { publicEndpoint });
    const file = join(dir, 'public.bin');
    writeFileSync(file, 'public bytes');
    await store.put('se_7/bundle.tar.gz', file);
    const url = new URL((await store.presignGet('se_7/bundle.tar.gz', 60)).url);
    expect(url.origin).toBe(new URL(publicEndpoint).origin);
    expect(specSignature(url, server.secretAccessKey)).toBe(url.searchParams.get('X-Amz-Signature'));
    const response = await fetch(url);
    expect(response.status).toBe(200);
    expect(await response.text()).toBe('public bytes');
    expect(new URL((await storeOn(server).presignGet('se_7/bundle.tar.gz', 60)).url).origin).toBe(new URL(server.endpoint).origin);
  });

  it('presigns GET links with a correct SigV4 signature (recomputed two ways)', async () => {
    const store = storeOn(server);
    const file = join(dir, 'signed.bin');
    writeFileSync(file, 'signed bytes');
    await store.put('se_5/bundle.tar.gz', file);
    const link = await store.presignGet('se_5/bundle.tar.gz', 7200, { downloadName: 'docs-bundle.tar.gz' });
    const url = new URL(link.url);
    expect(url.searchParams.get('X-Amz-Algorithm')).toBe('AWS4-HMAC-SHA256');
    expect(url.searchParams.get('X-Amz-Expires')).toBe('7200');
    expect(url.searchParams.get('X-Amz-Credential')).toMatch(new RegExp(`^${server.accessKeyId}/\\d{8}/${server.region}/s3/aws4_request$`));
    expect(url.searchParams.get('response-content-disposition')).toBe('attachment; filename="docs-bundle.tar.gz"');
    const given = url.searchParams.get('X-Amz-Signature');
    expect(given).toMatch(/^[0-9a-f]{64}$/);
    expect(specSignature(url, server.secretAccessKey)).toBe(given);
    expect(await smithySignature(url, server)).toBe(given);
    // The checks can fail: another secret, or a link altered after signing, differ.
    expect(specSignature(url, 'another-secret')).not.toBe(given);
    const altered = new URL(link.url);
    altered.searchParams.set('X-Amz-Expires', '604800');
    expect(specSignature(altered, server.secretAccessKey)).not.toBe(given);
    // expiresAt is the signing time plus the lifetime.
    const amzDate = url.searchParams.get('X-Amz-Date')!;
    const signedAt = Date.parse(`${amzDate.slice(0, 4)}-${amzDate.slice(4, 6)}-${amzDate.slice(6, 11)}:${amzDate.slice(11, 13)}:${amzDate.slice(13, 15)}Z`);
    expect(Date.parse(link.expiresAt)).toBe(signedAt + 7200_000);
    const response = await fetch(link.url);
    expect(response.status).toBe(200);
    expect(await response.text()).toBe('signed bytes');
  });
});
