/**
 * The site's own stylesheets. Mintlify includes every `.css` file of the docs folder on
 * every page (customize/custom-scripts.mdx, "Add custom CSS"); the export does the same by
 * appending them, in path order, to the one site stylesheet (`assets/site.<hash>.css`).
 *
 * esbuild parses each file on its own (so one file's unclosed block cannot swallow the
 * next), inlines its local `@import`s and minifies it. Every file it reads goes through
 * confined-path.ts: an `@import` or `url()` that leads out of the docs folder, by `..` or
 * by a symbolic link, is refused with a diagnostic and never read. `url()` references to
 * files of the site are rewritten to where those files are in the output (and the files
 * copied); a missing file, a reference to another host and any other scheme are reported
 * with the file and line. References to another host stay in the CSS of a `cloud` or
 * `client-hosted` export; air-gapped exports drop them (the reference becomes `data:,`,
 * which makes no request), since an air-gapped site calls no other host.
 */
import { createRequire } from 'node:module';
import { posix } from 'node:path';
import type * as esbuild from 'esbuild';
import type { Deployment, Diagnostic } from '../types.js';
import { ConfinedPathError, readConfinedText } from '../source/confined-path.js';

export interface SiteCss {
  /** The stylesheets, minified, in path order ('' when the site has none). */
  css: string;
  /** Files of the site the CSS refers to (root-relative), to copy into the output. */
  files: string[];
  diagnostics: Diagnostic[];
}

/** Where the site stylesheet lives in the output: `url()`s are written relative to it. */
const STYLESHEET_DIR = 'assets';
const NAMESPACE = 'quire-site';
/** What a dropped reference becomes: a URL that loads nothing from anywhere. */
const NOTHING = 'data:,';

/** The site's `.css` files among `files` (root-relative, sorted), as Mintlify finds them. */
export function siteCssFiles(files: string[]): string[] {
  return files.filter((f) => f.toLowerCase().endsWith('.css'));
}

const isRemote = (ref: string) => /^(https?:)?\/\//i.test(ref);
const hasScheme = (ref: string) => /^[a-z][a-z0-9+.-]*:/i.test(ref);

/**
 * A stylesheet of the site as the bundle reads it: its text, or the confinement's refusal
 * (a link or path out of the folder). Read again by styles-cache.ts to tell whether a kept
 * bundle still holds: the refusal is written as a text no file has (it starts with a NUL).
 */
export async function readStylesheet(root: string, path: string): Promise<{ text: string } | { refused: ConfinedPathError }> {
  try {
    return { text: await readConfinedText(root, path) };
  } catch (err) {
    if (!(err instanceof ConfinedPathError)) throw err;
    return { refused: err };
  }
}

/** What `readStylesheet` gave, as one text (see there). */
export const readText = (read: Awaited<ReturnType<typeof readStylesheet>>): string => ('text' in read ? read.text : `\u0000refused ${read.refused.reason} ${read.refused.message}`);

/**
 * Bundles the site's stylesheets; problems become diagnostics, never a failed export.
 * `reads`, when given, receives every file the bundle read, by path (`readText`).
 */
