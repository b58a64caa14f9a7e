/** The one implementation of Range, If-Range and If-None-Match that the bundle links, the API and quire host share. */
import { describe, expect, it } from 'vitest';
import { contentRange, etagMatches, parseRange, requestedRange } from '../../src/core/http-conditional.js';

describe('parseRange', () => {
  it('reads one byte range in each of its three forms, clamped to the body', () => {
    expect(parseRange('bytes=0-99', 1000)).toEqual({ start: 0, end: 99 });
    expect(parseRange('bytes=900-', 1000)).toEqual({ start: 900, end: 999 });
    expect(parseRange('bytes=-100', 1000)).toEqual({ start: 900, end: 999 });
    expect(parseRange('bytes=990-2000', 1000)).toEqual({ start: 990, end: 999 });
    expect(parseRange('bytes=-5000', 1000)).toEqual({ start: 0, end: 999 });
  });

  it('ignores what it cannot use and refuses what lies past the end', () => {
    for (const header of ['bytes=0-1,5-6', 'items=0-1', 'bytes=-', 'bytes=9-3', 'nonsense']) expect(parseRange(header, 1000), header).toBeUndefined();
    expect(parseRange('bytes=1000-', 1000)).toBe('unsatisfiable');
    expect(parseRange('bytes=-0', 1000)).toBe('unsatisfiable');
    expect(parseRange('bytes=0-0', 0)).toBe('unsatisfiable');
  });
});

describe('requestedRange', () => {
  it('honours If-Range only when it names the current version', () => {
    expect(requestedRange(undefined, undefined, 100, '"a"')).toBeUndefined();
    expect(requestedRange('bytes=0-9', undefined, 100, '"a"')).toEqual({ start: 0, end: 9 });
    expect(requestedRange('bytes=0-9', ' "a" ', 100, '"a"')).toEqual({ start: 0, end: 9 });
    expect(requestedRange('bytes=0-9', '"b"', 100, '"a"')).toBeUndefined();
    expect(requestedRange('bytes=0-9', ['"a"', '"a"'], 100, '"a"')).toBeUndefined();
  });
});

describe('etagMatches', () => {
  it('matches any listed tag under the weak comparison, and *', () => {
    expect(etagMatches('"a"', '"a"')).toBe(true);
    expect(etagMatches('W/"a"', '"a"')).toBe(true);
    expect(etagMatches('"x", "a"', '"a"')).toBe(true);
    expect(etagMatches('*', '"a"')).toBe(true);
    expect(etagMatches('"a-br"', '"a"', undefined, '"a-br"')).toBe(true);
  });

  it('does not match another tag, an empty or a missing header', () => {
    expect(etagMatches('"b"', '"a"')).toBe(false);
    expect(etagMatches('"a', '"a"')).toBe(false);
    expect(etagMatches('', '"a"')).toBe(false);
    expect(etagMatches(undefined, '"a"')).toBe(false);
    expect(etagMatches('"a"', undefined)).toBe(false);
  });
});

it('writes Content-Range', () => {
  expect(contentRange({ start: 10, end: 19 }, 100)).toBe('bytes 10-19/100');
});
