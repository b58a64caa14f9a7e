/**
 * The import/export statements of a page or snippet, read without running them:
 * `import X from "/snippets/x.mdx"` (or a relative path) loads and parses that snippet,
 * recursively, confined to the docs root and guarded against cycles; `export const n =
 * <literal>` binds a value usable as `{n}`. Every other statement is reported and
 * ignored.
 */
import { join, posix } from 'node:path';
import type { Root } from 'mdast';
import type { Diagnostic } from '../types.js';
import { literalValue, NotLiteral } from './literals.js';
import { literalLinesMessage, parsePage, type ParseResult } from './parse.js';
import { ConfinedPathError, readConfinedText } from '../source/confined-path.js';

export interface PageModule {
  /** File relative to the docs root. */
  file: string;
  source: string;
  tree: Root;
  /** Default imports of snippets, by local name. */
  components: Map<string, PageModule>;
  /** `export const` values and named imports from snippets. */
  scope: Map<string, unknown>;
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

/** Where an import source points inside the root, or null when it is not a snippet file. */
export function snippetPath(fromFile: string, source: string): string | null {
  if (!source.startsWith('/') && !source.startsWith('./') && !source.startsWith('../')) return null;
  if (!/\.mdx?$/.test(source)) return null;
  const p = source.startsWith('/') ? posix.normalize(source.slice(1)) : posix.normalize(posix.join(posix.dirname(fromFile), source));
  return p.startsWith('..') || p.startsWith('/') ? null : p;
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
  const mod: PageModule = { file, source, tree, components: new Map(), scope: new Map() };
  for (const node of tree.children) {
    if (node.type !== 'mdxjsEsm') continue;
    const esm = node;
    const line = esm.position?.start.line;
    const body = esm.data?.estree?.body ?? [];
    for (const stmt of body) {
      const stmtLine = stmt.loc ? stmt.loc.start.line : line;
      if (stmt.type === 'ImportDeclaration') {
        const from = String(stmt.source.value);
        const target = snippetPath(file, from);
        if (!target) {
          warn(loader, file, stmtLine, `import from "${from}" ignored: pages may only import snippet files (.mdx/.md) inside the docs folder, and nothing is executed`);
          continue;
        }
        if (chain.includes(target)) {
          warn(loader, file, stmtLine, `import of "${from}" ignored: it makes a cycle (${[...chain, target].join(' -> ')})`);
          continue;
        }
        const snippet = await loadSnippet(loader, target, chain);
        if (snippet instanceof ConfinedPathError) {
          const message = `import of "${from}" ignored: ${snippet.message}`;
          // A link out of the folder is an attempt to read what is not the site's: an error.
          if (snippet.reason === 'outside') loader.diagnostics.push({ severity: 'error', file, ...(stmtLine ? { line: stmtLine } : {}), message });
          else warn(loader, file, stmtLine, message);
          continue;
        }
        for (const spec of stmt.specifiers) {
          if (spec.type === 'ImportDefaultSpecifier') mod.components.set(spec.local.name, snippet);
          else if (spec.type === 'ImportSpecifier') {
            const name = spec.imported.type === 'Identifier' ? spec.imported.name : String(spec.imported.value);
            if (snippet.scope.has(name)) mod.scope.set(spec.local.name, snippet.scope.get(name));
            else warn(loader, file, stmtLine, `"${name}" is not exported as a literal value by ${target}`);
          } else warn(loader, file, stmtLine, `namespace import of "${from}" ignored`);
        }
      } else if (stmt.type === 'ExportNamedDeclaration' && stmt.declaration?.type === 'VariableDeclaration') {
        for (const d of stmt.declaration.declarations) {
          if (d.id.type !== 'Identifier' || !d.init) continue;
          try {
            mod.scope.set(d.id.name, literalValue(d.init, mod.scope));
          } catch (err) {
            if (!(err instanceof NotLiteral)) throw err;
            warn(loader, file, stmtLine, `export "${d.id.name}" ignored: only literal values (strings, numbers, arrays, objects) are read, nothing is executed`);
          }
        }
      } else {
        const what = stmt.type === 'ExportDefaultDeclaration' ? 'export default' : stmt.type === 'ExportNamedDeclaration' ? 'export of a function or class' : 'statement';
        warn(loader, file, stmtLine, `${what} ignored: MDX pages are data, only \`export const name = <literal>\` and snippet imports are read`);
      }
    }
  }
  return mod;
}
