/**
 * Starts the real API on a free loopback port over a fresh store (SQLite by default),
 * with two organizations, a project each and keys of every kind the auth tests need.
 */
import { Writable } from 'node:stream';
import type { RouteModule } from '../../src/api/app.js';
import type { AppDeps } from '../../src/api/deps.js';
import { loadConfig } from '../../src/config/load-config.js';
import type { QuireConfig } from '../../src/config/schema.js';
import { createApiKey } from '../../src/core/api-keys.js';
import { createLogger, type Logger } from '../../src/core/logger.js';
import { createOrganization } from '../../src/core/organizations.js';
import { createProject, type Project } from '../../src/core/projects.js';
import { startService, type Service } from '../../src/service.js';
import type { Store } from '../../src/store/types.js';
import { openTestStore } from './stores.js';
import type { Dialect } from '../../src/store/types.js';

export interface TestApi {
  url: string;
  service: Service;
  store: Store;
  config: QuireConfig;
  logs: string[];
  orgId: string;
  otherOrgId: string;
  project: Project;
  otherProject: Project;
  /** read+write key of orgId */
  key: string;
  readKey: string;
  writeOnlyKey: string;
  otherKey: string;
  fetch(path: string, init?: RequestInit & { key?: string | null; json?: unknown }): Promise<Response>;
  close(): Promise<void>;
}

export interface StartTestApiOptions {
  dialect?: Dialect;
  env?: Record<string, string>;
  modules?: RouteModule[];
  onStoreReady?: (store: Store, deps: AppDeps) => Promise<{ close(): Promise<void> } | void>;
  /** Repository of the first project. @default '/tmp' */
  repository?: string;
  features?: ('static-export' | 'agent')[];
}

export async function startTestApi(options: StartTestApiOptions = {}): Promise<TestApi> {
  const t = await openTestStore(options.dialect ?? 'sqlite');
  await t.store.close();
  const config = loadConfig({
    env: {
      QUIRE_DATA_DIR: t.dataDir,
      QUIRE_PORT: '0',
      QUIRE_BOOTSTRAP_DEMO: 'false',
      QUIRE_LOG_LEVEL: 'info',
      ...(t.databaseUrl ? { QUIRE_DATABASE_URL: t.databaseUrl, QUIRE_DATABASE_SCHEMA: t.schema! } : {}),
      ...options.env,
    },
  });
  const logs: string[] = [];
  const sink = new Writable({
    write(chunk: Buffer, _enc, cb) {
      logs.push(...chunk.toString().split('\n').filter(Boolean));
      cb();
    },
  });
  const logger: Logger = createLogger(config.logLevel, sink);
  const service = await startService(config, { logger, modules: options.modules, onStoreReady: options.onStoreReady });
  const store = service.store;
  const org = await createOrganization(store, { name: 'Acme', features: options.features });
  const other = await createOrganization(store, { name: 'Other' });
  const project = await createProject(store, { orgId: org.id, domain: 'docs.acme.test', repository: options.repository ?? '/tmp' });
  const otherProject = await createProject(store, { orgId: other.id, domain: 'docs.other.test', repository: '/tmp' });
  const key = (await createApiKey(store, { orgId: org.id })).key;
  const readKey = (await createApiKey(store, { orgId: org.id, scopes: ['read'] })).key;
  const writeOnlyKey = (await createApiKey(store, { orgId: org.id, scopes: ['write'] })).key;
  const otherKey = (await createApiKey(store, { orgId: other.id })).key;
  const url = service.url;
  return {
    url,
    service,
    store,
    config: { ...config, publicUrl: url },
    logs,
    orgId: org.id,
    otherOrgId: other.id,
    project,
    otherProject,
    key,
    readKey,
    writeOnlyKey,
    otherKey,
    fetch(path, init = {}) {
      const headers = new Headers(init.headers);
      const k = init.key === undefined ? key : init.key;
      if (k !== null) headers.set('authorization', `Bearer ${k}`);
      let body = init.body;
      if (init.json !== undefined) {
        headers.set('content-type', 'application/json');
        body = JSON.stringify(init.json);
      }
      return fetch(`${url}${path}`, { ...init, headers, body });
    },
    async close() {
      await service.close();
      await t.cleanup().catch(() => undefined); // best-effort removal of the test's temp data; the service is closed
    },
  };
}
