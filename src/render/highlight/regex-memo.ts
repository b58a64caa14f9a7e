/**
 * Translated grammar patterns, remembered across exports. Shiki's JavaScript engine
 * translates each Oniguruma pattern of a grammar rule into a JavaScript RegExp the first
 * time the rule is used (oniguruma-to-es): ~1.4 s of a render thread's CPU on a cold
 * export of Mintlify's docs, paid again by every thread and every export. The translation
 * depends only on the pattern and the two libraries' versions, so the cache folder keeps
 * it (`highlight/regexes.json`, written by the main thread at the end of an export, see
 * highlight-pack.ts) and threads rebuild the RegExp from it, through the engine's public
 * `regexConstructor` option and oniguruma-to-es's public EmulatedRegExp (its `rawOptions`
 * are documented as the way to serialize one).
 */
import { readFileSync } from 'node:fs';
import { defaultJavaScriptRegexConstructor } from 'shiki/engine/javascript';
import { EmulatedRegExp } from 'oniguruma-to-es';
import { installedPackageVersion } from '../installed-package.js';
import { isMissing } from '../../core/missing-file.js';
import { noteIgnored } from '../../core/ignored-errors.js';

/** A translation: RegExp source, flags, and the EmulatedRegExp options (null for a plain RegExp). */
export type RegexTranslation = [string, string, Record<string, unknown> | null];

const FORMAT = 'quire-regex-memo-1';
/** What a translation depends on besides its pattern. */
export const REGEX_MEMO_VERSION = ['shiki', '@shikijs/engine-javascript', 'oniguruma-to-es'].map((p) => `${p}@${installedPackageVersion(p)}`).join(' ');
const FLAGS = /^[dgimsuvy]*$/;

let known = new Map<string, RegexTranslation>();
let fresh = new Map<string, RegexTranslation>();
/** Whether new translations are kept for a cache folder (none without one). */
let recording = false;

function valid(t: unknown): t is RegexTranslation {
  return Array.isArray(t) && t.length === 3 && typeof t[0] === 'string' && typeof t[1] === 'string' && FLAGS.test(t[1]) && (t[2] === null || (typeof t[2] === 'object' && !Array.isArray(t[2])));
}

/** The translations of a memo file; none when it is missing, damaged or from other library versions. */
export function readRegexMemo(file: string): Map<string, RegexTranslation> {
  const out = new Map<string, RegexTranslation>();
  let data: { format?: unknown; version?: unknown; entries?: unknown };
  try {
    data = JSON.parse(readFileSync(file, 'utf8')) as typeof data;
  } catch (err) {
    if (!isMissing(err)) noteIgnored('render.regex-memo.read', err); // patterns are translated again
    return out;
  }
  if (data?.format !== FORMAT || data.version !== REGEX_MEMO_VERSION || typeof data.entries !== 'object' || data.entries === null) return out;
  for (const [pattern, t] of Object.entries(data.entries)) if (valid(t)) out.set(pattern, t);
  return out;
}

export function serializeRegexMemo(entries: Map<string, RegexTranslation>): string {
  return JSON.stringify({ format: FORMAT, version: REGEX_MEMO_VERSION, entries: Object.fromEntries([...entries].sort((a, b) => (a[0] < b[0] ? -1 : 1))) });
}

/** Makes this thread's engine start from the translations of `file`. */
export function useRegexMemo(file: string): void {
  known = readRegexMemo(file);
  recording = true;
}

/** The translations this thread made since the last call. */
export function drainRegexMemo(): [string, RegexTranslation][] {
  const out = [...fresh];
  for (const [p, t] of fresh) known.set(p, t);
  fresh = new Map();
  return out;
}

/** The engine's regexConstructor: the remembered translation, else Shiki's own (remembered for the cache folder). */
export function memoRegExp(pattern: string): RegExp {
  const t = known.get(pattern) ?? fresh.get(pattern);
  if (t) {
    try {
      return t[2] ? new EmulatedRegExp(t[0], t[1], t[2]) : new RegExp(t[0], t[1]);
    } catch (err) {
      noteIgnored('render.regex-memo.rebuild', err); // a damaged entry: translated again below
      known.delete(pattern);
    }
  }
  const re = defaultJavaScriptRegexConstructor(pattern);
  const options = re instanceof EmulatedRegExp && Object.keys(re.rawOptions).length ? (re.rawOptions as Record<string, unknown>) : null;
  if (recording) fresh.set(pattern, [re.source, re.flags, options]);
  return re;
}
