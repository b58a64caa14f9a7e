/**
 * The import/export statements of a page or snippet, read without running them:
 * `import X from "/snippets/x.mdx"` (or a relative path) loads and parses that snippet,
 * recursively, confined to the docs root and guarded against cycles; `export const n =
 * <literal>` binds a value usable as `{n}`. Components (`export const Hero = () => …`,
 * `export function Hero`, and imports from `.jsx`/`.tsx` snippets) are compiled for the
 * component sandbox (code-modules.ts), never run here. Every other statement is
 * reported and ignored. `<Snippet file="x.mdx" />` elements load their snippets the same
 * way (snippet-files.ts).
 */
import { join } from 'node:path';
import type { ImportDeclaration } from 'estree';
import type { Root } from 'mdast';
import type { Diagnostic } from '../types.js';
import { literalValue, NotLiteral } from './literals.js';
import { literalLinesMessage, parsePage, type ParseResult } from './parse.js';
import { ConfinedPathError, readConfinedText } from '../source/confined-path.js';
import { CODE_EXTENSIONS, SNIPPET_FOLDERS, snippetElements, snippetFileCandidates, snippetFileKey, snippetPath } from './snippet-files.js';
import { esmBlocks } from './esm-blocks.js';
import { componentOf, loadCodeSnippet, pageCodeModule, type CodeComponent, type CodeModule } from './code-modules.js';

export interface PageModule {
  /** File relative to the docs root. */
  file: string;
  source: string;
  tree: Root;
  /** Default imports of snippets, by local name. */
  components: Map<string, PageModule>;
  /** `export const` values and named imports from snippets. */
  scope: Map<string, unknown>;
  /** Components run in the sandbox: the module's own exported functions and imported ones, by local name. */
  codeComponents: Map<string, CodeComponent>;
  /** The module's own compiled code, when it defines components. */
  code?: CodeModule;
}

export interface ModuleLoader {
  root: string;
  diagnostics: Diagnostic[];
  /** Parsed snippets of this process, by absolute path, reused while their text is the same. */
  cache: Map<string, { text: string; parsed: ParseResult }>;
}

const parseCache = new Map<string, { text: string; parsed: ParseResult }>();
export function sharedSnippetCache(): ModuleLoader['cache'] {
  return parseCache;
}

function warn(loader: ModuleLoader, file: string, line: number | undefined, message: string): void {
  loader.diagnostics.push({ severity: 'warning', file, ...(line ? { line } : {}), message });
}

async function loadSnippet(loader: ModuleLoader, file: string, chain: string[]): Promise<PageModule | ConfinedPathError> {
  const abs = join(loader.root, file);
  let text: string;
  try {
    text = await readConfinedText(loader.root, file);
  } catch (err) {
    return err instanceof ConfinedPathError ? err : new ConfinedPathError(file, 'missing');
  }
  let cached = loader.cache.get(abs);
  if (!cached || cached.text !== text) {
    cached = { text, parsed: await parsePage(text) };
    loader.cache.set(abs, cached);
  }
  if (cached.parsed.error) warn(loader, file, cached.parsed.error.line, `MDX syntax error: ${cached.parsed.error.reason}; the snippet is rendered as plain Markdown`);
  if (cached.parsed.literalLines) warn(loader, file, cached.parsed.literalLines[0], literalLinesMessage(cached.parsed.literalLines));
  return readModule(loader, file, text, cached.parsed.tree, [...chain, file]);
}

