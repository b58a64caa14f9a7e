/**
 * Where an npm package is installed, found the way Node would look for it from here,
 * without going through its `exports` (which may not list package.json or the files
 * needed: the grammar tables read versions, the search engine ships the stemmer's source).
 */
import { existsSync, readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { join } from 'node:path';

/** The package's folder. */
export function installedPackageDir(name: string): string {
  for (const dir of createRequire(import.meta.url).resolve.paths(name) ?? []) {
    if (existsSync(join(dir, name, 'package.json'))) return join(dir, name);
  }
  throw new Error(`cannot find the installed package ${name}`);
}

/**
 * The package's installed version, or 'missing' when it is not installed: callers put it
 * in a cache key, which then changes once the package is installed.
 */
export function installedPackageVersion(name: string): string {
  let dir: string;
  try {
    dir = installedPackageDir(name);
  } catch {
    return 'missing'; // not installed: a key holding this changes once it is
  }
  return (JSON.parse(readFileSync(join(dir, 'package.json'), 'utf8')) as { version?: string }).version ?? 'unknown';
}
