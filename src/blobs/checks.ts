/**
 * Argument checks every blob driver applies the same way: byte ranges against a blob's
 * size, and link lifetimes against the 7-day SigV4 maximum.
 */
import { InvalidError } from '../core/errors.js';
import { MAX_LINK_TTL_SECONDS, type ByteRange } from './types.js';

/** Checks a requested range against the blob's size; `end` is clamped to the last byte. */
export function resolveRange(range: ByteRange | undefined, size: number): ByteRange | undefined {
  if (!range) return undefined;
  const { start, end } = range;
  if (!Number.isInteger(start) || !Number.isInteger(end) || start < 0 || end < start || start >= size) {
    throw new InvalidError(`Range ${start}-${end} is not satisfiable for ${size} bytes`);
  }
  return { start, end: Math.min(end, size - 1) };
}

/** Link lifetime in whole seconds, capped at 7 days. */
export function linkTtl(ttlSeconds: number): number {
  if (!Number.isFinite(ttlSeconds) || ttlSeconds < 1) throw new InvalidError('A link lifetime must be at least 1 second');
  return Math.min(Math.floor(ttlSeconds), MAX_LINK_TTL_SECONDS);
}

