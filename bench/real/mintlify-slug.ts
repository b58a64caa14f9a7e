/**
 * Mintlify's slug rules, written down independently of Quire's renderer so the real-site
 * benchmark can tell whether a heading anchor exists in the *source* (under Mintlify)
 * without trusting the code under test.
 *
 * Heading ids follow Mintlify's own documentation (create/text.mdx, "Automatic anchor
 * IDs"): lowercase, whitespace to `-`, `'` to `’` (kept), `.` to `-`, parentheses
 * removed, `/ & :` kept, duplicates suffixed `-2`, `-3` across the page.
 *
 * Not written down there, and taken from what the five real sites' authors link to (2,232
 * in-site heading links checked against their headings): runs of `-` collapse to one
 * (`## 3. VAD & Turn` is linked as `#3-vad-&-turn`, 112 links need it), and `@`, `_` and
 * emoji are kept (`#per-tool-options-with-@tool_options`, `#error-🤖`); 2,227 of the links
 * match these rules. A straight double quote becomes `”` and stays, as the apostrophe does:
 * langchain's four links to `## "Listener" Application` say `#”listener”-application`, a
 * character no author types (meilisearch's one `#previous-and-next-buttons` for
 * `## "Previous" and "Next" buttons` reads as typed by hand). Other ASCII punctuation
 * (`? ! , * [ ] { } < > ; = + | \\ # % ^ ~` and backquotes) is dropped, as in every slugger.
 */

const DROPPED = /[()[\]{}?!,`<>*;=+|\\#%^~]/g;

/** The id Mintlify generates for one heading text, before duplicates are numbered. */
export function headingSlug(text: string): string {
  return text.trim().toLowerCase().replace(/'/g, '’').replace(/"/g, '”').replace(/\./g, '-').replace(DROPPED, '').replace(/\s/g, '-').replace(/-+/g, '-');
}

/**
 * The anchor of a ParamField / ResponseField: `param-` and the name in kebab case
 * (`onError` -> `param-on-error`, `--max-session-duration` -> `param-max-session-duration`,
 * `a.b` -> `param-a-b`): what every such link on the real sites that reaches a field uses.
 */
export function fieldAnchor(name: string): string {
  const words = name
    .replace(/([\p{Ll}\p{N}])(\p{Lu})/gu, '$1-$2')
    .replace(/(\p{Lu}+)(\p{Lu}\p{Ll})/gu, '$1-$2')
    .toLowerCase()
    .split(/[^\p{L}\p{N}]+/u)
    .filter(Boolean);
  return `param-${words.join('-')}`;
}

/** Numbers repeated ids the way Mintlify does: the second `overview` is `overview-2`. */
export function numberDuplicates(ids: string[]): string[] {
  const seen = new Map<string, number>();
  return ids.map((id) => {
    const n = (seen.get(id) ?? 0) + 1;
    seen.set(id, n);
    return n === 1 ? id : `${id}-${n}`;
  });
}

/**
 * The path segment Mintlify makes of an OpenAPI tag or summary (`Search with POST` ->
 * `search-with-post`, issue 17): lowercase words joined by `-`. Not written down by
 * Mintlify beyond that example; an apostrophe is dropped (meilisearch's own link to its
 * "Get task's document payload" page says `get-tasks-document-payload`), runs of anything
 * else become one `-`.
 */
export function urlSlug(text: string): string {
  return text
    .toLowerCase()
    .replace(/['’]/g, '')
    .replace(/[^\p{L}\p{N}]+/gu, '-')
    .replace(/^-+|-+$/g, '');
}
