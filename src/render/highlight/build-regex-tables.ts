/**
 * The build step that translates the grammars' patterns ahead of time (see
 * regex-table.ts): `node dist/render/highlight/build-regex-tables.js`, run by
 * `npm run build`. Tables already built for the installed versions are kept.
 */
import { SUPPORTED_LANGUAGES } from './highlighter.js';
import { tableDir, writeRegexTables } from './regex-table.js';

const started = performance.now();
const written = await writeRegexTables(SUPPORTED_LANGUAGES);
console.log(`grammar regex tables: ${written} written, ${SUPPORTED_LANGUAGES.length - written} up to date (${Math.round(performance.now() - started)} ms) in ${tableDir()}`);
