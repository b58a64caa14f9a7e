/**
 * Reads a docs folder's configuration: `docs.json` (preferred) or the legacy `mint.json`,
 * resolves `$ref`s, validates every section and returns one normalised SiteConfig plus
 * the problems found. Only a folder that is not a docs site at all (no config file,
 * unreadable JSON) throws; everything else is a diagnostic.
 */
import { join, resolve } from 'node:path';
import { InvalidError } from '../../core/errors.js';
import type { Diagnostic, SiteConfig } from '../types.js';
import { mintToDocs } from './mint.js';
import { NavReader } from './navigation.js';
import { resolveRefs } from './resolve-refs.js';
import { jsonPathTokens, pathLines } from '../openapi/json-path.js';
import { readSections } from './sections.js';
import { ConfinedPathError, readConfinedText } from '../source/confined-path.js';

/** The config file's text; null when there is none; refused when it is a link out of the folder. */
async function readIfExists(root: string, name: string): Promise<string | null> {
  try {
    return await readConfinedText(root, name);
  } catch (err) {
    if (err instanceof ConfinedPathError && err.reason !== 'outside') return null;
    if (err instanceof ConfinedPathError) throw new InvalidError(`${name}: ${err.message}`);
    // The folder itself is missing (or is a file): not a docs site, said by the caller.
    if ((err as NodeJS.ErrnoException).code === 'ENOENT' || (err as NodeJS.ErrnoException).code === 'ENOTDIR') return null;
    throw err;
  }
}

function lineOf(text: string, message: string): number | undefined {
  const pos = /position (\d+)/.exec(message);
  if (pos) return text.slice(0, Number(pos[1])).split('\n').length;
  const line = /line (\d+)/.exec(message);
  return line ? Number(line[1]) : undefined;
}

/**
 * @param root the docs folder (holding docs.json or mint.json)
 * @param reads collects the root-relative path of every file read or tried (the config cache checks them again)
 * @throws InvalidError when the folder holds neither file, or the file is not a JSON object
 */
export async function loadSiteConfig(root: string, reads?: Set<string>): Promise<{ config: SiteConfig; diagnostics: Diagnostic[] }> {
  const abs = resolve(root);
  let source: SiteConfig['source'] = 'docs.json';
  reads?.add(source);
  let text = await readIfExists(abs, 'docs.json');
  if (text === null) {
    source = 'mint.json';
    reads?.add(source);
    text = await readIfExists(abs, 'mint.json');
  }
  if (text === null) throw new InvalidError(`${root} is not a docs site: it has neither a docs.json nor a mint.json file`);
  let parsed: unknown;
  try {
    parsed = JSON.parse(text);
  } catch (err) {
    const line = lineOf(text, (err as Error).message);
    throw new InvalidError(`${source} is not valid JSON${line ? ` (line ${line})` : ''}: ${(err as Error).message}`);
  }
  if (!parsed || typeof parsed !== 'object' || Array.isArray(parsed)) throw new InvalidError(`${source} must hold a JSON object`);

  const diagnostics: Diagnostic[] = [];
  const resolved = (await resolveRefs(parsed, join(abs, source), abs, diagnostics, reads)) as Record<string, unknown>;
  const docs = source === 'mint.json' ? mintToDocs(resolved) : resolved;
  const sections = readSections(docs, source, diagnostics);
  const navigation = new NavReader(source, diagnostics, sections.icons?.library).read(docs.navigation);
  const config: SiteConfig = { source, ...sections, navigation, raw: resolved };
  // Problems are found on the parsed object; their line is looked up in the text once, at the end
  // (docs.json only: the paths of a mint.json are those of the docs.json it is turned into).
  const unplaced = source === 'docs.json' ? diagnostics.filter((d) => d.file === source && d.path !== undefined && d.line === undefined) : [];
  if (unplaced.length > 0) {
    const lineAt = pathLines(text);
    for (const d of unplaced) d.line = lineAt(jsonPathTokens(d.path!));
  }
  return { config, diagnostics };
}
