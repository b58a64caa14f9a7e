/**
 * Plans the AsyncAPI channel pages: `asyncapi` on any navigation node (a path or URL, a list,
 * or `{source, directory}`) gets one page per channel of each document, in groups by the
 * channel's first tag ("Websockets" without one), appended to the node's own pages; a page
 * whose frontmatter says `asyncapi: "file channel"` (or just the channel) shows that
 * channel below its own content. Page paths follow Mintlify's generator
 * (`processAsyncApiChannel` in @mintlify/scraping): `{directory}/{tag slug}/{title slug}`,
 * directory `api-reference` by default, the title being the channel's `title` or its id,
 * `-1`, `-2` for repeats. An author's own file at that path wins, as for endpoint pages.
 */
import { existsSync } from 'node:fs';
import path from 'node:path';
import type { ApiSpecRef, Deployment, Diagnostic, NavNode } from '../types.js';
import { channelEntries, checkAsyncDocument, type CheckedAsyncDocument } from './asyncapi-document.js';
import { sentenceCase } from './asyncapi-model.js';
import type { DocumentIndex } from './document-index.js';
import { DEFAULT_DIRECTORY, mintlifySlug } from './page-paths.js';
import type { Outbound } from './read-document.js';
import type { FrontmatterValue } from './scan-frontmatter.js';
import type { ChannelPageSpec } from './types.js';

/** Mintlify's group for channels without a tag (`DEFAULT_WEBSOCKETS_GROUP_NAME`). */
const DEFAULT_GROUP = 'Websockets';

export class AsyncApiPlanner {
  readonly diagnostics: Diagnostic[] = [];
  private readonly docs = new Map<string, Promise<CheckedAsyncDocument>>();
  /** Generated pages per directory and document: the same node content twice gives the same pages. */
  private readonly tables = new Map<string, Map<string, ChannelPageSpec>>();
  private readonly generated = new Map<string, ChannelPageSpec>();
  private readonly claimed: ChannelPageSpec[] = [];
  private readonly used = new Set<string>();

  constructor(
    private readonly root: string,
    private readonly configFile: string,
    private readonly index: DocumentIndex,
    private readonly deployment: Deployment,
    private readonly outbound?: Outbound,
  ) {}

  /** The document a reference names, checked once; its problems reported once, where first named. */
  private async document(ref: string, where: Diagnostic): Promise<CheckedAsyncDocument | undefined> {
    const { key, problem } = await this.index.resolve(ref, 'asyncapi');
    if (problem) {
      this.diagnostics.push({ ...where, message: problem });
      return undefined;
    }
    let checked = this.docs.get(key);
    if (!checked) {
      checked = checkAsyncDocument(this.root, key, this.deployment, this.outbound);
      this.docs.set(key, checked);
      this.diagnostics.push(...(await checked).diagnostics);
    }
    const done = await checked;
    return done.doc ? done : undefined;
  }

  /** The navigation groups of a node's `asyncapi` (none when it has none), its channel pages planned. */
  async groupsFor(specs: ApiSpecRef | undefined, at: string): Promise<NavNode[]> {
    const out: NavNode[] = [];
    for (const [i, ref] of (specs?.source ?? []).entries()) {
      const here = specs!.source.length > 1 ? `${at}.asyncapi[${i}]` : `${at}.asyncapi`;
      const checked = await this.document(ref, { severity: 'error', file: this.configFile, path: here, message: '' });
      if (!checked) continue;
      const { key, doc } = checked;
      const channels = channelEntries(doc!);
      if (channels.length === 0) {
        this.diagnostics.push({ severity: 'warning', file: key, path: 'channels', message: `AsyncAPI document ${key} (named at ${here}) has no channels: no pages come from it` });
        continue;
      }
      const directory = specs!.directory?.replace(/^\/+|\/+$/g, '') || DEFAULT_DIRECTORY;
      const table = this.table(checked, directory);
      // Mintlify's findNavGroup: one group per first tag, in order of first use.
      const groups = new Map<string, NavNode[]>();
      for (const c of channels) {
        const label = c.tag ?? DEFAULT_GROUP;
        if (!groups.has(label)) groups.set(label, []);
        groups.get(label)!.push({ kind: 'page', page: table.get(c.id)!.page });
      }
      for (const [group, children] of groups) out.push({ kind: 'group', group, children });
    }
    return out;
  }

