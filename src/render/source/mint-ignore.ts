/**
 * `.mintignore`: files of the docs folder that are not published (Mintlify's
 * organize/mintignore.mdx). A `.mintignore` at the root holds `.gitignore` patterns
 * (matched by the `ignore` package, the one ESLint uses), over Mintlify's defaults. A
 * file it matches is never listed: no page, no copy, no search entry, nothing in
 * llms.txt, and a link to it is broken, as on Mintlify. Files read by name (docs.json,
 * an imported snippet, an OpenAPI document) are still read: the file excludes from
 * publishing, not from the repository.
 *
 * A repository is hostile input, and `.gitignore` patterns become regular expressions
 * that backtrack: `a/**` + `/b/**` ... against a path of many folders takes time that grows
 * as the path's depth to the power of the pattern's `**` count (8 of them over 32
 * folders: 0.2 s a path; 12: 2 s). So the file is bounded (size, rules, `**` per rule)
 * and the walk lists no deeper than MAX_DEPTH folders. A `.mintignore` that cannot be
 * honoured stops the export (its drafts would be published otherwise), naming the line.
 */
import ignore from 'ignore';
import { readFile, stat } from 'node:fs/promises';
import { posix } from 'node:path';
import { InvalidError } from '../../core/errors.js';
import { ConfinedPathError, confinedFile } from './confined-path.js';

export const MINTIGNORE = '.mintignore';

/**
 * Mintlify's defaults, as its page lists them. Dot folders (`.git`, `.github`, `.claude`,
 * `.agents`, `.idea`, `.vscode`, `.cache`) and `node_modules` the walk never lists anyway.
 * The build-output names are taken at the root only: a `build` or `tmp` folder deeper
 * down is an author's (0xsequence's docs keep screenshots in `images/build/`).
 */
export const DEFAULT_IGNORED = ['README.md', 'LICENSE.md', 'CHANGELOG.md', 'CONTRIBUTING.md', '/build/', '/dist/', '/coverage/', '/tmp/', '/temp/'];

export const MINTIGNORE_LIMITS = { bytes: 64 * 1024, rules: 1000, globstars: 4 };

/** Folders below the root the walk lists; deeper ones are named in a warning and left out. */
export const MAX_DEPTH = 32;

/** Whether a path of the docs folder is left out; `path` is posix, relative, a folder's without its trailing slash. */
export type IgnoredPath = (path: string, folder: boolean) => boolean;

/** The root's `.mintignore` over the defaults; the defaults alone when there is none. */
export async function readMintIgnore(root: string): Promise<IgnoredPath> {
  // Case-sensitive, as git on Linux: `CHANGELOG.md` is the repository's, a page `changelog.md` is not.
  const matcher = ignore({ ignorecase: false }).add(DEFAULT_IGNORED);
  const text = await ownText(root);
  if (text !== null) matcher.add(checkedRules(text));
  return (path, folder) => {
    // The matcher takes clean relative paths only (it throws on `../x`, `/x`, `./x`): others
    // are made clean, and what lies outside the folder is not left out by it.
    const clean = posix.normalize(path);
    if (clean === '.' || clean === '..' || clean.startsWith('../') || clean.startsWith('/')) return false;
    return matcher.ignores(folder ? `${clean}/` : clean);
  };
}

async function ownText(root: string): Promise<string | null> {
  let file: string;
  try {
    file = await confinedFile(root, MINTIGNORE);
  } catch (err) {
    if (err instanceof ConfinedPathError && err.reason !== 'outside') return null;
    if (err instanceof ConfinedPathError) throw new InvalidError(`${MINTIGNORE}: ${err.message}; the files it would leave out cannot be known`);
    throw err;
  }
  const { size } = await stat(file);
  if (size > MINTIGNORE_LIMITS.bytes) throw new InvalidError(`${MINTIGNORE} is ${size} bytes: at most ${MINTIGNORE_LIMITS.bytes} are read, and the files it would leave out cannot be known`);
  return readFile(file, 'utf8');
}

/** The file's lines, refused with the first line past a limit. */
function checkedRules(text: string): string[] {
  const lines = text.split(/\r?\n/);
  let rules = 0;
  lines.forEach((line, i) => {
    if (!line.trim() || line.startsWith('#')) return;
    if (++rules > MINTIGNORE_LIMITS.rules) throw new InvalidError(`${MINTIGNORE}:${i + 1}: more than ${MINTIGNORE_LIMITS.rules} patterns`);
    const globstars = line.split('**').length - 1;
    if (globstars > MINTIGNORE_LIMITS.globstars) {
      throw new InvalidError(`${MINTIGNORE}:${i + 1}: "${line.slice(0, 80)}" has ${globstars} "**": at most ${MINTIGNORE_LIMITS.globstars} (matching more takes time that grows without bound)`);
    }
  });
  return lines;
}
