/**
 * Loads the export engine's `validateSite` on first use: the render modules are only
 * needed once an agent job runs, so the API and CLI start without them.
 */
import type { SiteValidator } from './site-check.js';

export async function loadSiteValidator(): Promise<SiteValidator> {
  const { validateSite } = await import('../render/validate-site.js');
  return validateSite;
}
