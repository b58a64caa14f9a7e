/**
 * Plans the API reference of a site (main thread, once per export): checks every OpenAPI
 * document the config names, gives each operation it shows a stable page (the URL Mintlify
 * gives it, page-paths.ts), rewrites the navigation (endpoint entries become pages, `openapi`
 * nodes without pages get every operation grouped by tag) and reports problems with file
 * and JSON path.
 */
import type { ApiExamples, Deployment, Diagnostic, NavNode, NavSection, NavSpecs, Navigation, SiteConfig } from '../types.js';
import { AsyncApiPlanner } from './asyncapi.js';
import { referenceAssets } from './assets.js';
import { checkDocument, type CheckedDocument } from './check-document.js';
import { DocumentIndex } from './document-index.js';
import { childPath, collectSpecSources, sectionPath } from './nav-refs.js';
import { PageAssigner } from './page-assigner.js';
import { playgroundMode } from './playground-mode.js';
import type { Outbound } from './read-document.js';
import { webhookNames } from './operations.js';
import { WEBHOOK } from './operation-reference.js';
import { scanFrontmatterClaims, type FrontmatterClaims } from './scan-frontmatter.js';
import type { ApiReferencePlan } from './types.js';

/** The documents in reach of a navigation node, with the directory of their pages, and its sample settings. */
interface Scope {
  docs: { key: string; directory?: string }[];
  examples?: ApiExamples;
}

