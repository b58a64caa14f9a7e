/**
 * The code of pages, compiled for the component sandbox (never run here): a page's own
 * ESM (`export const Hero = () => <div>…</div>`), kept at its lines in the file, and
 * `.jsx`/`.tsx`/`.js`/`.ts` snippets that pages import components from. What a page can
 * render with it are CodeComponents; render-side, markdown/jsx.ts calls the sandbox.
 */
import type { Root } from 'mdast';
import type { SandboxModule } from '../sandbox/protocol.js';
import { compileModule, CompileError, exportLine, loadCompiler } from '../sandbox/compile.js';
import { ConfinedPathError, readConfinedText } from '../source/confined-path.js';
import type { Diagnostic } from '../types.js';
import { esmBlocks } from './esm-blocks.js';

export interface CodeModule extends SandboxModule {
  exports: string[];
  /** Source text, for the lines of exports in diagnostics. */
  source: string;
  /** Code modules this one imports, defined in the sandbox before it. */
  deps: CodeModule[];
}

/** A component a page can use: `name` exported by `module`, defined at `line` of its file. */
export interface CodeComponent {
  module: CodeModule;
  name: string;
  line?: number;
}

/** What a snippet may import: the React scope Mintlify gives components (hooks are globals anyway). */
const SANDBOX_PACKAGES = new Set(['react', 'preact', 'preact/hooks']);

function warn(into: Diagnostic[], file: string, line: number | undefined, message: string): void {
  into.push({ severity: 'warning', file, ...(line ? { line } : {}), message });
}

function compile(source: string, file: string, diagnostics: Diagnostic[]): ReturnType<typeof compileModule> | null {
  try {
    return compileModule(source, file);
  } catch (err) {
    if (!(err instanceof CompileError)) throw err;
    warn(diagnostics, file, err.line, `custom components not compiled: ${err.message}; their elements show their content only`);
    return null;
  }
}

/** A `.jsx`/`.tsx` snippet (its own imports other than React are reported: snippets cannot import files, as on Mintlify). */
export async function loadCodeSnippet(root: string, file: string, diagnostics: Diagnostic[]): Promise<CodeModule | ConfinedPathError | null> {
  let source: string;
  try {
    source = await readConfinedText(root, file);
  } catch (err) {
    return err instanceof ConfinedPathError ? err : new ConfinedPathError(file, 'missing');
  }
  for (const m of source.matchAll(/^\s*import\s[\s\S]*?\sfrom\s+['"]([^'"]+)['"]|^\s*import\s+['"]([^'"]+)['"]/gm)) {
    const spec = m[1] ?? m[2];
    if (SANDBOX_PACKAGES.has(spec)) continue;
    const at = m.index + m[0].indexOf('import');
    warn(diagnostics, file, source.slice(0, at).split('\n').length,
      `import from "${spec}" ignored: component snippets cannot import other files or packages (React hooks are available without importing them)`);
  }
  await loadCompiler();
  const compiled = compile(source, file, diagnostics);
  return compiled ? { id: file, file, code: compiled.code, exports: compiled.exports, imports: {}, source, deps: [] } : null;
}

/**
 * The page's ESM blocks as one module, each block at its own line (blank lines between),
 * so that compile errors and the sandbox's stack traces give lines of the page.
 */
export async function pageCodeModule(file: string, tree: Root, imports: Record<string, CodeModule>, diagnostics: Diagnostic[]): Promise<CodeModule | null> {
  let source = '';
  let line = 1;
  for (const node of esmBlocks(tree)) {
    const start = node.position?.start.line ?? line;
    while (line < start) {
      source += '\n';
      line++;
    }
    source += node.value;
    line += node.value.split('\n').length - 1;
  }
  await loadCompiler();
  const compiled = compile(source, file, diagnostics);
  if (!compiled) return null;
  const ids = Object.fromEntries(Object.entries(imports).map(([spec, m]) => [spec, m.id]));
  return { id: file, file, code: compiled.code, exports: compiled.exports, imports: ids, source, deps: [...new Set(Object.values(imports))] };
}

export function componentOf(module: CodeModule, name: string): CodeComponent {
  const line = exportLine(module.source, name);
  return { module, name, ...(line ? { line } : {}) };
}

/** `module` and everything it imports, dependencies first: what a sandbox context defines. */
export function sandboxModules(module: CodeModule): SandboxModule[] {
  const out: CodeModule[] = [];
  const visit = (m: CodeModule) => {
    if (out.includes(m)) return;
    m.deps.forEach(visit);
    out.push(m);
  };
  visit(module);
  return out.map(({ id, file, code, imports }) => ({ id, file, code, imports }));
}