/** Reads the ESM of `tree` (a page or snippet), loading imported snippets. */
export async function readModule(loader: ModuleLoader, file: string, source: string, tree: Root, chain: string[] = [file]): Promise<PageModule> {
  const mod: PageModule = { file, source, tree, components: new Map(), scope: new Map(), codeComponents: new Map() };
  /** Exported functions of this module: its own components. */
  const functions: string[] = [];
  const codeImports: Record<string, CodeModule> = {};
  for (const esm of esmBlocks(tree)) {
    const line = esm.position?.start.line;
    const body = esm.data?.estree?.body ?? [];
    for (const stmt of body) {
      const stmtLine = stmt.loc ? stmt.loc.start.line : line;
      if (stmt.type === 'ImportDeclaration') {
        const from = String(stmt.source.value);
        const target = snippetPath(file, from);
        if (!target) {
          warn(loader, file, stmtLine, `import from "${from}" ignored: pages may only import snippet files (.mdx, .md, .jsx, .tsx) inside the docs folder`);
          continue;
        }
        if (chain.includes(target)) {
          warn(loader, file, stmtLine, `import of "${from}" ignored: it makes a cycle (${[...chain, target].join(' -> ')})`);
          continue;
        }
        const snippet = CODE_EXTENSIONS.test(target) ? await loadCodeSnippet(loader.root, target, loader.diagnostics) : await loadSnippet(loader, target, chain);
        if (snippet === null) continue; // not compiled: reported
        if (snippet instanceof ConfinedPathError) {
          const message = `import of "${from}" ignored: ${snippet.message}`;
          // A link out of the folder is an attempt to read what is not the site's: an error.
          if (snippet.reason === 'outside') loader.diagnostics.push({ severity: 'error', file, ...(stmtLine ? { line: stmtLine } : {}), message });
          else warn(loader, file, stmtLine, message);
          continue;
        }
        if (!('tree' in snippet)) {
          importCode(loader, mod, snippet, from, stmt.specifiers, stmtLine, codeImports);
          continue;
        }
        for (const spec of stmt.specifiers) {
          if (spec.type === 'ImportDefaultSpecifier') mod.components.set(spec.local.name, snippet);
          else if (spec.type === 'ImportSpecifier') {
            const name = spec.imported.type === 'Identifier' ? spec.imported.name : String(spec.imported.value);
            if (snippet.scope.has(name)) mod.scope.set(spec.local.name, snippet.scope.get(name));
            else if (snippet.code && snippet.codeComponents.get(name)?.module === snippet.code) {
              mod.codeComponents.set(spec.local.name, snippet.codeComponents.get(name)!);
              codeImports[from] = snippet.code;
            } else warn(loader, file, stmtLine, `"${name}" is not exported as a literal value by ${target}`);
          } else warn(loader, file, stmtLine, `namespace import of "${from}" ignored`);
        }
      } else if (stmt.type === 'ExportNamedDeclaration' && stmt.declaration?.type === 'FunctionDeclaration') {
        functions.push(stmt.declaration.id.name);
      } else if (stmt.type === 'ExportNamedDeclaration' && stmt.declaration?.type === 'VariableDeclaration') {
        for (const d of stmt.declaration.declarations) {
          if (d.id.type !== 'Identifier' || !d.init) continue;
          if (d.init.type === 'ArrowFunctionExpression' || d.init.type === 'FunctionExpression') {
            functions.push(d.id.name);
            continue;
          }
          try {
            mod.scope.set(d.id.name, literalValue(d.init, mod.scope));
          } catch (err) {
            if (!(err instanceof NotLiteral)) throw err;
            warn(loader, file, stmtLine, `export "${d.id.name}" ignored: only literal values (strings, numbers, arrays, objects) and components (functions, run in the sandbox) are read`);
          }
        }
      } else {
        const what = stmt.type === 'ExportDefaultDeclaration' ? 'export default' : stmt.type === 'ExportNamedDeclaration' ? 'export of a function or class' : 'statement';
        warn(loader, file, stmtLine, `${what} ignored: only \`export const name = <literal>\`, components (\`export const Name = () => …\`) and snippet imports are read`);
      }
    }
  }
  if (source.includes('<Snippet')) await loadFileSnippets(loader, mod, chain);
  if (functions.length) {
    const code = await pageCodeModule(file, tree, codeImports, loader.diagnostics);
    if (code) {
      mod.code = code;
      for (const name of functions) mod.codeComponents.set(name, componentOf(code, name));
    }
  }
  return mod;
}

/** The snippets the module's `<Snippet file="...">` elements place (snippet-files.ts), kept among its components. */
async function loadFileSnippets(loader: ModuleLoader, mod: PageModule, chain: string[]): Promise<void> {
  for (const [file, line] of snippetElements(mod.tree)) {
    const problem = await placeFileSnippet(loader, mod, file, chain);
    if (problem) loader.diagnostics.push({ severity: problem.severity, file: mod.file, ...(line ? { line } : {}), message: `<Snippet file="${file}"> ${problem.message}` });
  }
}

/** Loads the snippet `<Snippet file={file}>` names from the first snippets folder that has it, or says why not. */
async function placeFileSnippet(loader: ModuleLoader, mod: PageModule, file: string, chain: string[]): Promise<Pick<Diagnostic, 'severity' | 'message'> | null> {
  const candidates = snippetFileCandidates(file);
  if (candidates.length === 0) return { severity: 'warning', message: `ignored: it names a .mdx or .md file inside ${SNIPPET_FOLDERS.map((f) => `${f}/`).join(' or ')}` };
  for (const target of candidates) {
    if (chain.includes(target)) return { severity: 'warning', message: `ignored: it makes a cycle (${[...chain, target].join(' -> ')})` };
    const snippet = await loadSnippet(loader, target, chain);
    if (snippet instanceof ConfinedPathError) {
      if (snippet.reason === 'missing') continue;
      // A link out of the folder is an attempt to read what is not the site's: an error.
      return { severity: snippet.reason === 'outside' ? 'error' : 'warning', message: `ignored: ${snippet.message}` };
    }
    mod.components.set(snippetFileKey(file), snippet);
    return null;
  }
  return { severity: 'warning', message: `not found: no ${candidates.join(' or ')} in the docs folder; nothing is shown in its place` };
}

/** Named (or default) imports from a `.jsx`/`.tsx` snippet: components of the importing module. */
function importCode(loader: ModuleLoader, mod: PageModule, snippet: CodeModule, from: string, specifiers: ImportDeclaration['specifiers'], line: number | undefined, codeImports: Record<string, CodeModule>): void {
  codeImports[from] = snippet;
  for (const spec of specifiers) {
    const name = spec.type === 'ImportDefaultSpecifier' ? 'default' : spec.type === 'ImportSpecifier' ? (spec.imported.type === 'Identifier' ? spec.imported.name : String(spec.imported.value)) : null;
    if (name === null) warn(loader, mod.file, line, `namespace import of "${from}" ignored`);
    else if (!snippet.exports.includes(name)) warn(loader, mod.file, line, `"${name}" is not exported by ${snippet.file}`);
    else mod.codeComponents.set(spec.local.name, componentOf(snippet, name));
  }
}
