/**
 * Hands out one stable page per (directory, document, operation) for the API reference
 * plan: pages claimed by MDX files (`openapi:` frontmatter) first, otherwise the page
 * Mintlify would give it (page-paths.ts), and the navigation groups of a whole document.
 */
import { existsSync } from 'node:fs';
import path from 'node:path';
import type { ApiExamples, NavNode } from '../types.js';
import type { CheckedDocument } from './check-document.js';
import { findOperation, findWebhook, listOperations, operationTitle, tagGroups, type OperationInfo } from './operations.js';
import { DEFAULT_DIRECTORY, documentPagePaths } from './page-paths.js';
import { WEBHOOK } from './operation-reference.js';
import type { EndpointPageSpec } from './types.js';

// A webhook's name may equal a path (`/plants_hook` in both maps): they are different operations.
const opKey = (doc: string, op: { method: string; path: string; webhook?: true }): string => `${doc}${op.webhook ? ' webhook' : ''} ${op.method} ${op.path}`;

export class PageAssigner {
  /** Operations whose page an MDX file claimed (the first file that did). */
  private readonly claimed = new Map<string, EndpointPageSpec>();
  /**
   * Pages of MDX files that claimed an operation another file claimed first: they show it too,
   * as on Mintlify (firecrawl's docs show their v1 endpoints under two folders), while links and
   * navigation entries naming the operation lead to the first.
   */
  private readonly also: EndpointPageSpec[] = [];
  /** Generated pages by page path (an `x-mint.href` page is the same in every directory). */
  private readonly generated = new Map<string, EndpointPageSpec>();
  /** Which operation each handed-out page shows. */
  private readonly owner = new Map<string, string>();
  /** Page paths of every operation of a document in a directory, built on first use. */
  private readonly tables = new Map<string, Map<string, string>>();
  private readonly used = new Set<string>();

  constructor(private readonly root: string, private readonly docs: ReadonlyMap<string, CheckedDocument>) {}

  /** The operation of the first candidate document that has it; method `WEBHOOK` names a webhook by `p`. */
  resolve(candidates: string[], method: string, p: string): { doc: string; op: OperationInfo } | undefined {
    for (const key of new Set(candidates)) {
      const doc = this.docs.get(key)?.doc;
      if (!doc) continue;
      if (method === WEBHOOK) {
        const hook = findWebhook(doc, p);
        if (hook) return { doc: key, op: listOperations({ webhooks: { [hook.path]: { [hook.method.toLowerCase()]: hook.op } } })[0] };
        continue;
      }
      const found = findOperation(doc, method, p);
      if (found) return { doc: key, op: listOperations({ paths: { [found.path]: { [method.toLowerCase()]: found.op } } })[0] };
    }
    return undefined;
  }

  /** The page of an MDX file that shows the operation (see `also` when another file claimed it first). */
  claim(doc: string, op: OperationInfo, page: string, title?: string): void {
    const spec = this.spec(doc, op, page, title ?? operationTitle(op), undefined, page);
    this.used.add(page);
    if (this.claimed.has(opKey(doc, op))) this.also.push(spec);
    else this.claimed.set(opKey(doc, op), spec);
  }

  pageFor(doc: string, op: OperationInfo, directory: string = DEFAULT_DIRECTORY, examples?: ApiExamples): string {
    const claimed = this.claimed.get(opKey(doc, op));
    if (claimed) return claimed.page;
    const page = this.table(doc, directory).get(opKey(doc, op))!;
    if (!this.generated.has(page)) this.generated.set(page, this.spec(doc, op, page, operationTitle(op), examples));
    return page;
  }

  /**
   * Every operation of a document as pages, one group per tag (Mintlify's order and labels);
   * `x-hidden` operations get their page but stay out of the groups, `x-excluded` ones get none.
   */
  groupsFor(docKey: string, directory?: string, examples?: ApiExamples): NavNode[] {
    const doc = this.docs.get(docKey)?.doc;
    if (!doc) return [];
    const ops = listOperations(doc).filter((o) => !o.excluded);
    const pages = new Map(ops.map((o) => [o, this.pageFor(docKey, o, directory, examples)]));
    return tagGroups(doc, ops.filter((o) => !o.hidden)).map(({ label, ops: list }): NavNode => ({ kind: 'group', group: label, children: list.map((o): NavNode => ({ kind: 'page', page: pages.get(o)! })) }));
  }

  specs(): EndpointPageSpec[] {
    return [...this.claimed.values(), ...this.also, ...this.generated.values()];
  }

  private table(doc: string, directory: string): Map<string, string> {
    const id = `${directory}\0${doc}`;
    let table = this.tables.get(id);
    if (!table) {
      const ops = this.docs.get(doc)?.doc ? listOperations(this.docs.get(doc)!.doc!) : [];
      // An author's own file at a page's path wins; the generated page moves aside.
      const taken = (page: string, op: OperationInfo): boolean => (this.used.has(page) && this.owner.get(page) !== opKey(doc, op)) || existsSync(path.join(this.root, `${page}.mdx`)) || existsSync(path.join(this.root, `${page}.md`));
      table = new Map();
      for (const [op, page] of documentPagePaths(ops, directory, taken)) {
        this.used.add(page);
        this.owner.set(page, opKey(doc, op));
        table.set(opKey(doc, op), page);
      }
      this.tables.set(id, table);
    }
    return table;
  }

  private spec(doc: string, op: OperationInfo, page: string, title: string, examples?: ApiExamples, contentPage?: string): EndpointPageSpec {
    const { localCopy, refFiles } = this.docs.get(doc) ?? {};
    return { page, title, method: op.method, path: op.path, ...(op.webhook ? { webhook: true } : {}), file: doc, ...(localCopy ? { localCopy } : {}), ...(refFiles ? { refFiles } : {}), ...(contentPage ? { contentPage } : {}), ...(examples ? { examples } : {}) };
  }
}
