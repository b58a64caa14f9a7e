/**
 * The text of `llms.txt` in the format Mintlify documents (ai/llmstxt.mdx, after
 * llmstxt.org): the site name as an H1, its description as a blockquote, the
 * `markdown.instructions` block, a section per navigation group of
 * `- [title](url.md): description` lines, `OpenAPI Specs` / `AsyncAPI Specs` sections and
 * an `Optional` section of links to other hosts. A description is the first paragraph of
 * the page's, cut at 300 characters.
 *
 * The file stays under 100,000 characters as Mintlify's does: descriptions are
 * shortened first (to 150, then 60 characters, then left out), then entries are dropped
 * from the end and a note says how many of which sections were left out.
 */
import type { LinkItem } from '../types.js';

export const LLMS_TXT_CAP = 100_000;
const DESCRIPTION_MAX = 300;
const SHORTER = [150, 60, 0];

export interface LlmsLine {
  section: string;
  title: string;
  url: string;
  description?: string;
}

export interface LlmsTxtInput {
  name: string;
  description?: string;
  /** The `> ## Agent Instructions` block, or ''. */
  instructions: string;
  lines: LlmsLine[];
  openapi: { name: string; url: string }[];
  asyncapi: { name: string; url: string }[];
  links: LinkItem[];
}

/** Text without line breaks and without the characters that would end a link's label early. */
function label(text: string): string {
  return text.replace(/\s+/g, ' ').replace(/([[\]\\])/g, '\\$1').trim();
}

/** First paragraph, on one line, at most `max` characters (cut at a word, with an ellipsis). */
export function shortDescription(text: string | undefined, max = DESCRIPTION_MAX): string | undefined {
  if (!text || max <= 0) return undefined;
  const first = text.trim().split(/\n\s*\n/)[0].replace(/\s+/g, ' ').trim();
  if (!first) return undefined;
  if (first.length <= max) return first;
  const cut = first.slice(0, max - 1);
  const space = cut.lastIndexOf(' ');
  return `${(space > max / 2 ? cut.slice(0, space) : cut).replace(/[\s,.;:]+$/, '')}…`;
}

function entry(l: LlmsLine, max: number): string {
  const d = shortDescription(l.description, max);
  return `- [${label(l.title)}](${l.url})${d ? `: ${d}` : ''}`;
}

function render(input: LlmsTxtInput, lines: LlmsLine[], max: number, note?: string): string {
  const out = [`# ${label(input.name)}`, ''];
  if (input.description?.trim()) out.push(`> ${input.description.replace(/\s+/g, ' ').trim()}`, '');
  if (input.instructions) out.push(input.instructions, '');
  let section: string | undefined;
  for (const l of lines) {
    if (l.section !== section) {
      if (section !== undefined) out.push('');
      out.push(`## ${label(l.section)}`, '');
      section = l.section;
    }
    out.push(entry(l, max));
  }
  if (lines.length) out.push('');
  if (note) out.push(note, '');
  const list = (title: string, items: { name: string; url: string }[]) => {
    if (items.length) out.push(`## ${title}`, '', ...items.map((s) => `- [${label(s.name)}](${s.url})`), '');
  };
  list('OpenAPI Specs', input.openapi);
  list('AsyncAPI Specs', input.asyncapi);
  const links = input.links.filter((l, i) => input.links.findIndex((o) => o.href === l.href) === i);
  list('Optional', links.map((l) => ({ name: l.label, url: l.href })));
  return out.join('\n').trimEnd() + '\n';
}

/** The note for entries left out, naming their sections. */
function omittedNote(omitted: LlmsLine[]): string {
  const counts = new Map<string, number>();
  for (const l of omitted) counts.set(l.section, (counts.get(l.section) ?? 0) + 1);
  const sections = [...counts].map(([s, n]) => `${s} (${n})`).join(', ');
  return `> Note: ${omitted.length} more page${omitted.length === 1 ? ' was' : 's were'} left out to keep this file under ${LLMS_TXT_CAP.toLocaleString('en-US')} characters: ${sections}. llms-full.txt has every page.`;
}

export function llmsTxt(input: LlmsTxtInput, cap = LLMS_TXT_CAP): string {
  let text = render(input, input.lines, DESCRIPTION_MAX);
  for (const max of SHORTER) {
    if (text.length <= cap) return text;
    text = render(input, input.lines, max);
  }
  if (text.length <= cap) return text;
  // Entries without descriptions still too long: keep as many as fit, from the start of the navigation.
  let keep = input.lines.length;
  const fits = (n: number) => render(input, input.lines.slice(0, n), 0, omittedNote(input.lines.slice(n))).length <= cap;
  let lo = 0;
  let hi = keep;
  while (lo < hi) {
    const mid = (lo + hi + 1) >> 1;
    if (fits(mid)) lo = mid;
    else hi = mid - 1;
  }
  keep = lo;
  // The note itself grows with the sections it names; past that the file is what fits.
  return render(input, input.lines.slice(0, keep), 0, omittedNote(input.lines.slice(keep))).slice(0, cap);
}