  private table(checked: CheckedAsyncDocument, directory: string): Map<string, ChannelPageSpec> {
    const id = `${directory}\0${checked.key}`;
    let table = this.tables.get(id);
    if (table) return table;
    table = new Map();
    const inGroup = new Map<string, Set<string>>();
    for (const c of channelEntries(checked.doc!)) {
      const group = c.tag ?? DEFAULT_GROUP;
      const title = c.title ?? c.id;
      const base = [directory, mintlifySlug(group), mintlifySlug(title) || mintlifySlug(c.id) || 'channel'].filter(Boolean).join('/');
      const mine = inGroup.get(group) ?? new Set<string>();
      inGroup.set(group, mine);
      let page = base;
      for (let n = 1; mine.has(page) || this.used.has(page) || this.authorFile(page); n++) page = `${base}-${n}`;
      mine.add(page);
      this.used.add(page);
      const spec: ChannelPageSpec = {
        kind: 'channel', page, title: title === c.id ? sentenceCase(c.id) : title, file: checked.key, channel: c.id, ...(checked.localCopy ? { localCopy: checked.localCopy } : {}), ...(checked.refFiles ? { refFiles: checked.refFiles } : {}),
      };
      table.set(c.id, spec);
      this.generated.set(page, spec);
    }
    this.tables.set(id, table);
    return table;
  }

  private authorFile(page: string): boolean {
    return existsSync(path.join(this.root, `${page}.mdx`)) || existsSync(path.join(this.root, `${page}.md`));
  }

  /**
   * Pages whose frontmatter names a channel: `"file channel"` or `"channel"` (searched in the
   * documents the navigation names, then in every AsyncAPI document of the folder), as
   * Mintlify's `getAsyncApiChannelMetadata` reads it.
   */
  async claim(pages: FrontmatterValue[]): Promise<void> {
    for (const fm of pages) {
      const where: Diagnostic = { severity: 'error', file: fm.source, line: fm.line, path: 'asyncapi', message: '' };
      const parts = fm.value.trim().split(/\s+/).filter(Boolean);
      if (parts.length === 0 || parts.length > 2) {
        this.diagnostics.push({ ...where, message: `Frontmatter asyncapi: ${JSON.stringify(fm.value)} is not a channel reference such as "orders" or "asyncapi.yaml orders"` });
        continue;
      }
      const [file, channel] = parts.length === 2 ? parts : [undefined, parts[0]];
      // `./events.yaml` names a document beside the page, as for `openapi:`.
      const ref = file && /^\.\.?\//.test(file) ? path.posix.normalize(path.posix.join(path.posix.dirname(fm.source), file)) : file;
      const candidates = ref ? [ref] : [...this.docs.keys(), ...(await this.index.all('asyncapi'))];
      const before = this.diagnostics.length;
      let found: CheckedAsyncDocument | undefined;
      for (const c of new Set(candidates)) {
        const checked = await this.document(c, where);
        if (checked && channelEntries(checked.doc!).some((e) => e.id === channel)) {
          found = checked;
          break;
        }
      }
      if (!found) {
        if (this.diagnostics.slice(before).some((d) => d.file === fm.source)) continue; // the reference itself was reported
        this.diagnostics.push({ ...where, message: `AsyncAPI channel "${channel}" not found in ${ref ?? 'any AsyncAPI document of the docs folder'} (named in the frontmatter of ${fm.source})` });
        continue;
      }
      const entry = channelEntries(found.doc!).find((e) => e.id === channel)!;
      const page = fm.source.replace(/\.mdx?$/i, '');
      this.claimed.push({
        kind: 'channel', page, title: entry.title ?? sentenceCase(channel), file: found.key, channel, contentPage: page, ...(found.localCopy ? { localCopy: found.localCopy } : {}), ...(found.refFiles ? { refFiles: found.refFiles } : {}),
      });
    }
  }

  channels(): ChannelPageSpec[] {
    return [...this.claimed, ...[...this.generated.values()].filter((s) => !this.claimed.some((c) => c.page === s.page))];
  }
}
