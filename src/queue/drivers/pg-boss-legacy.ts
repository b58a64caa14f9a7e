/**
 * A pg-boss schema older than pg-boss 12 can migrate from. pg-boss 11 and 12 migrate
 * schemas from version 25 (pg-boss 11) on; pg-boss 10, which Quire used before, left
 * version 24 and no upgrade path (its jobs would have to be copied by hand). Quire needs
 * none of them: every open export and agent job is in Quire's own records, and the
 * workers queue their runs again at start (export reconciliation, agent recovery). So
 * `quire migrate` renames the old schema aside, kept for inspection, and pg-boss 12
 * installs afresh; every other process refuses to start on it and says so.
 */
import pg from 'pg';

/** The version of the schema pg-boss refused to migrate, if that is what `err` says. */
export function legacySchemaVersion(err: unknown): number | undefined {
  const match = /Cannot migrate pg-boss schema from version (\d+)/.exec(err instanceof Error ? err.message : '');
  return match ? Number(match[1]) : undefined;
}

export function legacySchemaAdvice(schema: string, version: number): string {
  return (
    `The queue schema "${schema}" was made by an older pg-boss (schema version ${version}), which this version cannot upgrade. ` +
    'Stop every Quire process, run `quire migrate` once (it moves the old schema aside and queues open jobs again), then start them.'
  );
}

/** Renames `schema` to `<schema>_v<version>`; returns the new name. */
export async function moveLegacySchemaAside(connectionString: string, schema: string, version: number): Promise<string> {
  const target = `${schema}_v${version}`;
  const client = new pg.Client({ connectionString });
  await client.connect();
  try {
    await client.query(`ALTER SCHEMA "${schema}" RENAME TO "${target}"`);
  } catch (err) {
    // 3F000: another `quire migrate` moved it first.
    if ((err as { code?: string }).code !== '3F000') throw err;
  } finally {
    await client.end();
  }
  return target;
}
