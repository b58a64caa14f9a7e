/**
 * The script evaluated first in every sandbox context: runtime/in-sandbox.ts with Preact,
 * its hooks and preact-render-to-string, bundled by esbuild into one IIFE. `npm run build`
 * writes it to dist/sandbox-runtime.json (build-sandbox-runtime.ts); a process run from
 * the sources after an edit bundles it again (about 0.1 s) and keeps it there, like the
 * browser assets (theme/browser-assets.ts).
 */
import { existsSync, mkdirSync, readdirSync, readFileSync, renameSync, writeFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import type * as esbuild from 'esbuild';
import { sha256 } from '../cache/cache-key.js';
import { installedPackageVersion } from '../installed-package.js';

export interface SandboxRuntime {
  /** Hash of esbuild's and Preact's versions and the runtime's sources. */
  key: string;
  script: string;
}

const REPO = fileURLToPath(new URL('../../../', import.meta.url));
const ENTRY = join(REPO, 'src/render/sandbox/runtime/in-sandbox.ts');
const BUILT = join(REPO, 'dist/sandbox-runtime.json');
const PACKAGES = ['esbuild', 'preact', 'preact-render-to-string'];

/**
 * The key of the runtime bundled from `entry`: the packages' versions and every .ts file
 * beside the entry, since it imports them (web-globals.ts and others): an edit to any
 * of them bundles it again.
 */
export function runtimeKey(entry = ENTRY): string {
  const dir = dirname(entry);
  const sources = existsSync(entry) ? readdirSync(dir).filter((f) => f.endsWith('.ts')).sort().flatMap((f) => [f, readFileSync(join(dir, f), 'utf8')]) : ['\0missing'];
  return sha256(...PACKAGES.map((p) => `${p}@${installedPackageVersion(p)}`), ...sources);
}

/** Bundles the runtime now (esbuild, loaded only here). */
export function bundleSandboxRuntime(): SandboxRuntime {
  const build = (createRequire(import.meta.url)('esbuild') as typeof esbuild).buildSync;
  const result = build({
    entryPoints: [ENTRY], bundle: true, format: 'iife', minify: true, target: 'es2020', charset: 'utf8',
    legalComments: 'none', write: false, absWorkingDir: REPO, logLevel: 'silent',
  });
  return { key: runtimeKey(), script: result.outputFiles[0].text };
}

export function writeSandboxRuntime(runtime: SandboxRuntime, file = BUILT): void {
  mkdirSync(dirname(file), { recursive: true });
  const tmp = `${file}.${process.pid}.tmp`;
  writeFileSync(tmp, JSON.stringify(runtime));
  renameSync(tmp, file);
}

let current: SandboxRuntime | undefined;

/** The bundled runtime: from dist/ when it matches the sources (or no sources ship), else bundled again. */
export function sandboxRuntime(): SandboxRuntime {
  if (current) return current;
  try {
    const built = JSON.parse(readFileSync(BUILT, 'utf8')) as SandboxRuntime;
    if (!existsSync(ENTRY) || built.key === runtimeKey()) return (current = built);
  } catch {
    // not built yet, or damaged: bundled again below
  }
  current = bundleSandboxRuntime();
  try {
    writeSandboxRuntime(current);
  } catch {
    // a read-only install: each process bundles it again, which costs time only
  }
  return current;
}
