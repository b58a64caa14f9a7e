/**
 * The entries of llms-full.txt (llms-files.ts), made as pages arrive: each page's Markdown
 * file under its title's line with its source URL, as UTF-8 bytes. A cold export's
 * llms-full.txt files were made after the last page, six megabytes of text per file on a
 * 1000-page site built, copied and encoded there, on the critical path; with the entries
 * made while later pages render, only their concatenation is left for the end.
 */
import type { SiteModel } from '../layout/site-model.js';
import { canonicalUrl, encodePath, relativeHref } from '../output/page-paths.js';
import { pageMarkdownFile } from './markdown-file.js';
import { llmsScopes } from './llms-scopes.js';

/** Where `target` (a site path) is linked from the file `from`: absolute with a base URL, else relative. */
export function linkTo(model: SiteModel, from: string, target: string): string {
  return model.baseUrl ? `${model.baseUrl}/${encodePath(target)}` : encodePath(relativeHref(from, target));
}

/** The source URL of `page` in llms-full.txt `file`. */
export function entrySource(model: SiteModel, file: string, page: string): string {
  return canonicalUrl(model.baseUrl, page) ?? linkTo(model, file, pageMarkdownFile(page));
}

/** The llms-full.txt files a page's entry goes in (llms-files.ts names them the same way). */
function llmsFullFiles(model: SiteModel): Map<string, string[]> {
  const files = new Map<string, string[]>();
  for (const scope of llmsScopes(model.navigation, model.pages)) {
    for (const dir of scope.dir ? [scope.dir] : ['', '.well-known']) {
      const file = dir ? `${dir}/llms-full.txt` : 'llms-full.txt';
      for (const e of scope.entries) {
        const list = files.get(e.page);
        if (list) list.push(file);
        else files.set(e.page, [file]);
      }
    }
  }
  return files;
}

/**
 * A page's entry as UTF-8 chunks: its Markdown file with `Source: URL` after the first (title)
 * line, trailing space trimmed. The rest of the page after the source line is `body`
 * (entryBody), the same in every llms-full.txt the page is in: encoded once, shared.
 */
export function entryChunks(md: string, source: string, body: Uint8Array | undefined): Uint8Array[] {
  const nl = md.indexOf('\n');
  if (nl < 0) return [Buffer.from(`${md}\nSource: ${source}`)];
  const head = `${md.slice(0, nl)}\nSource: ${source}`;
  // The end of the whole entry is trimmed: with nothing after the source line, the head's.
  return body ? [Buffer.from(head), body] : [Buffer.from(head.trimEnd())];
}

/** The rest of a page's entry after its source line (a line break, then the page after its title, end trimmed), encoded; undefined when empty. */
export function entryBody(md: string): Uint8Array | undefined {
  const nl = md.indexOf('\n');
  const rest = nl < 0 ? '' : md.slice(nl + 1).trimEnd();
  return rest ? Buffer.from(`\n${rest}`) : undefined;
}

/** Entries made ahead, by page and source URL (the same bytes for both files of a scope when links are absolute). */
export class LlmsFullEntries {
  private readonly made = new Map<string, { md: string; source: string; chunks: Uint8Array[] }[]>();
  private readonly files: Map<string, string[]>;

  constructor(private readonly model: SiteModel) {
    this.files = llmsFullFiles(model);
  }

  /** Makes the entries of `page` for its Markdown `md` (again, if it changed: remote media rewritten). */
  add(page: string, md: string): void {
    const list: { md: string; source: string; chunks: Uint8Array[] }[] = [];
    // The page's text is encoded once, whatever the number of files it is in.
    const body = entryBody(md);
    for (const file of this.files.get(page) ?? []) {
      const source = entrySource(this.model, file, page);
      if (!list.some((e) => e.source === source)) list.push({ md, source, chunks: entryChunks(md, source, body) });
    }
    this.made.set(page, list);
  }

  /** The entry made ahead for `page` from this very `md` and `source`, as chunks, if any. */
  get(page: string, md: string, source: string): Uint8Array[] | undefined {
    return this.made.get(page)?.find((e) => e.md === md && e.source === source)?.chunks;
  }
}
