/**
 * The site's own JavaScript: Mintlify includes every `.js` file of the content folder on
 * every page, run after the page becomes interactive, in no set order
 * (customize/custom-scripts.mdx of its docs). Quire never runs them during an export, and
 * puts them in the output only when the operator enables it (`siteScripts`: the project
 * setting, or `quire export --site-scripts`): they run in readers' browsers with the
 * site's origin, and often call other hosts (analytics, chat widgets). The feature list
 * says which way it went and why.
 */
import type { Deployment } from '../types.js';

export interface SiteScripts {
  /** Root-relative paths of the scripts the pages load (sorted), empty when not included. */
  scripts: string[];
  feature?: { included: boolean; reason: string };
}

/** `.js` files of the site, snippets' included (listing already skips hidden folders and node_modules). */
export function scriptFiles(files: string[]): string[] {
  return files.filter((f) => f.endsWith('.js')).sort();
}

export function siteScripts(files: string[], enabled: boolean, deployment: Deployment): SiteScripts {
  const found = scriptFiles(files);
  if (found.length === 0) return { scripts: [] };
  const list = `${found.length} file${found.length === 1 ? '' : 's'} (${found.slice(0, 5).join(', ')}${found.length > 5 ? ', ...' : ''})`;
  if (!enabled) {
    return { scripts: [], feature: { included: false, reason: `the site's JavaScript, ${list}, is left out: site scripts are not enabled for this project (--site-scripts)` } };
  }
  const note = deployment === 'air-gapped' ? '; they may still call other hosts, which an air-gapped reader cannot reach' : '';
  return { scripts: found, feature: { included: true, reason: `${list} loaded on every page after it becomes interactive, as Mintlify does${note}` } };
}
