/**
 * AsyncAPI in the navigation (`asyncapi` on any node) and in page frontmatter. Quire does
 * not generate channel pages yet, so nothing here may vanish quietly: each channel of each
 * document named gets a warning saying it has no page, and a page whose frontmatter names
 * a channel is told that only its own content is rendered.
 */
import type { Diagnostic, NavNode, NavSection, NavSpecs, SiteConfig } from '../types.js';
import type { DocumentIndex } from './document-index.js';
import { childPath, sectionPath } from './nav-refs.js';
import { DocumentReadError, isUrl, parseDocumentText, readDocumentText } from './read-document.js';
import type { FrontmatterValue } from './scan-frontmatter.js';

/** Every `asyncapi` source of the navigation with the JSON path where it is written. */
function navSources(config: SiteConfig): { source: string; at: string }[] {
  const out: { source: string; at: string }[] = [];
  const add = (specs: NavSpecs | undefined, at: string): void => {
    const list = specs?.asyncapi?.source ?? [];
    list.forEach((source, i) => out.push({ source, at: list.length > 1 ? `${at}.asyncapi[${i}]` : `${at}.asyncapi` }));
  };
  const nodes = (list: NavNode[], at: string, parent: 'group' | 'section' | 'root'): void => {
    list.forEach((n, i) => {
      if (n.kind !== 'group') return;
      const here = childPath(at, list, i, parent, config.source);
      add(n.specs, here);
      nodes(n.children, here, 'group');
    });
  };
  const sections = (list: NavSection[], at: string): void => {
    list.forEach((s, i) => {
      const here = sectionPath(at, list, i);
      add(s.specs, here);
      nodes(s.children, here, 'section');
      sections(s.sections, here);
    });
  };
  add(config.navigation.specs, 'navigation');
  nodes(config.navigation.root, 'navigation', 'root');
  sections(config.navigation.sections, 'navigation');
  return out;
}

export async function planAsyncApi(root: string, config: SiteConfig, index: DocumentIndex, pages: FrontmatterValue[]): Promise<Diagnostic[]> {
  const out: Diagnostic[] = [];
  const seen = new Set<string>();
  for (const { source, at } of navSources(config)) {
    const where = { file: config.source, path: at };
    if (isUrl(source)) {
      out.push({ severity: 'warning', ...where, message: `AsyncAPI document ${source} is not rendered: Quire does not generate AsyncAPI channel pages yet, so this part of the navigation gets none` });
      continue;
    }
    const { key, problem } = await index.resolve(source, 'asyncapi');
    if (problem) {
      out.push({ severity: 'error', ...where, message: problem });
      continue;
    }
    if (seen.has(key)) continue;
    seen.add(key);
    let channels: string[];
    try {
      const doc = parseDocumentText(await readDocumentText(root, key), key);
      channels = doc.channels && typeof doc.channels === 'object' ? Object.keys(doc.channels) : [];
    } catch (err) {
      if (!(err instanceof DocumentReadError)) throw err;
      out.push({ severity: 'error', ...where, message: err.message.replace(/^OpenAPI document/, 'AsyncAPI document') });
      continue;
    }
    if (channels.length === 0) out.push({ severity: 'warning', file: key, path: 'channels', message: `AsyncAPI document ${key} (named at ${at}) has no channels: no pages come from it` });
    for (const name of channels) {
      out.push({ severity: 'warning', file: key, path: `channels[${JSON.stringify(name)}]`, message: `AsyncAPI channel "${name}" of ${key} (named at ${at}) has no page: Quire does not generate AsyncAPI channel pages yet; describe it on an MDX page` });
    }
  }
  for (const page of pages) {
    out.push({ severity: 'warning', file: page.source, line: page.line, path: 'asyncapi', message: `Frontmatter asyncapi: ${JSON.stringify(page.value)} names an AsyncAPI channel; Quire does not render AsyncAPI channels yet, so only the page's own content is shown` });
  }
  return out;
}
