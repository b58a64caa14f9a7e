/**
 * The icon libraries Mintlify sites name icons from: Font Awesome (the free solid,
 * regular and brands sets of version 7), Lucide and Tabler, read from the
 * `@iconify-json/*` packages and looked up through `@iconify/utils`. Each set is parsed
 * on first use only: a site that names Lucide icons never loads Tabler's 2 MB.
 */
import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
// The one function from its own module: the package's index loads 65 modules (~0.1 s of a thread's start).
import { getIconData } from '@iconify/utils/lib/icon-set/get-icon';
import type { ExtendedIconifyIcon, IconifyJSON } from '@iconify/types';

export type IconSetName = 'fa-solid' | 'fa-regular' | 'fa-brands' | 'lucide' | 'tabler';

const PACKAGES: Record<IconSetName, string> = {
  'fa-solid': '@iconify-json/fa7-solid/icons.json',
  'fa-regular': '@iconify-json/fa7-regular/icons.json',
  'fa-brands': '@iconify-json/fa7-brands/icons.json',
  lucide: '@iconify-json/lucide/icons.json',
  tabler: '@iconify-json/tabler/icons.json',
};

const require = createRequire(import.meta.url);
const loaded = new Map<IconSetName, IconifyJSON>();

function iconSet(name: IconSetName): IconifyJSON {
  let set = loaded.get(name);
  if (!set) {
    set = JSON.parse(readFileSync(require.resolve(PACKAGES[name]), 'utf8')) as IconifyJSON;
    loaded.set(name, set);
  }
  return set;
}

/** The icon `name` of `set` (aliases resolved), with its full dimensions, or null. */
export function iconData(set: IconSetName, name: string): Required<Pick<ExtendedIconifyIcon, 'body' | 'width' | 'height'>> | null {
  // Icon names are lower-case words joined by dashes; anything else (`__proto__`,
  // `constructor`) is no icon, whatever the set's objects inherit.
  if (!/^[a-z0-9]+(?:-[a-z0-9]+)*$/.test(name)) return null;
  const s = iconSet(set);
  if (!Object.hasOwn(s.icons, name) && !(s.aliases && Object.hasOwn(s.aliases, name))) return null;
  const icon = getIconData(s, name);
  if (!icon) return null;
  return { body: icon.body, width: icon.width ?? s.width ?? 16, height: icon.height ?? s.height ?? 16 };
}
