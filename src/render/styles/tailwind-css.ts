/**
 * Tailwind utility classes written in pages (`className="block dark:hidden"`), compiled at
 * export time with the `tailwindcss` package (v4, its `compile` API; the candidates come
 * from class-candidates.ts, so no native file scanner is needed). Only the classes the
 * pages use produce CSS, and only utilities: no preflight, which would restyle Quire's own
 * layout. The utilities are scoped to the page body (`.prose .hidden`): Quire's chrome is
 * never touched by a class name an author happens to use, and one class more of
 * specificity lets an author's class win over the body's own rules (`.q-frame-content img
 * {display:block}` against `hidden`), as it does on a Mintlify site. `dark:` follows the
 * site's theme switch, which sets `class="dark"` on <html> (browser/theme-mode.ts).
 *
 * Mintlify documents Tailwind v3 (customize/custom-scripts.mdx); the class names pages use
 * (display, spacing, width, rounding, `dark:`) are the same in v4.
 */
import { readFile } from 'node:fs/promises';
import { join } from 'node:path';
import { sha256 } from '../cache/cache-key.js';
import { orNullIfMissing } from '../../core/missing-file.js';
import { installedPackageDir, installedPackageVersion } from '../installed-package.js';
import type { Diagnostic } from '../types.js';
import type { CandidateSources } from './class-candidates.js';
import { replaceFile } from '../../core/replace-file.js';

/** The stylesheet Tailwind compiles: its theme (variables only for what is used), the dark variant, the utilities. */
const INPUT = [
  '@import "tailwindcss/theme.css" layer(theme);',
  // The colour names Mintlify's Tailwind config adds (bg-primary, dark:bg-primary-light,
  // dark:bg-background-dark), from the site's colours as R G B triplets (theme/build-theme.ts).
  '@theme inline { --color-primary: rgb(var(--primary)); --color-primary-light: rgb(var(--primary-light)); --color-primary-dark: rgb(var(--primary-dark));',
  '  --color-background-light: rgb(var(--background-light)); --color-background-dark: rgb(var(--background-dark)); }',
  '@custom-variant dark (&:where(.dark, .dark *));',
  '.prose { @tailwind utilities; }',
].join('\n');

export interface TailwindCss {
  /** The CSS of the candidates Tailwind knows ('' when none). */
  css: string;
  diagnostics: Diagnostic[];
}

/** A class that would make the reader's browser load something (an arbitrary `url()` value). */
const LOADS = /\[[^\]]*(url\(|:\/\/)/i;
/** A web address among a component's strings: no class, and nothing to say about it. */
const ADDRESS = /:\/\//;

/** Utilities compiled in this process, by candidate list (an export service exports the same sites again). */
const recent = new Map<string, string>();
const RECENT = 8;

/**
 * Compiles the utilities of `candidates`. The result is kept by the candidate list and
 * Tailwind's version, in memory and in `cacheDir` when given: a re-export whose pages use
 * no new class does not compile again (a compile costs a few hundred milliseconds).
 */
export async function compileTailwind(candidates: CandidateSources, cacheDir?: string): Promise<TailwindCss> {
  const diagnostics: Diagnostic[] = [];
  const names: string[] = [];
  for (const [name, at] of candidates) {
    if (LOADS.test(name)) {
      diagnostics.push({ severity: 'warning', file: at.file, line: at.line, message: `${at.file}:${at.line}: class "${name}" loads a URL, which Tailwind classes may not do (Mintlify supports no arbitrary values); it is left out: use a CSS file` });
    } else if (!ADDRESS.test(name)) names.push(name);
  }
  if (names.length === 0) return { css: '', diagnostics };
  names.sort();
  const dir = installedPackageDir('tailwindcss');
  const key = sha256(installedPackageVersion('tailwindcss'), INPUT, ...names);
  // One file in the cache folder, the last compile, its key on the first line: it never grows.
  const file = cacheDir ? join(cacheDir, 'tailwind.css') : undefined;
  const stored = file ? await orNullIfMissing(readFile(file, 'utf8')) : null;
  const head = `/* ${key} */\n`;
  const known = recent.get(key) ?? (stored?.startsWith(head) ? stored.slice(head.length) : null);
  const css = known ?? (await build(dir, names));
  recent.delete(key);
  recent.set(key, css);
  if (recent.size > RECENT) recent.delete(recent.keys().next().value!);
  if (file && !stored?.startsWith(head)) {
    await replaceFile(file, head + css);
  }
  return { css, diagnostics };
}

async function build(dir: string, names: string[]): Promise<string> {
  const { compile } = await import('tailwindcss');
  const compiler = await compile(INPUT, {
    base: dir,
    // Only Tailwind's own stylesheets are ever asked for: INPUT is fixed, pages never reach it.
    loadStylesheet: async (id: string) => {
      if (id !== 'tailwindcss/theme.css') throw new Error(`unexpected stylesheet ${id}`);
      return { path: join(dir, 'theme.css'), base: dir, content: await readFile(join(dir, 'theme.css'), 'utf8') };
    },
  });
  const css = compiler.build(names);
  // With no known class among the candidates, Tailwind still writes its banner and empty layers.
  return /\.prose\s+\S/.test(css) ? css.trim() : '';
}
