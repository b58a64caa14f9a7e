/**
 * Which file a spec reference names, as Mintlify resolves it: `openapi.json`, `/openapi.json`,
 * `v3-openapi` (no extension: `v3-openapi.json`, `.yaml` or `.yml`, or an OpenAPI document
 * of that name anywhere in the repository, as Mintlify matches a reference against each
 * uploaded document's file name), and, for `"METHOD /path"` with no document and no scope,
 * every OpenAPI document of the repository in alphabetical order (Mintlify uploads them
 * all, referenced or not: api-playground/openapi-setup.mdx).
 */
import path from 'node:path';
import { confinedFile } from '../source/confined-path.js';
import { walkFiles } from '../output/walk-files.js';
import { documentKey, isUrl } from './read-document.js';
import { readHead } from './scan-frontmatter.js';

const SPEC_FILE = /\.(json|ya?ml)$/i;
const EXTENSIONS = ['.json', '.yaml', '.yml'];
const HEAD_BYTES = 4096;
/** A top-level `openapi` / `swagger` (or `asyncapi`) key near the top of a JSON or YAML file. */
const SPEC_HEAD: Record<'openapi' | 'asyncapi', RegExp> = {
  openapi: /(^|[{,\s])["']?(openapi|swagger)["']?\s*:/m,
  asyncapi: /(^|[{,\s])["']?asyncapi["']?\s*:/m,
};

export type SpecKind = 'openapi' | 'asyncapi';

export class DocumentIndex {
  private readonly files: Set<string>;
  private readonly heads = new Map<string, Promise<string>>();

  private constructor(private readonly root: string, files: string[]) {
    this.files = new Set(files);
  }

  /** `files`: the docs folder's files (posix, relative); listed here when not given. */
  static async create(root: string, files?: readonly string[]): Promise<DocumentIndex> {
    return new DocumentIndex(root, [...(files ?? (await walkFiles(root)))].filter((f) => SPEC_FILE.test(f)));
  }

  /**
   * The document a reference names: its key (a path relative to the root, or the URL), or
   * the reference itself with `problem` set when no file fits (the caller reports it).
   */
  async resolve(ref: string, kind: SpecKind = 'openapi'): Promise<{ key: string; problem?: string }> {
    const key = documentKey(ref);
    // A path that climbs out is left to the confined reader, which refuses it the same way whether it exists or not.
    if (isUrl(key) || this.files.has(key) || key === '..' || key.startsWith('../')) return { key };
    if (!SPEC_FILE.test(key)) {
      for (const ext of EXTENSIONS) if (this.files.has(key + ext)) return { key: key + ext };
      const name = path.posix.basename(key);
      for (const f of [...this.files].sort()) {
        if (path.posix.basename(f).replace(SPEC_FILE, '') === name && (await this.isSpec(f, kind))) return { key: f };
      }
      return { key, problem: `${kind === 'openapi' ? 'OpenAPI' : 'AsyncAPI'} document "${ref}" not found: no ${key}.json, ${key}.yaml or ${key}.yml, and no ${kind === 'openapi' ? 'OpenAPI' : 'AsyncAPI'} document named ${name} in the docs folder` };
    }
    return { key };
  }

  /** Every OpenAPI (or AsyncAPI) document of the docs folder, in alphabetical order. */
  async all(kind: SpecKind = 'openapi'): Promise<string[]> {
    const out: string[] = [];
    for (const f of [...this.files].sort()) if (await this.isSpec(f, kind)) out.push(f);
    return out;
  }

  private async isSpec(file: string, kind: SpecKind): Promise<boolean> {
    if (/(^|\/)(package(-lock)?|tsconfig|docs|mint)\.json$/i.test(file)) return false;
    let head = this.heads.get(file);
    if (!head) {
      head = readDocumentHead(this.root, file);
      this.heads.set(file, head);
    }
    return SPEC_HEAD[kind].test(await head);
  }
}

async function readDocumentHead(root: string, file: string): Promise<string> {
  try {
    return await readHead(await confinedFile(root, file), HEAD_BYTES);
  } catch {
    return ''; // a link out of the folder or a vanished file is no document
  }
}
