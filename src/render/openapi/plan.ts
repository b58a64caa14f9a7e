/**
 * Plans the API reference of a site (main thread, once per export): checks every OpenAPI
 * document the config names, gives each operation it shows a stable page, rewrites the
 * navigation (endpoint entries become pages, `openapi` groups and sections without pages
 * get every operation grouped by tag) and reports problems with file and JSON path.
 */
import { existsSync } from 'node:fs';
import path from 'node:path';
import type { Deployment, Diagnostic, NavNode, NavSection, Navigation, SiteConfig } from '../types.js';
import { referenceAssets } from './assets.js';
import { checkDocument, type CheckedDocument } from './check-document.js';
import { childPath, collectDocumentRefs, sectionPath } from './nav-refs.js';
import { findOperation, listOperations, operationSlug, operationTitle, orderedTags, slugify, type OperationInfo } from './operations.js';
import { playgroundMode } from './playground-mode.js';
import { documentKey, type Outbound } from './read-document.js';
import { scanFrontmatterClaims } from './scan-frontmatter.js';
import type { ApiReferencePlan, EndpointPageSpec } from './types.js';

export async function planApiReference(root: string, config: SiteConfig, deployment: Deployment, pageSources?: ReadonlyMap<string, string>, outbound?: Outbound): Promise<ApiReferencePlan> {
  const diagnostics: Diagnostic[] = [];
  const { claims, invalid } = await scanFrontmatterClaims(root, pageSources);
  for (const bad of invalid) {
    diagnostics.push({ severity: 'error', file: bad.source, line: bad.line, path: 'openapi', message: `Frontmatter openapi: ${JSON.stringify(bad.value)} is not an operation reference such as "GET /users" or "openapi.yaml GET /users"` });
  }
  const refs = collectDocumentRefs(config, claims.map((c) => c.file).filter((f): f is string => !!f));
  const docs = new Map<string, CheckedDocument>();
  for (const ref of refs) {
    const checked = await checkDocument(root, ref, deployment, outbound);
    docs.set(checked.key, checked);
    diagnostics.push(...checked.diagnostics);
  }
  const defaults = (config.api?.openapi ?? []).map(documentKey);
  const pages = new PageAssigner(root, docs);

  // Pages whose frontmatter names an operation take that operation's page.
  for (const claim of claims) {
    const found = pages.resolve(claim.file, [...defaults, ...docs.keys()], claim.method, claim.path);
    if (!found) {
      diagnostics.push({ severity: 'error', file: claim.source, line: claim.line, path: 'openapi', message: missingMessage(claim.method, claim.path, claim.file ? [documentKey(claim.file)] : defaults.length ? defaults : [...docs.keys()], docs) });
      continue;
    }
    const earlier = pages.claim(found.doc, found.op, claim.page, claim.title);
    if (earlier) diagnostics.push({ severity: 'warning', file: claim.source, line: claim.line, path: 'openapi', message: `${claim.method} ${claim.path} is already the operation of ${earlier}; this page renders as an ordinary page` });
  }

  const walkNodes = (nodes: NavNode[], scope: string | undefined, at: string, parent: 'group' | 'section' | 'root'): NavNode[] => {
    const out: NavNode[] = [];
    nodes.forEach((node, i) => {
      const here = childPath(at, nodes, i, parent, config.source);
      if (node.kind === 'endpoint') {
        const candidates = node.file ? [documentKey(node.file)] : [...(scope ? [scope] : []), ...defaults, ...docs.keys()];
        const found = pages.resolve(node.file, candidates, node.method, node.path);
        if (found) out.push({ kind: 'page', page: pages.pageFor(found.doc, found.op) });
        else diagnostics.push({ severity: 'error', file: config.source, path: here, message: missingMessage(node.method, node.path, node.file || scope ? candidates.slice(0, 1) : candidates, docs) });
      } else if (node.kind === 'group') {
        const groupScope = node.openapi ? documentKey(node.openapi) : scope;
        const children = walkNodes(node.children, groupScope, here, 'group');
        out.push({ ...node, children: node.openapi && node.children.length === 0 ? pages.groupsFor(documentKey(node.openapi)) : children });
      } else out.push(node);
    });
    return out;
  };
  const walkSection = (section: NavSection, scope: string | undefined, at: string): NavSection => {
    const sectionScope = section.openapi ? documentKey(section.openapi) : scope;
    const empty = section.children.length === 0 && section.sections.length === 0;
    return {
      ...section,
      children: section.openapi && empty && !section.href ? pages.groupsFor(documentKey(section.openapi)) : walkNodes(section.children, sectionScope, at, 'section'),
      sections: section.sections.map((s, i) => walkSection(s, sectionScope, sectionPath(at, section.sections, i))),
    };
  };
  const rootAt = 'navigation';
  const navigation: Navigation = {
    ...config.navigation,
    root: walkNodes(config.navigation.root, undefined, rootAt, 'root'),
    sections: config.navigation.sections.map((s, i) => walkSection(s, undefined, sectionPath(rootAt, config.navigation.sections, i))),
  };

  const endpoints = pages.specs();
  const { feature } = playgroundMode(config, deployment);
  return {
    navigation,
    endpoints,
    diagnostics,
    features: {
      'api-reference': endpoints.length > 0 ? { included: true } : { included: false, reason: 'no OpenAPI operations in the navigation' },
      'api-playground': endpoints.length > 0 ? feature : { included: false, reason: 'no API reference pages' },
    },
    assets: endpoints.length > 0 ? referenceAssets() : null,
  };
}

