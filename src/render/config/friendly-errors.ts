/**
 * Turns zod issues into config diagnostics that point at a JSON path
 * (`navigation.tabs[0].groups[1].pages[2]`) with a sentence a docs author can act on.
 */
import type { z } from 'zod';
import type { Diagnostic } from '../types.js';

/** `['navigation', 'tabs', 0, 'groups']` -> `navigation.tabs[0].groups`. */
export function formatJsonPath(segments: readonly PropertyKey[]): string {
  let out = '';
  for (const s of segments) {
    if (typeof s === 'number') out += `[${s}]`;
    else out += out ? `.${String(s)}` : String(s);
  }
  return out;
}

function describeValue(v: unknown): string {
  if (v === null) return 'null';
  if (Array.isArray(v)) return 'an array';
  if (typeof v === 'object') return 'an object';
  if (typeof v === 'string') return `the string ${JSON.stringify(v.length > 40 ? v.slice(0, 40) + '…' : v)}`;
  if (typeof v === 'number' || typeof v === 'boolean') return `the ${typeof v} ${v}`;
  return typeof v; // undefined (JSON has no other kinds left)
}

function valueAt(root: unknown, segments: readonly PropertyKey[]): unknown {
  let cur = root;
  for (const s of segments) {
    if (cur === null || typeof cur !== 'object') return undefined;
    cur = (cur as Record<PropertyKey, unknown>)[s];
  }
  return cur;
}

const ARTICLE: Record<string, string> = { string: 'a string', number: 'a number', boolean: 'true or false', object: 'an object', array: 'an array', record: 'an object' };

/** One diagnostic per zod issue, paths prefixed by `base` (the section's own path). */
export function friendlyIssues(error: z.ZodError, input: unknown, base: readonly PropertyKey[], file: string): Diagnostic[] {
  return error.issues.map((issue) => {
    const full = [...base, ...issue.path];
    const got = valueAt(input, issue.path);
    let message: string;
    if (issue.code === 'invalid_type') {
      const expected = ARTICLE[issue.expected] ?? issue.expected;
      message = got === undefined ? `is required (expected ${expected})` : `expected ${expected}, got ${describeValue(got)}`;
    } else if (issue.code === 'invalid_value') {
      message = `expected one of ${issue.values.map((v) => JSON.stringify(v)).join(', ')}, got ${describeValue(got)}`;
    } else if (issue.code === 'invalid_union') {
      message = `has an unexpected shape (${describeValue(got)})`;
    } else {
      message = issue.message;
    }
    const path = formatJsonPath(full);
    return { severity: 'error', file, path, message: `${path}: ${message}` } satisfies Diagnostic;
  });
}
