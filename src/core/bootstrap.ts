/**
 * First start of the embedded mode: when the database has no organization yet, create
 * a demo organization, a demo project pointing at Quire's own user guide, and one
 * admin key written to a file only its owner can read. Later starts reuse all of it.
 */
import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import type { Store } from '../store/types.js';
import { listOrganizations } from '../store/records/organizations.js';
import { findProjectByDomain } from '../store/records/projects.js';
import { createApiKey } from './api-keys.js';
import { createOrganization } from './organizations.js';
import { createProject, type Project } from './projects.js';

export interface BootstrapResult {
  created: boolean;
  orgId: string;
  project: Project | undefined;
  /** File holding the demo admin key (mode 0600). */
  keyFile: string;
}

export function demoKeyFile(dataDir: string): string {
  return join(dataDir, 'admin-key');
}

/** The demo project's domain: how a later start recognises the demo among an operator's projects. */
export const DEMO_DOMAIN = 'docs.quire.localhost';

/**
 * Creates the demo on an empty database. On a database that has organizations, reports
 * the demo only while both its project and its key file are still there (undefined
 * otherwise): an operator's own projects are never called the demo, and a key file that
 * was removed is never named.
 */
export async function bootstrapDemo(store: Store, options: { dataDir: string; repository: string }): Promise<BootstrapResult | undefined> {
  const keyFile = demoKeyFile(options.dataDir);
  const existing = await listOrganizations(store.db);
  if (existing.length > 0) {
    const project = await findProjectByDomain(store.db, DEMO_DOMAIN);
    if (!project || !existsSync(keyFile)) return undefined;
    return { created: false, orgId: project.orgId, project, keyFile };
  }
  const org = await createOrganization(store, { name: 'Demo' });
  const project = await createProject(store, {
    orgId: org.id,
    domain: DEMO_DOMAIN,
    repository: options.repository,
    ref: 'main',
    docsPath: '.',
  });
  const key = await createApiKey(store, { orgId: org.id, name: 'demo admin key' });
  mkdirSync(options.dataDir, { recursive: true });
  writeFileSync(keyFile, `${key.key}\n`, { mode: 0o600 });
  return { created: true, orgId: org.id, project, keyFile };
}

export function readKeyFile(file: string): string | undefined {
  return existsSync(file) ? readFileSync(file, 'utf8').trim() : undefined;
}
