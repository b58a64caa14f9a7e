/**
 * The conditional and partial parts of a GET, one implementation for the bundle links
 * (api/bundles.ts), the API's polled JSON (api/etag.ts) and `quire host`
 * (host/serve-file.ts): `If-None-Match` against ETags, and one byte `Range` honouring
 * `If-Range`. Several ranges or another unit are ignored (the whole body is sent), as
 * RFC 9110 allows; a range past the end is 'unsatisfiable' (416).
 */
export type RangeResult = { start: number; end: number } | 'unsatisfiable' | undefined;

/** Parses `bytes=0-99`, `bytes=100-` or `bytes=-100` against a body of `size` bytes. */
export function parseRange(header: string, size: number): RangeResult {
  const m = /^bytes=(\d*)-(\d*)$/.exec(header.trim());
  if (!m || (m[1] === '' && m[2] === '')) return undefined;
  let start: number;
  let end: number;
  if (m[1] === '') {
    const suffix = Number(m[2]);
    if (suffix === 0) return 'unsatisfiable';
    start = Math.max(0, size - suffix);
    end = size - 1;
  } else {
    start = Number(m[1]);
    end = m[2] === '' ? size - 1 : Math.min(Number(m[2]), size - 1);
    if (m[2] !== '' && Number(m[2]) < start) return undefined;
  }
  if (start >= size || size === 0) return 'unsatisfiable';
  return { start, end };
}

/**
 * The range to answer for a request's `Range` and `If-Range` headers: undefined (send
 * the whole body) without a range, with one that cannot be used, or when `If-Range`
 * names another version than `etag`.
 */
export function requestedRange(range: string | undefined, ifRange: string | string[] | undefined, size: number, etag: string): RangeResult {
  if (range === undefined) return undefined;
  if (ifRange !== undefined && (typeof ifRange !== 'string' || ifRange.trim() !== etag)) return undefined;
  return parseRange(range, size);
}

/**
 * True when `If-None-Match` names the current version: `*`, or any of its tags equal to
 * one of `etags` under the weak comparison (a `W/` prefix is ignored), as RFC 9110 asks
 * of GET and HEAD. Several tags when a resource has several representations (gzip, br).
 */
export function etagMatches(ifNoneMatch: string | string[] | undefined, ...etags: (string | undefined)[]): boolean {
  if (typeof ifNoneMatch !== 'string' || ifNoneMatch === '') return false;
  if (ifNoneMatch.trim() === '*') return true;
  return ifNoneMatch.split(',').some((t) => {
    const tag = t.trim().replace(/^W\//, '');
    return etags.includes(tag);
  });
}

/** `Content-Range` of a 206 answer. */
export function contentRange(range: { start: number; end: number }, size: number): string {
  return `bytes ${range.start}-${range.end}/${size}`;
}