/** `scanned`: the claims of `pageSources`, when the caller has scanned them already (cache/api-plan-cache.ts). */
export async function planApiReference(root: string, config: SiteConfig, deployment: Deployment, pageSources?: ReadonlyMap<string, string>, outbound?: Outbound, files?: readonly string[], scanned?: FrontmatterClaims): Promise<ApiReferencePlan> {
  const diagnostics: Diagnostic[] = [];
  const index = await DocumentIndex.create(root, files);
  const { claims, invalid, asyncapiPages } = scanned ?? (await scanFrontmatterClaims(root, pageSources));
  for (const bad of invalid) {
    diagnostics.push({ severity: 'error', file: bad.source, line: bad.line, path: 'openapi', message: `Frontmatter openapi: ${JSON.stringify(bad.value)} is not an operation reference such as "GET /users", "openapi.yaml GET /users" or "openapi.yaml webhook orderUpdated"` });
  }

  // Every reference resolved once (`v3-openapi` -> `v3-openapi.yaml`); documents checked in order of first mention.
  const resolved = new Map<string, { key: string; problem?: string }>();
  const resolve = async (ref: string): Promise<{ key: string; problem?: string }> => {
    if (!resolved.has(ref)) resolved.set(ref, await index.resolve(ref));
    return resolved.get(ref)!;
  };
  const docs = new Map<string, CheckedDocument>();
  // Problems of a document the site never names are held back until a page depends on it.
  const heldBack = new Map<string, Diagnostic[]>();
  const load = async (key: string, quiet = false): Promise<void> => {
    if (docs.has(key)) return;
    const checked = await checkDocument(root, key, deployment, outbound);
    docs.set(key, checked);
    if (quiet) heldBack.set(key, checked.diagnostics);
    else diagnostics.push(...checked.diagnostics);
  };
  const release = (keys: string[]): void => {
    for (const key of keys) {
      diagnostics.push(...(heldBack.get(key) ?? []));
      heldBack.delete(key);
    }
  };
  for (const ref of collectSpecSources(config, 'openapi', claims.map((c) => c.file).filter((f): f is string => !!f))) {
    const r = await resolve(ref);
    if (!r.problem) await load(r.key);
  }
  const defaults = (await Promise.all(config.api.openapi.map(resolve))).filter((r) => !r.problem).map((r) => r.key);
  const named = [...docs.keys()];
  // Without a document or scope, Mintlify searches every document of the repository (loaded only then).
  let repository: string[] | undefined;
  const everywhere = async (): Promise<string[]> => {
    if (!repository) {
      repository = await index.all();
      for (const key of repository) await load(key, true);
    }
    return [...defaults, ...named, ...repository];
  };
  const pages = new PageAssigner(root, docs);
  const where = async (file: string | undefined, scope: Scope): Promise<{ candidates: string[]; problem?: string }> => {
    if (!file) return { candidates: [...scope.docs.map((d) => d.key), ...defaults, ...named] };
    const r = await resolve(file);
    return { candidates: [r.key], problem: r.problem };
  };

  // Pages whose frontmatter names an operation take that operation's page.
  for (const claim of claims) {
    const { candidates, problem } = await where(claim.file, { docs: [] });
    let found = problem ? undefined : pages.resolve(candidates, claim.method, claim.path);
    if (!found && !claim.file && !problem) found = pages.resolve(await everywhere(), claim.method, claim.path);
    release(found ? [found.doc] : repository ?? []);
    if (!found) {
      diagnostics.push({ severity: 'error', file: claim.source, line: claim.line, path: 'openapi', message: problem ?? missingMessage(claim.method, claim.path, claim.file ? candidates : [...defaults, ...named, ...(repository ?? [])], docs) });
      continue;
    }
    pages.claim(found.doc, found.op, claim.page, claim.title);
  }

  /** The scope below a node: its own documents (resolved) replace the parent's; its examples override them. */
  const scopeOf = async (specs: NavSpecs | undefined, parent: Scope, at: string): Promise<Scope> => {
    let own: Scope['docs'] | undefined;
    if (specs?.openapi) {
      own = [];
      const { source, directory } = specs.openapi;
      const dir = directory?.replace(/^\/+|\/+$/g, '');
      for (const [i, ref] of source.entries()) {
        const r = await resolve(ref);
        if (r.problem) diagnostics.push({ severity: 'error', file: config.source, path: source.length > 1 ? `${at}.openapi[${i}]` : `${at}.openapi`, message: r.problem });
        else own.push({ key: r.key, ...(dir ? { directory: dir } : {}) });
      }
    }
    return { docs: own ?? parent.docs, examples: specs?.examples ? { ...parent.examples, ...specs.examples } : parent.examples };
  };
  const generatedGroups = (scope: Scope): NavNode[] => scope.docs.flatMap((d) => pages.groupsFor(d.key, d.directory, scope.examples));
  // AsyncAPI channel groups join a node's own pages (Mintlify: "alongside any existing pages").
  const asyncapi = new AsyncApiPlanner(root, config.source, index, deployment, outbound);
  const withChannels = async (children: NavNode[], specs: NavSpecs | undefined, at: string): Promise<NavNode[]> => (specs?.asyncapi ? [...children, ...(await asyncapi.groupsFor(specs.asyncapi, at))] : children);

  const walkNodes = async (nodes: NavNode[], scope: Scope, at: string, parent: 'group' | 'section' | 'root'): Promise<NavNode[]> => {
    const out: NavNode[] = [];
    for (const [i, node] of nodes.entries()) {
      const here = childPath(at, nodes, i, parent, config.source);
      if (node.kind === 'endpoint') {
        const { candidates, problem } = await where(node.file, scope);
        let found = problem ? undefined : pages.resolve(candidates, node.method, node.path);
        // Only an endpoint with no document in reach searches the whole repository.
        if (!found && !node.file && !problem && scope.docs.length === 0) found = pages.resolve(await everywhere(), node.method, node.path);
        release(found ? [found.doc] : !node.file && scope.docs.length === 0 ? repository ?? [] : []);
        if (found) {
          const directory = scope.docs.find((d) => d.key === found.doc)?.directory;
          out.push({ kind: 'page', page: pages.pageFor(found.doc, found.op, directory, scope.examples) });
        } else diagnostics.push({ severity: 'error', file: config.source, path: here, message: problem ?? missingMessage(node.method, node.path, node.file ? candidates : scope.docs.length ? scope.docs.map((d) => d.key) : [...candidates, ...(repository ?? [])], docs) });
      } else if (node.kind === 'group') {
        const inner = await scopeOf(node.specs, scope, here);
        const children = await walkNodes(node.children, inner, here, 'group');
        out.push({ ...node, children: await withChannels(node.specs?.openapi && node.children.length === 0 ? generatedGroups(inner) : children, node.specs, here) });
      } else out.push(node);
    }
    return out;
  };
  const walkSection = async (section: NavSection, scope: Scope, at: string): Promise<NavSection> => {
    const inner = await scopeOf(section.specs, scope, at);
    const empty = section.children.length === 0 && section.sections.length === 0;
    const sections: NavSection[] = [];
    for (const [i, s] of section.sections.entries()) sections.push(await walkSection(s, inner, sectionPath(at, section.sections, i)));
    return {
      ...section,
      children: await withChannels(section.specs?.openapi && empty && !section.href ? generatedGroups(inner) : await walkNodes(section.children, inner, at, 'section'), section.specs, at),
      sections,
    };
  };
  const rootAt = 'navigation';
  const top = await scopeOf(config.navigation.specs, { docs: [] }, rootAt);
  const sections: NavSection[] = [];
  for (const [i, s] of config.navigation.sections.entries()) sections.push(await walkSection(s, top, sectionPath(rootAt, config.navigation.sections, i)));
  const bare = config.navigation.specs?.openapi && config.navigation.root.length === 0 && config.navigation.sections.length === 0;
  const navigation: Navigation = { ...config.navigation, root: await withChannels(bare ? generatedGroups(top) : await walkNodes(config.navigation.root, top, rootAt, 'root'), config.navigation.specs, rootAt), sections };
  await asyncapi.claim(asyncapiPages);
  diagnostics.push(...asyncapi.diagnostics);

  const endpoints = pages.specs();
  const channels = asyncapi.channels();
  const { feature } = playgroundMode(config, deployment);
  return {
    navigation,
    endpoints,
    channels,
    diagnostics,
    features: {
      'api-reference': endpoints.length + channels.length > 0 ? { included: true } : { included: false, reason: 'no OpenAPI operations or AsyncAPI channels in the navigation' },
      'api-playground': endpoints.length > 0 ? feature : { included: false, reason: 'no API reference pages' },
    },
    assets: endpoints.length + channels.length > 0 ? referenceAssets() : null,
  };
}

