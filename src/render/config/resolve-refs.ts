/**
 * Resolves `{"$ref": "./nav/guides.json"}` entries of a config file. A reference is read
 * relative to the file that holds it, must stay inside the docs root, and may itself
 * hold references; a chain that comes back to a file already being read is a cycle.
 * Sibling keys next to `$ref` override the referenced object's keys.
 */
import { dirname, relative, resolve, sep } from 'node:path';
import type { Diagnostic } from '../types.js';
import { formatJsonPath } from './friendly-errors.js';
import { ConfinedPathError, isInside, readConfinedText } from '../source/confined-path.js';

interface RefState {
  root: string;
  diagnostics: Diagnostic[];
  /** Root-relative paths of the files read or tried (cache/config-cache.ts checks them again). */
  reads?: Set<string>;
}

export function toPosix(p: string): string {
  return p.split(sep).join('/');
}

/**
 * Returns `value` with every `$ref` replaced by the referenced JSON (unresolvable ones become null).
 * `reads` collects the root-relative path of every file read or tried.
 */
export async function resolveRefs(value: unknown, file: string, root: string, diagnostics: Diagnostic[], reads?: Set<string>): Promise<unknown> {
  return walk(value, file, [], new Set([resolve(file)]), { root, diagnostics, reads });
}

async function walk(value: unknown, file: string, path: PropertyKey[], chain: Set<string>, st: RefState): Promise<unknown> {
  if (Array.isArray(value)) {
    const out: unknown[] = [];
    for (let i = 0; i < value.length; i++) out.push(await walk(value[i], file, [...path, i], chain, st));
    return out;
  }
  if (!value || typeof value !== 'object') return value;
  const obj = value as Record<string, unknown>;
  if (typeof obj.$ref === 'string') {
    const { $ref, ...siblings } = obj;
    const loaded = await load($ref, file, path, chain, st);
    const rest = (await walk(siblings, file, path, chain, st)) as Record<string, unknown>;
    if (loaded && typeof loaded === 'object' && !Array.isArray(loaded)) return { ...(loaded), ...rest };
    return Object.keys(rest).length && loaded === null ? rest : loaded;
  }
  const out: Record<string, unknown> = {};
  for (const [k, v] of Object.entries(obj)) out[k] = await walk(v, file, [...path, k], chain, st);
  return out;
}

async function load(ref: string, from: string, path: PropertyKey[], chain: Set<string>, st: RefState): Promise<unknown> {
  const where = formatJsonPath([...path, '$ref']);
  const fromRel = toPosix(relative(st.root, from));
  const fail = (message: string) => {
    st.diagnostics.push({ severity: 'error', file: fromRel, path: where, message: `${where}: ${message}` });
    return null;
  };
  const target = ref.startsWith('/') ? resolve(st.root, '.' + ref) : resolve(dirname(from), ref);
  if (!isInside(st.root, target)) return fail(`"${ref}" points outside the docs folder`);
  if (chain.has(target)) return fail(`"${ref}" makes a cycle (${[...chain, target].map((f) => toPosix(relative(st.root, f))).join(' -> ')})`);
  let text: string;
  st.reads?.add(toPosix(relative(st.root, target)));
  try {
    text = await readConfinedText(st.root, relative(st.root, target));
  } catch (err) {
    return fail(err instanceof ConfinedPathError ? `"${ref}" cannot be read: it ${err.why}` : `"${ref}" cannot be read`);
  }
  let parsed: unknown;
  try {
    parsed = JSON.parse(text);
  } catch (err) {
    return fail(`"${ref}" is not valid JSON (${(err as Error).message})`);
  }
  // Paths inside the referenced file are reported relative to that file.
  return walk(parsed, target, [], new Set([...chain, target]), st);
}
