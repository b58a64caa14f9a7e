/**
 * Converts the legacy mint.json layout into the docs.json shape before it is read:
 * a flat `navigation` list of groups, `tabs` and `anchors` with a `url` prefix,
 * `topbarLinks`, `topbarCtaButton`, `footerSocials`, `modeToggle`, `analytics`, `openapi`,
 * `versions` (groups carry a `version`; the first version is the default).
 * Groups go to the tab or anchor whose url prefixes their first page, the rest to the
 * primary tab, as the hosted platform lays them out.
 */
type Obj = Record<string, unknown>;

const isObj = (v: unknown): v is Obj => !!v && typeof v === 'object' && !Array.isArray(v);
const isExternal = (url: string) => /^[a-z][a-z0-9+.-]*:|^\/\//i.test(url);

function firstPage(group: unknown): string | undefined {
  if (!isObj(group) || !Array.isArray(group.pages)) return undefined;
  for (const p of group.pages) {
    if (typeof p === 'string') return p.replace(/^\//, '');
    const inner = firstPage(p);
    if (inner) return inner;
  }
  return undefined;
}

/** A list of socials as the `{type: url}` record docs.json takes; anything else as it was, for the schema to report. */
function socials(v: unknown): unknown {
  if (!Array.isArray(v)) return v;
  const out: Record<string, string> = {};
  for (const s of v) if (isObj(s) && typeof s.type === 'string' && typeof s.url === 'string') out[s.type] = s.url;
  return out;
}

/** mint.json (already $ref-resolved) -> a docs.json-shaped object; keys it does not know pass through. */
export function mintToDocs(mint: Obj): Obj {
  const out: Obj = { ...mint };
  for (const k of ['navigation', 'tabs', 'anchors', 'topbarLinks', 'topbarCtaButton', 'footerSocials', 'modeToggle', 'analytics', 'openapi', 'primaryTab', 'versions']) delete out[k];
  if (typeof mint.logo === 'string') out.logo = mint.logo;
  if (isObj(mint.colors)) out.colors = { primary: mint.colors.primary, light: mint.colors.light, dark: mint.colors.dark };

  const groups = Array.isArray(mint.navigation) ? mint.navigation : mint.navigation === undefined ? [] : mint.navigation;
  const tabs = Array.isArray(mint.tabs) ? mint.tabs.filter(isObj) : [];
  const anchors = Array.isArray(mint.anchors) ? mint.anchors.filter(isObj) : [];
  const prefixed = [...tabs, ...anchors].filter((t) => typeof t.url === 'string' && !isExternal(t.url));
  const owner = (g: unknown): Obj | undefined => {
    const page = firstPage(g);
    if (!page) return undefined;
    return prefixed.find((t) => page.startsWith(String(t.url).replace(/^\/|\/$/g, '') + '/'));
  };
  /** The docs.json navigation content for a list of mint groups: tabs/anchors by url prefix, or plain groups. */
  const divide = (list: unknown[]): Obj => {
    if (prefixed.length === 0) {
      if (!tabs.length) return { groups: list };
      return { tabs: [{ tab: 'Documentation', groups: list }, ...tabs.map((t) => ({ tab: t.name, href: t.url }))] };
    }
    const primary = isObj(mint.primaryTab) && typeof mint.primaryTab.name === 'string' ? mint.primaryTab.name : 'Documentation';
    const result: Obj = {
      tabs: [
        { tab: primary, groups: list.filter((g) => !owner(g)) },
        ...tabs.map((t) => ({ tab: t.name, ...(typeof t.url === 'string' && isExternal(t.url) ? { href: t.url } : {}), groups: list.filter((g) => owner(g) === t) })),
      ],
    };
    const inner = anchors.filter((a) => typeof a.url === 'string' && !isExternal(a.url));
    if (inner.length) result.anchors = inner.map((a) => ({ anchor: a.name, icon: a.icon, groups: list.filter((g) => owner(g) === a) }));
    return result;
  };
  let navigation: Obj;
  const versions = Array.isArray(mint.versions) ? mint.versions.filter((v): v is string => typeof v === 'string') : [];
  if (!Array.isArray(groups)) {
    navigation = { groups }; // wrong type: let the navigation reader report it
  } else if (versions.length) {
    // Groups name their version; groups without one appear in every version.
    const inVersion = (v: string): unknown[] => (groups as unknown[]).filter((g) => !isObj(g) || g.version === undefined || g.version === v);
    navigation = { versions: versions.map((v, i) => ({ version: v, ...(i === 0 ? { default: true } : {}), ...divide(inVersion(v)) })) };
  } else {
    navigation = divide(groups);
  }
  const external = anchors.filter((a) => typeof a.url === 'string' && isExternal(a.url));
  if (external.length) navigation.global = { anchors: external.map((a) => ({ anchor: a.name, href: a.url, icon: a.icon })) };
  out.navigation = navigation;

  const navbar: Obj = {};
  if (Array.isArray(mint.topbarLinks)) navbar.links = (mint.topbarLinks as unknown[]).map((l) => (isObj(l) ? { label: l.name, href: l.url } : l));
  if (isObj(mint.topbarCtaButton)) {
    const b = mint.topbarCtaButton;
    navbar.primary = { type: b.type === 'github' ? 'github' : 'button', label: b.name ?? (b.type === 'github' ? 'GitHub' : undefined), href: b.url };
  }
  if (Object.keys(navbar).length) out.navbar = navbar;
  if (mint.footerSocials !== undefined) out.footer = { socials: socials(mint.footerSocials) };
  if (isObj(mint.modeToggle)) out.appearance = { default: mint.modeToggle.default ?? 'system', strict: mint.modeToggle.isHidden === true };
  if (mint.analytics !== undefined) out.integrations = mint.analytics;
  const api = isObj(mint.api) ? mint.api : {};
  if (mint.openapi !== undefined || isObj(mint.api)) {
    const playground = isObj(api.playground) && typeof api.playground.mode === 'string' ? { display: api.playground.mode === 'show' ? 'interactive' : api.playground.mode === 'simple' ? 'simple' : 'none' } : undefined;
    const base: unknown[] | undefined = Array.isArray(api.baseUrl) ? (api.baseUrl as unknown[]) : typeof api.baseUrl === 'string' ? [api.baseUrl] : undefined;
    out.api = {
      ...(mint.openapi !== undefined ? { openapi: mint.openapi } : {}),
      ...(playground ? { playground } : {}),
      ...(base ? { url: base[0], mdx: { server: base } } : {}),
    };
  }
  return out;
}
