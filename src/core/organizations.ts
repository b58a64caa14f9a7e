/** Creating organizations with their plan features. */
import type { Store } from '../store/types.js';
import { ALL_FEATURES, insertOrganization, type Feature, type Organization } from '../store/records/organizations.js';
import { InvalidError } from './errors.js';
import { newId, nowIso } from './ids.js';

export type { Feature, Organization };
export { ALL_FEATURES };

export function parseFeatures(value: string | string[]): Feature[] {
  const list = (Array.isArray(value) ? value : value.split(',')).map((s) => s.trim()).filter(Boolean);
  for (const f of list) {
    if (!ALL_FEATURES.includes(f as Feature)) throw new InvalidError(`Invalid feature "${f}": expected ${ALL_FEATURES.join(' or ')}`);
  }
  return [...new Set(list as Feature[])];
}

export async function createOrganization(store: Store, options: { name: string; features?: Feature[] }): Promise<Organization> {
  const name = options.name.trim();
  if (!name) throw new InvalidError('Organization name must not be empty');
  return insertOrganization(store.db, { id: newId('org'), name, features: options.features ?? [...ALL_FEATURES], createdAt: nowIso() });
}
