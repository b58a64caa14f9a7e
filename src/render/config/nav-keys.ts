/**
 * What the navigation reader knows about each kind of docs.json navigation node: the
 * keys it applies, the keys Mintlify documents that a static export does not apply
 * (each reported once where it is written, never dropped silently), and the reading of
 * `openapi` / `asyncapi` values. Key lists follow Mintlify's organize/navigation.mdx
 * and organize/settings-reference.mdx.
 */

/** Keys every division and group may hold: its content, its specs and nested divisions. */
const CONTENT = ['groups', 'pages', 'openapi', 'asyncapi', 'examples', 'products', 'versions', 'languages', 'tabs', 'anchors', 'dropdowns', 'menu'];

/**
 * Keys of `navigation` and of every division: content plus `global` links. The settings
 * pages document `global` on `navigation` only; Mintlify's docs.json schema
 * (@mintlify/validation) accepts it on every division too, not on groups.
 */
export const ROOT_KEYS = [...CONTENT, 'global'];
const DIVISION = ROOT_KEYS;

/** Keys applied on a division, by the key naming it. */
export const SECTION_KEYS: Record<string, string[]> = {
  product: ['product', 'icon', 'iconType', 'description', 'href', 'hidden', 'searchable', ...DIVISION],
  version: ['version', 'icon', 'iconType', 'tag', 'default', 'href', 'hidden', 'searchable', ...DIVISION],
  language: ['language', 'icon', 'iconType', 'default', 'href', 'hidden', 'searchable', 'banner', 'navbar', 'footer', ...DIVISION],
  tab: ['tab', 'icon', 'iconType', 'href', 'url', 'hidden', 'searchable', ...DIVISION],
  anchor: ['anchor', 'icon', 'iconType', 'href', 'url', 'hidden', 'searchable', ...DIVISION],
  dropdown: ['dropdown', 'icon', 'iconType', 'description', 'href', 'url', 'hidden', 'searchable', ...DIVISION],
  item: ['item', 'icon', 'iconType', 'description', 'href', 'hidden', 'searchable', ...DIVISION],
};

/** `version`: mint.json groups name their version (mint.ts sorts them into versions). */
export const GROUP_KEYS = ['group', 'pages', 'icon', 'iconType', 'tag', 'root', 'expanded', 'hidden', 'searchable', 'boost', 'openapi', 'asyncapi', 'examples', 'version'];

/** Documented keys a static export does not apply, with the reason given in the diagnostic. */
export const NOT_APPLIED: Record<string, string> = {
  directory: 'directory listings on group root pages are not drawn',
  color: 'anchor colors are not applied; anchors use the theme colors',
  sdk: 'SDK reference pages are not generated from build artifacts',
};

export function isObj(v: unknown): v is Record<string, unknown> {
  return !!v && typeof v === 'object' && !Array.isArray(v);
}

/** The one reader of `openapi` / `asyncapi` values lives beside the other section schemas. */
export { specRef } from './schema.js';
