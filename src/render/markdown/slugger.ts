/**
 * Heading and field anchors as Mintlify makes them, so deep links written against a
 * Mintlify site (in the site itself and from outside) land on the same ids here.
 *
 * Headings, by the rules of Mintlify's `create/text` page: lower case; whitespace and
 * `.` become `-`; `'` and `"` become `’` and `”` and stay; parentheses go; `/`, `&`,
 * `:`, `$`, `@`, `_`, letters of any script and CJK punctuation stay. What the page does
 * not say was read off links its published sites hold (authors copy them from the
 * address bar): `,` `?` `!` go (`search-seo-and-ai-indexing`), `3. VAD & Turn` is
 * `3-vad-&-turn` (runs of `-` are one). Repeats get `-2`, `-3`... across the page.
 *
 * Fields (ParamField, ResponseField): `param-` and the name in kebab case, dots and
 * camelCase split (`icons.library` -> `param-icons-library`, `onError` ->
 * `param-on-error`, `--max-session-duration` -> `param-max-session-duration`), as the
 * published sites' links show.
 */

/** ASCII punctuation Mintlify drops from heading ids (the rest, and all non-ASCII, is kept). */
const REMOVE = /[()[\]{}?!,;*+=<>|\\^~#%`]/g;

export function slugify(text: string): string {
  return text
    .trim()
    .toLowerCase()
    .replace(/'/g, '’')
    .replace(/"/g, '”')
    .replace(REMOVE, '')
    .replace(/[\s.]+/g, '-')
    .replace(/-{2,}/g, '-')
    .replace(/^-|-$/g, '');
}

/**
 * The anchor of a field named `name` (before making it unique): `prefix` (`param` for a
 * ParamField or ResponseField, `body`/`response`/... on generated API pages) and the name's
 * words in kebab case.
 */
export function fieldAnchor(name: string, prefix = 'param'): string {
  const words = name
    .replace(/([\p{Ll}\p{N}])(\p{Lu})/gu, '$1 $2')
    .replace(/(\p{Lu})(\p{Lu}\p{Ll})/gu, '$1 $2')
    .toLowerCase()
    .split(/[^\p{L}\p{M}\p{N}]+/u)
    .filter(Boolean);
  return [prefix, ...words].join('-');
}

/** `## Title {#custom-id}`: the custom id Mintlify gives the heading instead of the generated one. */
export const CUSTOM_ID = /\s*\{#([^\s{}`]+)\}\s*$/;

export class Slugger {
  private readonly seen = new Set<string>();
  /** The next suffix to try per base, so a page of many repeats stays linear. */
  private readonly next = new Map<string, number>();

  /** A unique slug for `text` (`section` for text with nothing left): `-2`, `-3`... on repeats. */
  slug(text: string): string {
    return this.unique(slugify(text) || 'section');
  }

  /** Reserves an id chosen elsewhere (a component's own, a custom heading id), made unique the same way. */
  reserve(id: string): string {
    return this.unique(id);
  }

  private unique(base: string): string {
    let id = base;
    let n = this.next.get(base) ?? 2;
    while (this.seen.has(id)) id = `${base}-${n++}`;
    this.next.set(base, n);
    this.seen.add(id);
    return id;
  }
}

const HEADING_WITH_ID = /^(\s*#{1,6}\s.*?)\{(#[^\s{}`]+)\}(\s*)$/;
const FENCE = /^\s*(`{3,}|~{3,})/;

/**
 * The source with `{#id}` at the end of ATX headings (outside code fences) written as
 * `\{#id\}`: MDX would read the braces as a JavaScript expression and reject the page.
 * The heading keeps the text, and the renderer takes the id from it (CUSTOM_ID).
 */
export function escapeCustomHeadingIds(source: string): string {
  if (!source.includes('{#')) return source;
  let fence: string | null = null;
  return source
    .split('\n')
    .map((line) => {
      const marker = FENCE.exec(line)?.[1];
      if (marker && (fence === null || (marker[0] === fence[0] && marker.length >= fence.length))) {
        fence = fence === null ? marker : null;
        return line;
      }
      if (fence !== null) return line;
      const m = HEADING_WITH_ID.exec(line);
      return m ? `${m[1]}\\{${m[2]}\\}${m[3]}` : line;
    })
    .join('\n');
}
