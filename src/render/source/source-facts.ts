/**
 * What the scan of an export takes from one page source (a `.md`/`.mdx` file outside
 * `snippets/`), derived from its text and path alone: the hash the page's cache key is made
 * of, the frontmatter summary the navigation needs, what its frontmatter claims of the API
 * reference, the Tailwind class candidates and the files it imports. Keeping these instead of
 * the text is what lets a warm export skip reading and parsing the pages that did not
 * change (cache/source-memo.ts): every reader of a page source in the scan reads these.
 */
import { importedFiles, sha256 } from '../cache/cache-key.js';
import { frontmatterBlock, readFrontmatter, type PageSummary } from '../output/read-frontmatter.js';
import { pageClaim, type PageClaim } from '../openapi/scan-frontmatter.js';
import { candidatesOf, type FileCandidates } from '../styles/class-candidates.js';

export interface SourceFacts {
  /** sha256 of the text: what the page's cache key holds of it (cache/page-keys.ts). */
  hash: string;
  /** Frontmatter and first heading (output/read-frontmatter.ts). */
  summary: PageSummary;
  /** The frontmatter block as written, `---` lines included, where a key's line is found for diagnostics ('' without one). */
  frontmatter: string;
  /** What its frontmatter's `openapi:` or `asyncapi:` says (openapi/scan-frontmatter.ts pageClaim). */
  claim?: PageClaim;
  /** Tailwind class candidates and the line each is first seen on, in order (styles/class-candidates.ts). */
  candidates: FileCandidates;
  /** Root-relative files the source imports or places (cache/cache-key.ts importedFiles). */
  imports: string[];
}

/** The facts of `text`, the source of root-relative `file`. */
export function sourceFacts(file: string, text: string): SourceFacts {
  const claim = pageClaim(file, text);
  return {
    hash: sha256(text),
    summary: readFrontmatter(text),
    frontmatter: frontmatterBlock(text),
    ...(claim !== undefined ? { claim } : {}),
    candidates: candidatesOf(file, text),
    imports: importedFiles(text, file),
  };
}
