/**
 * Parses an HTTP `Range` header for one byte range (`bytes=0-99`, `bytes=100-`,
 * `bytes=-100`), for the bundle links and `quire host`. Several ranges or another unit
 * are ignored (the whole body is sent), as RFC 9110 allows; a range past the end is
 * 'unsatisfiable' (416).
 */
export type RangeResult = { start: number; end: number } | 'unsatisfiable' | undefined;

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
