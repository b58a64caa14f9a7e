/**
 * Compiles page code for the sandbox with sucrase: JSX to `__h(...)` calls (Preact's
 * `h`, given by the sandbox runtime), TypeScript types removed, ES imports and exports
 * to CommonJS (`require`, `exports.X`), keeping every line where it was so the
 * sandbox's error lines are the author's. Nothing here runs the code.
 */
import type { transform as sucraseTransform } from 'sucrase';
import { sha256 } from '../cache/cache-key.js';

let transform: typeof sucraseTransform | undefined;

/**
 * Loads sucrase, which compileModule needs. Loaded on the first page with code of its
 * own, not with the renderer: it is ~75 ms of a render thread's ~530 ms of module
 * loading, which a cold export waits for, and most sites have no such page.
 */
export async function loadCompiler(): Promise<void> {
  transform ??= (await import('sucrase')).transform;
}

export interface Compiled {
  code: string;
  /** Exported names (`default` for a default export). */
  exports: string[];
}

export class CompileError extends Error {
  constructor(
    message: string,
    readonly line: number | undefined,
  ) {
    super(message);
  }
}

const cache = new Map<string, Compiled>();

/** Compiles `source` (`file` names it in errors; `.ts`/`.tsx` strip types), once loadCompiler() is done. */
export function compileModule(source: string, file: string): Compiled {
  if (!transform) throw new Error('compileModule called before loadCompiler()');
  const typescript = /\.tsx?$/.test(file);
  const key = sha256(typescript ? 'ts' : 'js', source);
  const hit = cache.get(key);
  if (hit) return hit;
  let code: string;
  try {
    code = transform(source, {
      transforms: typescript ? ['jsx', 'typescript', 'imports'] : ['jsx', 'imports'],
      jsxPragma: '__h',
      jsxFragmentPragma: '__Fragment',
      production: true,
      filePath: file,
    }).code;
  } catch (err) {
    const e = err as Error & { loc?: { line: number } };
    throw new CompileError(e.message.replace(/^Error transforming [^:]*: /, '').replace(/\s*\(\d+:\d+\)$/, ''), e.loc?.line);
  }
  const exports = new Set<string>();
  for (const m of code.matchAll(/\bexports\.\s*([A-Za-z_$][\w$]*)\s*=/g)) exports.add(m[1]);
  const compiled = { code, exports: [...exports] };
  cache.set(key, compiled);
  return compiled;
}

/** The line of `export const|let|var|function|class name` in `source`, for diagnostics. */
export function exportLine(source: string, name: string, firstLine = 1): number | undefined {
  const re = name === 'default' ? /^\s*export\s+default\b/m : new RegExp(`^\\s*export\\s+(?:const|let|var|function\\*?|class)\\s+${name.replace(/\$/g, '\\$')}\\b`, 'm');
  const m = re.exec(source);
  return m ? firstLine + source.slice(0, m.index + m[0].length - m[0].trimStart().length).split('\n').length - 1 : undefined;
}
