/**
 * Per-project export settings: `site_scripts` (1: the site's own `.js` files go into its
 * exports, see render/output/site-scripts.ts). An integer, as SQLite has no boolean.
 */
import type { Kysely } from 'kysely';

export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema.alterTable('projects').addColumn('site_scripts', 'integer', (c) => c.notNull().defaultTo(0)).execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.alterTable('projects').dropColumn('site_scripts').execute();
}
