/**
 * Downloads a bundle link to a file, streaming, and checks its size and sha256 before
 * the file appears under its final name (a failed download leaves nothing behind).
 */
import { createHash } from 'node:crypto';
import { createWriteStream } from 'node:fs';
import { rename, rm } from 'node:fs/promises';
import { Readable, Transform } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import { QuireApiError, QuireNetworkError } from './errors.js';
import type { BundleLink } from './types.js';

export async function downloadBundle(link: BundleLink, file: string, options: { onBytes?: (done: number, total: number) => void; fetch?: typeof fetch } = {}): Promise<{ file: string; sizeBytes: number; sha256: string }> {
  let response: Response;
  try {
    response = await (options.fetch ?? fetch)(link.bundleUrl);
  } catch (err) {
    throw new QuireNetworkError(`Cannot download the bundle: ${err instanceof Error ? err.message : String(err)}`, { cause: err });
  }
  if (!response.ok || !response.body) {
    const text = await response.text().catch(() => ''); // the body broke off: the status alone is reported
    let message = `HTTP ${response.status}`;
    try {
      message = (JSON.parse(text) as { error?: string }).error ?? message;
    } catch {
      // Not JSON (an S3 XML error, say): the status says enough.
    }
    throw new QuireApiError(response.status, `Bundle download refused: ${message}`);
  }
  const hash = createHash('sha256');
  let size = 0;
  const count = new Transform({
    transform(chunk: Buffer, _enc, cb) {
      hash.update(chunk);
      size += chunk.length;
      options.onBytes?.(size, link.sizeBytes);
      cb(null, chunk);
    },
  });
  const temp = `${file}.part`;
  try {
    await pipeline(Readable.fromWeb(response.body), count, createWriteStream(temp));
    const sha256 = hash.digest('hex');
    if (size !== link.sizeBytes) throw new Error(`Bundle size mismatch: got ${size} bytes, expected ${link.sizeBytes}`);
    if (sha256 !== link.sha256) throw new Error(`Bundle checksum mismatch: got sha256 ${sha256}, expected ${link.sha256}`);
    await rename(temp, file);
    return { file, sizeBytes: size, sha256 };
  } catch (err) {
    await rm(temp, { force: true });
    throw err;
  }
}
