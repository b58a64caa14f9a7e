/** Quire's own version (from package.json), recorded in bundles as the engine version. */
import { readFileSync } from 'node:fs';

// src/core and dist/core both sit two levels below the package root.
const pkg = JSON.parse(readFileSync(new URL('../../package.json', import.meta.url), 'utf8')) as { version: string };

export const QUIRE_VERSION: string = pkg.version;
