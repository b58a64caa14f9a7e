/**
 * Finds the export engine's `validateSite` at run time, so the agent keeps working on a
 * build where the export engine is left out: without it the validation rounds are
 * skipped and the pull request says so.
 */
import type { SiteValidator } from './site-check.js';

export async function loadSiteValidator(): Promise<SiteValidator | null> {
  // A variable specifier: the module is optional, so the compiler must not require it.
  const specifier = '../render/validate-site.js';
  try {
    const mod = (await import(specifier)) as { validateSite?: SiteValidator };
    return typeof mod.validateSite === 'function' ? mod.validateSite : null;
  } catch (error) {
    const code = (error as NodeJS.ErrnoException).code;
    if (code === 'ERR_MODULE_NOT_FOUND' || /Cannot find module|Failed to load url/.test(String((error as Error).message))) return null;
    throw error;
  }
}
