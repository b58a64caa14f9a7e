/**
 * The anchor ids a source page has under Mintlify, read from its MDX text: Markdown and
 * HTML headings (with `{#custom-id}`), any element's `id="..."`, the titles of Accordion,
 * Tab and Step and the labels of Update (which Mintlify turns into anchors like headings),
 * ParamField and ResponseField names (`#param-<name>` in kebab case, mintlify-slug.ts), and the
 * same from imported snippets. Used by the real-site crawler to tell an anchor that is
 * dead in the source too from one Quire's output lost.
 *
 * Deliberately generous (an id counts when Mintlify might make it): a failure the check
 * cannot rule out is laid at Quire's door, never explained away.
 */
import { fieldAnchor, headingSlug, numberDuplicates } from './mintlify-slug.js';

/** Reads a snippet an `import` names (a path as written); undefined when there is none. */
export type ReadSnippet = (spec: string) => { key: string; text: string } | undefined;

const FENCE = /^ {0,3}(`{3,}|~{3,})/;
const ATX = /^ {0,3}#{1,6}[ \t]+(.*?)(?:[ \t]+#+)?[ \t]*$/;
const CUSTOM_ID = /\s*\{#([^}\s]+)\}\s*$/;
const TAG = /<([A-Za-z][\w.]*)((?:\s+[^\s=>/]+(?:\s*=\s*(?:"[^"]*"|'[^']*'|\{[^}]*\}))?)*)\s*\/?>/g;
const ATTR = /([^\s=>/]+)(?:\s*=\s*(?:"([^"]*)"|'([^']*)'|\{\s*["'`]([^"'`]*)["'`]\s*\}))?/g;
const HTML_HEADING = /<h([1-6])\b[^>]*>([\s\S]*?)<\/h\1>/gi;
const IMPORT = /^import\s+[\w{}\s,*]+\s+from\s+["']([^"']+)["']/gm;
const SNIPPET = /<Snippet\s+file=["']([^"']+)["']/g;

/** Heading text as it reads: inline code, emphasis, links and tags reduced to their words. */
function plainText(md: string): string {
  return md
    .replace(/<[^>]+>/g, '')
    .replace(/!?\[([^\]]*)\]\([^)]*\)/g, '$1')
    .replace(/`+/g, '')
    .replace(/(\*\*|__|\*|~~)/g, '')
    .replace(/\\(.)/g, '$1')
    .replace(/&amp;/g, '&')
    .replace(/&lt;/g, '<')
    .replace(/&gt;/g, '>');
}

function attributes(raw: string): Map<string, string> {
  const out = new Map<string, string>();
  for (const m of raw.matchAll(ATTR)) {
    const value = m[2] ?? m[3] ?? m[4];
    if (value !== undefined) out.set(m[1], value);
  }
  return out;
}

/** Outside fenced code: the lines that can hold headings and components. */
function proseLines(text: string): string[] {
  const body = text.replace(/^---\n[\s\S]*?\n---\n/, '');
  const out: string[] = [];
  let fence: string | undefined;
  for (const line of body.split('\n')) {
    const m = FENCE.exec(line);
    if (fence) {
      if (m && m[1][0] === fence[0] && m[1].length >= fence.length && line.trim() === m[1]) fence = undefined;
      continue;
    }
    if (m) {
      fence = m[1];
      continue;
    }
    out.push(line);
  }
  return out;
}

/** Ids in page order (before numbering), with the exact ids (`{#id}`, `id=`) apart: those are never numbered. */
function collect(text: string, read: ReadSnippet, seen: Set<string>, slugs: string[], exact: Set<string>): void {
  const prose = proseLines(text).join('\n');
  for (const line of prose.split('\n')) {
    const m = ATX.exec(line);
    if (!m) continue;
    const custom = CUSTOM_ID.exec(m[1]);
    if (custom) exact.add(custom[1]);
    else slugs.push(headingSlug(plainText(m[1])));
  }
  for (const m of prose.matchAll(HTML_HEADING)) slugs.push(headingSlug(plainText(m[2])));
  for (const m of prose.matchAll(TAG)) {
    const name = m[1];
    const attrs = attributes(m[2]);
    const id = attrs.get('id');
    if (id) exact.add(id);
    const title = name === 'Update' ? attrs.get('label') : /^(Accordion|Tab|Step)$/.test(name) ? attrs.get('title') : undefined;
    if (title && !id) slugs.push(headingSlug(title));
    if (name === 'ParamField' || name === 'ResponseField') {
      const field = attrs.get('name') ?? attrs.get('path') ?? attrs.get('query') ?? attrs.get('body') ?? attrs.get('header');
      if (field) exact.add(fieldAnchor(field));
    }
  }
  const snippets = [...prose.matchAll(IMPORT)].map((m) => m[1]).concat([...prose.matchAll(SNIPPET)].map((m) => `/snippets/${m[1]}`));
  for (const spec of snippets) {
    const snippet = read(spec);
    if (!snippet || seen.has(snippet.key)) continue;
    seen.add(snippet.key);
    collect(snippet.text, read, seen, slugs, exact);
  }
}

/** Every anchor id Mintlify may give the page whose MDX is `text`. */
export function sourceAnchors(text: string, read: ReadSnippet = () => undefined): Set<string> {
  const slugs: string[] = [];
  const exact = new Set<string>();
  collect(text, read, new Set(), slugs, exact);
  return new Set([...numberDuplicates(slugs), ...exact]);
}
