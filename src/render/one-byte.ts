/**
 * Strings held one byte per character. V8 keeps a string with no character past U+00FF in
 * one byte per character, but a string cut from one that has such a character (an arrow, a
 * curly quote, a CJK word anywhere on the page) stays two bytes per character, however plain
 * its own text. Regular expressions run far slower on those, and V8 compiles each one again
 * for them: WORD (search-terms.ts) matched 2.9 KB of English in 18 µs one-byte, 80-114 µs
 * two-byte (`node /dev/shm/wordbench.mjs`); a grammar's patterns were compiled twice
 * (highlight/dual-tokenize.ts). `v8.serialize` shows which a string is (tag `"` or `c`).
 */

const LATIN1 = /^[\x00-\xff]*$/;

/** Whether `text` has no character past U+00FF. */
export function isLatin1(text: string): boolean {
  return LATIN1.test(text);
}

/** The same text held one byte per character; `text` must be Latin-1 (isLatin1). */
export function latin1Copy(text: string): string {
  return Buffer.from(text, 'latin1').toString('latin1');
}

/** `text` itself when it has a character past U+00FF, else the same text held one byte per character. */
export function oneByte(text: string): string {
  return isLatin1(text) ? latin1Copy(text) : text;
}