function missingMessage(method: string, p: string, candidates: string[], docs: Map<string, CheckedDocument>): string {
  const unique = [...new Set(candidates)];
  if (unique.length === 0) return `Operation ${method.toUpperCase()} ${p} is named but the site has no OpenAPI document (set "openapi" on the group or "api.openapi" in docs.json)`;
  const broken = unique.filter((c) => docs.has(c) && !docs.get(c)!.doc);
  const where = unique.map((c) => `${c} (#/paths/${p.replace(/~/g, '~0').replace(/\//g, '~1')}/${method.toLowerCase()})`).join(', ');
  return `Operation ${method.toUpperCase()} ${p} not found in ${where}${broken.length ? `; ${broken.join(', ')} could not be read, see its errors` : ''}`;
}

/** Hands out one stable page per (document, operation), remembering pages claimed by MDX files. */
class PageAssigner {
  private readonly byOp = new Map<string, EndpointPageSpec>();
  private readonly used = new Set<string>();
  constructor(private readonly root: string, private readonly docs: Map<string, CheckedDocument>) {}

  resolve(file: string | undefined, candidates: string[], method: string, p: string): { doc: string; op: OperationInfo } | undefined {
    for (const key of file ? [documentKey(file)] : [...new Set(candidates)]) {
      const doc = this.docs.get(key)?.doc;
      const found = doc && findOperation(doc, method, p);
      if (found) {
        const op = listOperations({ paths: { [found.path]: { [method.toLowerCase()]: found.op } } })[0];
        return { doc: key, op };
      }
    }
    return undefined;
  }

  /** Returns the page that already claimed the operation, if another one did. */
  claim(doc: string, op: OperationInfo, page: string, title?: string): string | undefined {
    const key = `${doc} ${op.method} ${op.path}`;
    const earlier = this.byOp.get(key);
    if (earlier) return earlier.page;
    this.used.add(page);
    this.byOp.set(key, this.spec(doc, op, page, title ?? operationTitle(op), page));
    return undefined;
  }

  pageFor(doc: string, op: OperationInfo): string {
    const key = `${doc} ${op.method} ${op.path}`;
    const known = this.byOp.get(key);
    if (known) return known.page;
    const tag = slugify(op.tags[0] ?? 'endpoints');
    let page = `api-reference/${tag}/${operationSlug(op.method, op.path)}`;
    if (this.used.has(page)) page = `api-reference/${slugify(path.basename(doc).replace(/\.(ya?ml|json)$/i, ''))}/${tag}/${operationSlug(op.method, op.path)}`;
    // An author's own file at that path wins; the generated page moves aside.
    for (let n = 2; this.used.has(page) || existsSync(path.join(this.root, `${page}.mdx`)) || existsSync(path.join(this.root, `${page}.md`)); n++) page = `${page.replace(/-\d+$/, '')}-${n}`;
    this.used.add(page);
    this.byOp.set(key, this.spec(doc, op, page, operationTitle(op)));
    return page;
  }

  /** Every visible operation of a document as pages, one group per tag, untagged ones last. */
  groupsFor(docKey: string): NavNode[] {
    const doc = this.docs.get(docKey)?.doc;
    if (!doc) return [];
    const ops = listOperations(doc).filter((o) => !o.hidden);
    const groups: NavNode[] = orderedTags(doc, ops)
      .map((tag): NavNode => ({ kind: 'group', group: tag, children: ops.filter((o) => o.tags[0] === tag).map((o): NavNode => ({ kind: 'page', page: this.pageFor(docKey, o) })) }))
      .filter((g) => g.kind === 'group' && g.children.length > 0);
    const untagged = ops.filter((o) => o.tags.length === 0).map((o): NavNode => ({ kind: 'page', page: this.pageFor(docKey, o) }));
    return [...groups, ...untagged];
  }

  specs(): EndpointPageSpec[] {
    return [...this.byOp.values()];
  }

  private spec(doc: string, op: OperationInfo, page: string, title: string, contentPage?: string): EndpointPageSpec {
    const localCopy = this.docs.get(doc)?.localCopy;
    return { page, title, method: op.method, path: op.path, file: doc, ...(localCopy ? { localCopy } : {}), ...(contentPage ? { contentPage } : {}) };
  }
}
