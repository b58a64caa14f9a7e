/**
 * The text of a page's `.md` file: its title as an H1, its description as a blockquote
 * (as Mintlify's Markdown pages begin), the site's `markdown.instructions` for agents
 * when docs.json sets them, then the body (RenderedPage.markdown).
 */
import type { RenderedPage, SiteConfig } from '../types.js';

/** `markdown.instructions` of docs.json (a string or a list of lines), as Mintlify's "Agent Instructions" block; '' when unset. */
export function agentInstructions(config: SiteConfig): string {
  const markdown = config.raw.markdown;
  const raw = markdown && typeof markdown === 'object' ? (markdown as Record<string, unknown>).instructions : undefined;
  const lines = (Array.isArray(raw) ? raw : [raw]).filter((l): l is string => typeof l === 'string' && l.trim() !== '');
  if (!lines.length) return '';
  return ['> ## Agent Instructions', ...lines.flatMap((l) => l.trim().split('\n')).map((l) => `> ${l}`)].join('\n');
}

/** Markdown-escapes the few characters that would turn a title into something else. */
function plainLine(text: string): string {
  return text.replace(/\s+/g, ' ').replace(/([\\`*_[\]<>])/g, '\\$1').trim();
}

export function markdownFile(config: SiteConfig, page: Pick<RenderedPage, 'title' | 'description' | 'markdown'>): string {
  const parts = [`# ${plainLine(page.title)}`];
  if (page.description?.trim()) parts.push(`> ${plainLine(page.description)}`);
  const instructions = agentInstructions(config);
  if (instructions) parts.push(instructions);
  if (page.markdown?.trim()) parts.push(page.markdown.trim());
  return parts.join('\n\n') + '\n';
}

/** Output file of a page's Markdown version: `guides/intro` -> `guides/intro.md`. */
export function pageMarkdownFile(page: string): string {
  return `${page}.md`;
}
