/**
 * Programming-language icon names (`python`, `js`, `golang`, `c#` ...) as Mintlify reads
 * them: before its Font Awesome lookup, Mintlify's icon resolver (`getIconUrl` in the
 * open-source `@mintlify/components`, `utils/icon-utils.ts`) turns a name that is one of
 * its API-playground language presets, or an alias of one, into that language's logo
 * (Devicon, served from its CDN). Quire ships no Devicon set: each language is drawn
 * with the logo one of its bundled sets has (Font Awesome brands first, then Tabler's
 * `brand-*` outlines), which keeps the same shape family as the rest of the site.
 */
import type { IconSetName } from './icon-sets.js';

/** Mintlify's preset keys with their aliases (`utils/shiki/snippet-presets.ts`). */
const PRESETS: Record<string, string[]> = {
  bash: ['curl', 'sh', 'shell'],
  python: ['py'],
  javascript: ['js'],
  node: ['nodejs', 'node.js'],
  php: [],
  go: ['golang'],
  java: [],
  ruby: ['rb'],
  powershell: [],
  swift: [],
  csharp: ['c#'],
  dotnet: ['.net', 'dot-net'],
  typescript: ['ts'],
  c: [],
  'c++': ['cpp'],
  kotlin: ['kt'],
  rust: ['rs'],
  dart: ['flutter'],
  toml: [],
};

/** The drawing used for each preset key. */
const DRAWN: Record<string, [IconSetName, string]> = {
  bash: ['tabler', 'terminal-2'],
  python: ['fa-brands', 'python'],
  javascript: ['fa-brands', 'js'],
  node: ['fa-brands', 'node-js'],
  php: ['fa-brands', 'php'],
  go: ['fa-brands', 'golang'],
  java: ['fa-brands', 'java'],
  ruby: ['fa-solid', 'gem'],
  powershell: ['tabler', 'brand-powershell'],
  swift: ['fa-brands', 'swift'],
  csharp: ['tabler', 'brand-c-sharp'],
  // .NET has no logo in the bundled sets; C# is its language.
  dotnet: ['tabler', 'brand-c-sharp'],
  typescript: ['fa-brands', 'typescript'],
  c: ['fa-solid', 'c'],
  'c++': ['tabler', 'brand-cpp'],
  kotlin: ['tabler', 'brand-kotlin'],
  rust: ['fa-brands', 'rust'],
  dart: ['fa-brands', 'dart-lang'],
  toml: ['tabler', 'toml'],
};

const BY_NAME = new Map<string, string>();
for (const [key, aliases] of Object.entries(PRESETS)) for (const n of [key, ...aliases]) BY_NAME.set(n, key);

/** The set and icon drawing the language `name` names, or null when it is no language preset. */
export function languageIcon(name: string): [IconSetName, string] | null {
  const key = BY_NAME.get(name.toLowerCase());
  return key ? DRAWN[key] : null;
}