export async function bundleSiteCss(root: string, files: string[], deployment: Deployment, reads?: Map<string, string>): Promise<SiteCss> {
  const entries = siteCssFiles(files);
  if (entries.length === 0) return { css: '', files: [], diagnostics: [] };
  const known = new Set(files);
  const referenced = new Set<string>();
  const airGapped = deployment === 'air-gapped';
  /** Paths refused by the confinement: reported, and the rest of the stylesheet kept. */
  const refused: Diagnostic[] = [];

  const plugin: esbuild.Plugin = {
    name: 'quire-site-css',
    setup(build) {
      build.onResolve({ filter: /.*/ }, (args) => {
        if (args.kind === 'entry-point') return { path: args.path, namespace: NAMESPACE };
        const ref = args.path.trim();
        const what = args.kind === 'import-rule' ? '@import' : 'url()';
        if (ref.startsWith('#') || /^data:/i.test(ref)) return { path: ref, external: true };
        if (isRemote(ref)) {
          if (!airGapped) return { path: ref, external: true, warnings: [{ text: `${what} points at another host (${ref}); readers' browsers will fetch it from there` }] };
          return { path: NOTHING, external: true, warnings: [{ text: `${what} points at another host (${ref}); an air-gapped site calls no other host, so it is left out` }] };
        }
        if (hasScheme(ref)) return { path: NOTHING, external: true, warnings: [{ text: `${what} "${ref}" is not a file of the site or a web address; it is left out` }] };
        // A path relative to the stylesheet, or to the docs root when it starts with "/".
        const bare = ref.replace(/[?#].*$/, '');
        const suffix = ref.slice(bare.length);
        let rel: string;
        try {
          rel = decodeURI(bare.startsWith('/') ? bare.slice(1) : posix.join(posix.dirname(args.importer), bare));
        } catch {
          rel = bare; // a malformed escape: looked up as written, and reported missing
        }
        if (rel.startsWith('../') || rel === '..') {
          refused.push({ severity: 'error', file: args.importer, message: `${args.importer}: ${what} "${ref}" leads outside the docs folder and is not read` });
          return { path: NOTHING, external: true };
        }
        if (args.kind === 'import-rule') return { path: posix.normalize(rel), namespace: NAMESPACE };
        if (!known.has(rel)) return { path: ref, external: true, warnings: [{ text: `${what} "${ref}" names a file that is not in the docs folder` }] };
        referenced.add(rel);
        return { path: posix.relative(STYLESHEET_DIR, rel).split('/').map(encodeURIComponent).join('/') + suffix, external: true };
      });
      build.onLoad({ filter: /.*/, namespace: NAMESPACE }, async (args) => {
        const read = await readStylesheet(root, args.path);
        reads?.set(args.path, readText(read));
        if ('text' in read) return { contents: read.text, loader: 'css' };
        const err = read.refused;
        refused.push({ severity: err.reason === 'outside' ? 'error' : 'warning', file: args.path, message: `site CSS: ${err.message}; its rules are left out` });
        return { contents: '', loader: 'css' };
      });
    },
  };

  const esbuildApi = createRequire(import.meta.url)('esbuild') as typeof esbuild;
  const diagnostics: Diagnostic[] = [];
  const toDiagnostic = (m: esbuild.Message, severity: Diagnostic['severity']): Diagnostic => ({
    severity,
    file: m.location?.file.replace(`${NAMESPACE}:`, '') ?? entries[0],
    ...(m.location ? { line: m.location.line } : {}),
    message: `${m.location?.file.replace(`${NAMESPACE}:`, '') ?? 'site CSS'}${m.location ? `:${m.location.line}` : ''}: ${m.text}`,
  });
  const parts: string[] = [];
  // One build per file: a file whose import fails is left out alone, and the others keep their order.
  for (const entry of entries) {
    try {
      const result = await esbuildApi.build({
        entryPoints: [entry],
        bundle: true,
        write: false,
        minify: true,
        charset: 'utf8',
        legalComments: 'none',
        logLevel: 'silent',
        outdir: 'out',
        plugins: [plugin],
      });
      diagnostics.push(...result.warnings.map((w) => toDiagnostic(w, 'warning')));
      const css = result.outputFiles.find((f) => f.path.endsWith('.css'))?.text.trim() ?? '';
      if (css) parts.push(`/* ${entry.replace(/\*\//g, '* /')} */\n${css}`);
    } catch (err) {
      const failure = err as esbuild.BuildFailure;
      if (!Array.isArray(failure.errors)) throw err;
      diagnostics.push(...failure.errors.map((e) => toDiagnostic(e, 'error')), ...failure.warnings.map((w) => toDiagnostic(w, 'warning')));
      diagnostics.push({ severity: 'error', file: entry, message: `${entry} is left out of the site's styles (see the errors above)` });
    }
  }
  return { css: parts.join('\n'), files: [...referenced].sort(), diagnostics: [...refused, ...diagnostics] };
}
