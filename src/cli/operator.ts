/**
 * Operator commands: organizations, admin API keys and projects. Each opens the
 * configured records store, calls the same core functions the API uses, and prints
 * prose or, with --json, exactly one JSON object.
 */
import type { Command } from 'commander';
import { createApiKey, parseExpiry, parseScopes, revokeApiKey } from '../core/api-keys.js';
import { createOrganization, parseFeatures } from '../core/organizations.js';
import { createProject } from '../core/projects.js';
import { listApiKeys } from '../store/records/api-keys.js';
import { listOrganizations } from '../store/records/organizations.js';
import { listProjects, updateProjectSettings } from '../store/records/projects.js';
import { InvalidError, NotFoundError } from '../core/errors.js';
import type { Store } from '../store/types.js';
import { print, table, type Io } from './io.js';

type Run = (action: (store: Store) => Promise<void>) => Promise<void>;

function storeRunner(env: NodeJS.ProcessEnv): Run {
  return async (action) => {
    // Loaded here: every other command (an export above all) would pay ~0.4 s of CPU for them.
    const [{ loadConfig }, { openStore }] = await Promise.all([import('../config/load-config.js'), import('../store/open-store.js')]);
    const config = loadConfig({ env });
    const store = await openStore({ dataDir: config.dataDir, databaseUrl: config.databaseUrl, schema: config.databaseSchema });
    try {
      await action(store);
    } finally {
      await store.close();
    }
  };
}

export function registerOperatorCommands(program: Command, env: NodeJS.ProcessEnv, io: Io): void {
  const run = storeRunner(env);

  const org = program.command('org').description('manage organizations');
  org
    .command('create')
    .description('create an organization')
    .requiredOption('--name <name>', 'display name')
    .option('--features <list>', 'plan features, comma-separated: static-export,agent (default: both)')
    .option('--json', 'print one JSON object')
    .action(async (o: { name: string; features?: string; json?: boolean }) => {
      const features = o.features === undefined ? undefined : parseFeatures(o.features);
      await run(async (store) => {
        const created = await createOrganization(store, { name: o.name, features });
        print(io, !!o.json, created, () => `Created organization ${created.id} (${created.name}) with features: ${created.features.join(', ') || 'none'}`);
      });
    });
  org
    .command('list')
    .option('--json', 'print one JSON object')
    .action(async (o: { json?: boolean }) =>
      run(async (store) => {
        const orgs = await listOrganizations(store.db);
        print(io, !!o.json, { organizations: orgs }, () => table([['ID', 'NAME', 'FEATURES'], ...orgs.map((x) => [x.id, x.name, x.features.join(',')])]));
      }),
    );

  const key = program.command('key').description('manage admin API keys');
  key
    .command('create')
    .description('create an admin API key (shown once)')
    .requiredOption('--org <id>', 'organization id')
    .option('--scope <list>', 'scopes, comma-separated: read,write (default: both)')
    .option('--expires <when>', 'expiry: a duration like 90d, 12h, 30m or an ISO date')
    .option('--name <name>', 'a note to recognise the key by')
    .option('--json', 'print one JSON object')
    .action(async (o: { org: string; scope?: string; expires?: string; name?: string; json?: boolean }) => {
      const scopes = o.scope === undefined ? undefined : parseScopes(o.scope);
      const expiresAt = o.expires === undefined ? null : parseExpiry(o.expires);
      await run(async (store) => {
        const k = await createApiKey(store, { orgId: o.org, scopes, expiresAt, name: o.name });
        print(io, !!o.json, k, () =>
          [`Created key ${k.id} for ${k.orgId} (scopes: ${k.scopes.join(', ')}${k.expiresAt ? `, expires ${k.expiresAt}` : ''}).`, `Key (shown once, store it now): ${k.key}`].join('\n'),
        );
      });
    });
  key
    .command('list')
    .option('--org <id>', 'only this organization')
    .option('--json', 'print one JSON object')
    .action(async (o: { org?: string; json?: boolean }) =>
      run(async (store) => {
        // The hash stays out of listings: it is not secret, but nobody needs it.
        const keys = (await listApiKeys(store.db, o.org)).map(({ hash: _hash, ...rest }) => rest);
        print(io, !!o.json, { keys }, () =>
          table([
            ['ID', 'ORG', 'PREFIX', 'SCOPES', 'EXPIRES', 'REVOKED', 'LAST USED'],
            ...keys.map((k) => [k.id, k.orgId, `${k.prefix}...`, k.scopes.join(','), k.expiresAt ?? '-', k.revokedAt ?? '-', k.lastUsedAt ?? '-']),
          ]),
        );
      }),
    );
  key
    .command('revoke')
    .argument('<id>', 'key id (key_...)')
    .option('--json', 'print one JSON object')
    .action(async (id: string, o: { json?: boolean }) =>
      run(async (store) => {
        await revokeApiKey(store, id);
        print(io, !!o.json, { id, revoked: true }, () => `Revoked key ${id}`);
      }),
    );

  const project = program.command('project').description('manage projects');
  project
    .command('create')
    .requiredOption('--org <id>', 'organization id')
    .requiredOption('--domain <host>', 'documentation domain, e.g. docs.example.com')
    .requiredOption('--repo <url|path>', 'git URL (https, ssh, file) or absolute local path')
    .option('--ref <ref>', 'default branch or tag', 'main')
    .option('--docs-path <dir>', 'folder inside the repository that holds docs.json', '.')
    .option('--site-scripts', "include the site's own .js files in its exports (they run in readers' browsers)")
    .option('--json', 'print one JSON object')
    .action(async (o: { org: string; domain: string; repo: string; ref: string; docsPath: string; siteScripts?: boolean; json?: boolean }) =>
      run(async (store) => {
        const p = await createProject(store, { orgId: o.org, domain: o.domain, repository: o.repo, ref: o.ref, docsPath: o.docsPath, siteScripts: o.siteScripts === true });
        print(io, !!o.json, p, () => `Created project ${p.id} for ${p.domain} (${p.repository} at ${p.defaultRef}, docs in ${p.docsPath})`);
      }),
    );
  project
    .command('set')
    .argument('<id>', 'project id')
    .requiredOption('--site-scripts <on|off>', "include the site's own .js files in its exports")
    .option('--json', 'print one JSON object')
    .action(async (id: string, o: { siteScripts: string; json?: boolean }) => {
      if (o.siteScripts !== 'on' && o.siteScripts !== 'off') throw new InvalidError(`--site-scripts must be "on" or "off", not "${o.siteScripts}"`);
      await run(async (store) => {
        const p = await updateProjectSettings(store.db, id, { siteScripts: o.siteScripts === 'on' });
        if (!p) throw new NotFoundError(`Project not found: ${id}`);
        print(io, !!o.json, p, () => `Project ${p.id}: site scripts ${p.siteScripts ? 'on' : 'off'}`);
      });
    });
  project
    .command('list')
    .option('--org <id>', 'only this organization')
    .option('--json', 'print one JSON object')
    .action(async (o: { org?: string; json?: boolean }) =>
      run(async (store) => {
        const projects = await listProjects(store.db, o.org);
        print(io, !!o.json, { projects }, () =>
          table([['ID', 'ORG', 'DOMAIN', 'REPOSITORY', 'REF', 'DOCS'], ...projects.map((p) => [p.id, p.orgId, p.domain, p.repository, p.defaultRef, p.docsPath])]),
        );
      }),
    );
}
