/**
 * vitest's asymmetric matchers (`expect.any(Number)`, `expect.stringMatching(/re/)`, ...)
 * typed `unknown` instead of vitest's `any`, so the type-aware lint rules (no-unsafe-*)
 * keep checking the expected objects they sit in: `{ ms: like.any(Number) }`.
 */
import { expect } from 'vitest';

export const like = {
  any: (constructor: unknown): unknown => expect.any(constructor),
  anything: (): unknown => expect.anything(),
  stringMatching: (expected: string | RegExp): unknown => expect.stringMatching(expected),
  stringContaining: (expected: string): unknown => expect.stringContaining(expected),
  arrayContaining: (expected: unknown[]): unknown => expect.arrayContaining(expected),
  objectContaining: (expected: Record<string, unknown>): unknown => expect.objectContaining(expected),
};
