/**
 * The MCP server of a site (built on `@modelcontextprotocol/sdk`): three read-only tools
 * over the verified bundle, as Mintlify's search MCP offers (ai/model-context-protocol.mdx)
 * but with nothing outside the bundle. `search_docs` searches with the site's own
 * engine (docs-search.ts), optionally within a language and version; `read_page` gives a
 * page's Markdown version; `list_navigation` the pages in navigation order.
 */
import { readFile } from 'node:fs/promises';
import { McpServer } from '@modelcontextprotocol/sdk/server/mcp.js';
import { z } from 'zod';
import type { AgentsIndex } from '../../render/agents/agents-index.js';
import { normalizePagePath } from '../../render/output/page-paths.js';
import type { Site } from '../site.js';
import type { DocsSearch } from './docs-search.js';

const READ_ONLY = { readOnlyHint: true, destructiveHint: false, idempotentHint: true, openWorldHint: false } as const;

const text = (t: string) => ({ content: [{ type: 'text' as const, text: t }] });
const failure = (t: string) => ({ content: [{ type: 'text' as const, text: t }], isError: true });

/** A page named as an agent might: `guides/intro`, `/guides/intro.md`, a full URL of the site. */
function pageOf(raw: string): string {
  let path = raw.trim();
  try {
    if (/^https?:\/\//i.test(path)) path = new URL(path).pathname;
  } catch {
    // not a URL after all: read as a path
  }
  return normalizePagePath(path.split('#')[0]);
}

/** The filter arguments, described with the values this site has. */
function filters(index: AgentsIndex) {
  return {
    language: z.string().optional().describe(index.languages.length ? `Only pages in this language: ${index.languages.join(', ')} (default: all)` : 'Language code (this site has one language)'),
    version: z.string().optional().describe(index.versions.length ? `Only pages of this version: ${index.versions.join(', ')} (default: all)` : 'Version (this site has no versions)'),
  };
}

function outline(index: AgentsIndex, language?: string, version?: string): string {
  const lines: string[] = [];
  let last: string[] = [];
  let scope = '';
  for (const p of index.pages) {
    if ((language && p.language && p.language !== language) || (version && p.version && p.version !== version)) continue;
    const here = [p.language, p.version].filter(Boolean).join(' / ');
    if (here !== scope) {
      lines.push('', `# ${here || index.name}`);
      scope = here;
      last = [];
    }
    let same = 0;
    while (same < last.length && same < p.path.length && last[same] === p.path[same]) same++;
    for (let i = same; i < p.path.length; i++) lines.push(`${'  '.repeat(i)}- ${p.path[i]}`);
    last = p.path;
    lines.push(`${'  '.repeat(p.path.length)}- [${p.title}](${p.markdown})${p.method ? ` ${p.method}` : ''}${p.description ? `: ${p.description.replace(/\s+/g, ' ').slice(0, 160)}` : ''}`);
  }
  return lines.join('\n').trim();
}

export function docsServer(site: Site, index: AgentsIndex, search: DocsSearch): McpServer {
  const server = new McpServer({ name: `${index.name} docs`, version: site.manifest.version ?? site.id.slice(0, 12) }, {
    instructions: `Documentation of ${index.name}${index.description ? `: ${index.description}` : ''}. Search it with search_docs, read a page with read_page, see every page with list_navigation.`,
  });

  server.registerTool('search_docs', {
    title: `Search ${index.name} docs`,
    description: `Searches the ${index.name} documentation; returns matching pages (title, section, an excerpt and the page path to read with read_page), best first.`,
    inputSchema: { query: z.string().min(1).describe('What to look for'), ...filters(index), limit: z.number().int().min(1).max(50).optional().describe('Most results to return (default 10)') },
    annotations: READ_ONLY,
  }, async ({ query, language, version, limit }) => {
    const hits = await search.search(query, { language, version, limit });
    if (!hits.length) return text(`No page matches "${query}".`);
    return text(hits.map((h, i) => [
      `${i + 1}. ${h.title}${h.section ? ` › ${h.section}` : ''}${h.language || h.version ? ` (${[h.language, h.version].filter(Boolean).join(', ')})` : ''}`,
      `   page: ${h.page}  (${h.url})`,
      ...(h.excerpt ? [`   ${h.excerpt}`] : []),
    ].join('\n')).join('\n\n'));
  });

  server.registerTool('read_page', {
    title: 'Read a docs page',
    description: 'Returns one page of the documentation as Markdown. Name it by its path as search_docs and list_navigation give it (`guides/intro`), with or without `.md`, or by its URL.',
    inputSchema: { page: z.string().min(1).describe('The page path, e.g. guides/intro') },
    annotations: READ_ONLY,
  }, async ({ page }) => {
    const name = pageOf(page);
    const file = site.file(`${name}.md`) ?? site.file(`${name}/index.md`);
    if (!file) return failure(`No page "${page}" in this site. list_navigation lists every page.`);
    const body = (await site.bytes(file.identity)) ?? (await readFile(file.identity.abs));
    return text(body.toString('utf8'));
  });

  server.registerTool('list_navigation', {
    title: 'List the docs navigation',
    description: 'Lists the pages of the documentation in navigation order, under their groups, with their paths for read_page.',
    inputSchema: filters(index),
    annotations: READ_ONLY,
  }, async ({ language, version }) => text(outline(index, language, version) || 'No pages.'));

  return server;
}
