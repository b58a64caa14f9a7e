/**
 * validateSite: a fast check of a docs folder without rendering or writing anything,
 * run by the agent runtime after its edits. It reads the config (problems with their
 * JSON path), parses every page as MDX (syntax errors with their line), follows every
 * internal link written in Markdown or in a component's `href` (broken ones with their
 * line), checks the site's own CSS files (syntax, missing or outside files, with their
 * line) and lists the `.mdx` pages the navigation cannot reach.
 */
import { resolve } from 'node:path';
import { parsePage } from './markdown/index.js';
import type { Diagnostic } from './types.js';
import { planSite } from './output/plan-site.js';
import { createLinkResolver } from './output/resolve-links.js';
import { isExternalHref } from './layout/escape.js';
import { bundleSiteCss } from './styles/site-css.js';

export interface SiteValidation {
  diagnostics: Diagnostic[];
  brokenLinks: { file: string; href: string; line?: number }[];
  unreachablePages: string[];
}

interface TreeNode {
  type: string;
  url?: string;
  name?: string | null;
  attributes?: { type: string; name?: string; value?: unknown }[];
  position?: { start: { line: number } };
  children?: TreeNode[];
}

const LINK_ATTRIBUTES = new Set(['href']);

/** Internal hrefs written in a page, with their lines. */
function collectLinks(node: TreeNode, out: { href: string; line?: number }[]): void {
  const line = node.position?.start.line;
  if ((node.type === 'link' || node.type === 'definition') && node.url) out.push({ href: node.url, line });
  if (node.type === 'mdxJsxFlowElement' || node.type === 'mdxJsxTextElement') {
    for (const a of node.attributes ?? []) {
      if (a.type === 'mdxJsxAttribute' && a.name && LINK_ATTRIBUTES.has(a.name) && typeof a.value === 'string') out.push({ href: a.value, line });
    }
  }
  for (const child of node.children ?? []) collectLinks(child, out);
}

export async function validateSite(root: string): Promise<SiteValidation> {
  const abs = resolve(root);
  const plan = await planSite(abs, 'cloud');
  const diagnostics: Diagnostic[] = [...plan.diagnostics, ...(await bundleSiteCss(abs, plan.files, 'cloud')).diagnostics];
  const brokenLinks: SiteValidation['brokenLinks'] = [];
  const { resolveLink } = createLinkResolver({ pages: new Set(Object.keys(plan.pages)), files: new Set(plan.files), redirectSources: new Set(plan.redirectSources), redirects: plan.config.redirects });

  for (const task of plan.tasks) {
    if (!task.file) continue;
    const source = plan.sources.get(task.file) ?? '';
    const parsed = await parsePage(source);
    if (parsed.error) {
      diagnostics.push({ severity: 'error', file: task.file, line: parsed.error.line, message: `MDX syntax error: ${parsed.error.reason}` });
    }
    const links: { href: string; line?: number }[] = [];
    collectLinks(parsed.tree, links);
    for (const link of links) {
      const href = link.href.trim();
      if (href === '' || href.startsWith('#') || isExternalHref(href)) continue;
      if (resolveLink(href, task.page) === null) brokenLinks.push({ file: task.file, href, line: link.line });
    }
  }
  return { diagnostics, brokenLinks, unreachablePages: plan.unreachable };
}