const pointerToken = (p: string): string => p.replace(/~/g, '~0').replace(/\//g, '~1');

function missingMessage(method: string, p: string, candidates: string[], docs: Map<string, CheckedDocument>): string {
  const unique = [...new Set(candidates)];
  const webhook = method === WEBHOOK;
  const what = webhook ? `Webhook ${p}` : `Operation ${method.toUpperCase()} ${p}`;
  if (unique.length === 0) return `${what} is named but the site has no OpenAPI document (set "openapi" on the group or "api.openapi" in docs.json)`;
  const broken = unique.filter((c) => docs.has(c) && !docs.get(c)!.doc);
  const where = unique.map((c) => `${c} (#/${webhook ? `webhooks/${pointerToken(p)}` : `paths/${pointerToken(p)}/${method.toLowerCase()}`})`).join(', ');
  // A webhook name is a free word (a typo or the wrong case): the names there say which was meant.
  const names = webhook ? unique.filter((c) => docs.get(c)?.doc).map((c) => `${c} has ${listNames(webhookNames(docs.get(c)!.doc))}`) : [];
  return `${what} not found in ${where}${names.length ? `; ${names.join('; ')}` : ''}${broken.length ? `; ${broken.join(', ')} could not be read, see its errors` : ''}`;
}

/** `webhooks a, b, c` (the first 20), or `no webhooks`. */
function listNames(names: string[]): string {
  if (names.length === 0) return 'no webhooks';
  return `webhooks ${names.slice(0, 20).join(', ')}${names.length > 20 ? `, … (${names.length - 20} more)` : ''}`;
}
