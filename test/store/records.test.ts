/**
 * The records conformance suite: every driver of the records port runs the same
 * cases, so the core can rely on identical behaviour from SQLite and PostgreSQL.
 */
import { execFileSync } from 'node:child_process';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { FOREIGN_COMMIT_DELAY_MS, openSqliteStore } from '../../src/store/drivers/sqlite.js';
import { migrateToLatest } from '../../src/store/migrate.js';
import { openStore } from '../../src/store/open-store.js';
import * as agentJobs from '../../src/store/records/agent-jobs.js';
import * as apiKeys from '../../src/store/records/api-keys.js';
import * as exportJobs from '../../src/store/records/export-jobs.js';
import * as orgs from '../../src/store/records/organizations.js';
import * as projects from '../../src/store/records/projects.js';
import { DIALECTS, openTestStore, type TestStore } from '../helpers/stores.js';

const T0 = '2026-11-01T10:00:00.000Z';
const ROOT = fileURLToPath(new URL('../..', import.meta.url));

describe.each(DIALECTS)('records on %s', (dialect) => {
  let t: TestStore;
  beforeEach(async () => {
    t = await openTestStore(dialect);
    await orgs.insertOrganization(t.store.db, { id: 'org_a', name: 'A', features: ['static-export', 'agent'], createdAt: T0 });
    await projects.insertProject(t.store.db, {
      id: 'prj_a', orgId: 'org_a', domain: 'docs.a.test', repository: '/tmp/repo', defaultRef: 'main', docsPath: '.', siteScripts: false, createdAt: T0,
    });
  });
  afterEach(async () => t.cleanup());

  it('migrations are idempotent', async () => {
    expect(await migrateToLatest(t.store)).toEqual([]);
    await t.store.ping();
  });

  it('stores organizations with their features', async () => {
    expect(await orgs.findOrganization(t.store.db, 'org_a')).toEqual({ id: 'org_a', name: 'A', features: ['static-export', 'agent'], createdAt: T0 });
    expect(await orgs.updateOrganizationFeatures(t.store.db, 'org_a', ['agent'])).toBe(true);
    expect((await orgs.findOrganization(t.store.db, 'org_a'))?.features).toEqual(['agent']);
    expect(await orgs.findOrganization(t.store.db, 'org_missing')).toBeUndefined();
  });

  it('keeps a project\'s export settings: site scripts off by default, on and off again', async () => {
    expect((await projects.findProject(t.store.db, 'prj_a'))?.siteScripts).toBe(false);
    expect((await projects.updateProjectSettings(t.store.db, 'prj_a', { siteScripts: true }))?.siteScripts).toBe(true);
    expect((await projects.findProjectByDomain(t.store.db, 'docs.a.test'))?.siteScripts).toBe(true);
    expect((await projects.updateProjectSettings(t.store.db, 'prj_a', { siteScripts: false }))?.siteScripts).toBe(false);
    expect(await projects.updateProjectSettings(t.store.db, 'prj_missing', { siteScripts: true })).toBeUndefined();
  });

  it('finds projects by id and domain and keeps domains unique', async () => {
    expect((await projects.findProjectByDomain(t.store.db, 'docs.a.test'))?.id).toBe('prj_a');
    expect((await projects.listProjects(t.store.db, 'org_a')).map((p) => p.id)).toEqual(['prj_a']);
    expect(await projects.listProjects(t.store.db, 'org_b')).toEqual([]);
    await expect(
      projects.insertProject(t.store.db, { id: 'prj_b', orgId: 'org_a', domain: 'docs.a.test', repository: 'x', defaultRef: 'main', docsPath: '.', siteScripts: false, createdAt: T0 }),
    ).rejects.toThrow();
  });

  it('looks keys up by hash, revokes once, records last use', async () => {
    const key = {
      id: 'key_1', orgId: 'org_a', name: null, hash: 'h'.repeat(64), prefix: 'svc_abcd', scopes: ['read'] as apiKeys.Scope[],
      expiresAt: null, revokedAt: null, lastUsedAt: null, createdAt: T0,
    };
    await apiKeys.insertApiKey(t.store.db, key);
    expect(await apiKeys.findApiKeyByHash(t.store.db, key.hash)).toEqual(key);
    expect(await apiKeys.revokeApiKey(t.store.db, 'key_1', T0)).toBe(true);
    expect(await apiKeys.revokeApiKey(t.store.db, 'key_1', T0)).toBe(false);
    await apiKeys.touchApiKeys(t.store.db, ['key_1'], '2026-11-02T00:00:00.000Z');
    expect(await apiKeys.findApiKey(t.store.db, 'key_1')).toMatchObject({ revokedAt: T0, lastUsedAt: '2026-11-02T00:00:00.000Z' });
  });

  it('moves agent jobs with compare-and-set and keeps the transcript in order', async () => {
    const job: agentJobs.AgentJobRecord = {
      id: 'aj_1', orgId: 'org_a', projectId: 'prj_a', status: 'active', prompt: 'p', repository: '/tmp/repo', baseRef: 'main',
      branch: 'quire/agent-aj_1', model: 'm', prLink: null, prNumber: null, failureReason: null, createdAt: T0, updatedAt: T0, archivedAt: null,
    };
    await agentJobs.insertAgentJob(t.store.db, job);
    expect(await agentJobs.updateAgentJob(t.store.db, 'aj_1', { status: 'archived' }, T0, ['completed'])).toBeUndefined();
    const done = await agentJobs.updateAgentJob(t.store.db, 'aj_1', { status: 'completed', prLink: 'https://x/pr/1', prNumber: 1 }, T0, ['active']);
    expect(done).toMatchObject({ status: 'completed', prLink: 'https://x/pr/1', prNumber: 1 });
    expect(await agentJobs.countAgentJobsSince(t.store.db, 'prj_a', '2026-11-01T09:00:00.000Z')).toBe(1);
    expect(await agentJobs.countAgentJobsSince(t.store.db, 'prj_a', '2026-11-01T11:00:00.000Z')).toBe(0);
    await agentJobs.appendAgentMessages(t.store.db, 'aj_1', [{ role: 'user', content: { text: 'a' } }, { role: 'assistant', content: { text: 'b' } }], T0);
    await agentJobs.appendAgentMessages(t.store.db, 'aj_1', [{ role: 'user', content: { text: 'c' } }], T0);
    const msgs = await agentJobs.listAgentMessages(t.store.db, 'aj_1');
    expect(msgs.map((m) => [m.seq, m.role, m.content])).toEqual([[1, 'user', { text: 'a' }], [2, 'assistant', { text: 'b' }], [3, 'user', { text: 'c' }]]);
  });

  it('hot lookups never see the writes of a transaction still open', async () => {
    await agentJobs.insertAgentJob(t.store.db, {
      id: 'aj_1', orgId: 'org_a', projectId: 'prj_a', status: 'active', prompt: 'p', repository: '/tmp/repo', baseRef: 'main',
      branch: 'quire/agent-aj_1', model: 'm', prLink: null, prNumber: null, failureReason: null, createdAt: T0, updatedAt: T0, archivedAt: null,
    });
    // On SQLite the lookup and the transaction share one connection: a lookup run on it
    // directly mid-transaction would read the uncommitted status.
    let during: Promise<agentJobs.AgentJobRecord | undefined> | undefined;
    await expect(
      t.store.db.transaction().execute(async (trx) => {
        await trx.updateTable('agent_jobs').set({ status: 'completed' }).where('id', '=', 'aj_1').execute();
        during = agentJobs.findAgentJob(t.store.db, 'aj_1');
        throw new Error('roll back');
      }),
    ).rejects.toThrow('roll back');
    expect((await during)?.status).toBe('active');
    expect((await agentJobs.findAgentJob(t.store.db, 'aj_1'))?.status).toBe('active');
  });

  it('hot lookups see every commit: this connection\'s, another connection\'s, an UPDATE ... RETURNING', async () => {
    await agentJobs.insertAgentJob(t.store.db, {
      id: 'aj_1', orgId: 'org_a', projectId: 'prj_a', status: 'active', prompt: 'p', repository: '/tmp/repo', baseRef: 'main',
      branch: 'quire/agent-aj_1', model: 'm', prLink: null, prNumber: null, failureReason: null, createdAt: T0, updatedAt: T0, archivedAt: null,
    });
    const status = async () => (await agentJobs.findAgentJob(t.store.db, 'aj_1'))?.status;
    expect(await status()).toBe('active');
    // Read twice: on SQLite the second answer may come from the rows kept for this version.
    expect(await status()).toBe('active');
    await t.store.db.updateTable('agent_jobs').set({ status: 'completed' }).where('id', '=', 'aj_1').execute();
    expect(await status()).toBe('completed');
    await t.store.db.updateTable('agent_jobs').set({ status: 'failed' }).where('id', '=', 'aj_1').returningAll().execute();
    expect(await status()).toBe('failed');
    // Another connection to the same database, as another process would have.
    const other = await openStore({ dataDir: t.dataDir, databaseUrl: t.databaseUrl, schema: t.schema, migrate: false });
    try {
      await other.db.updateTable('agent_jobs').set({ status: 'archived' }).where('id', '=', 'aj_1').execute();
      expect(await status()).toBe('archived');
      await other.db.deleteFrom('agent_jobs').where('id', '=', 'aj_1').execute();
      expect(await agentJobs.findAgentJob(t.store.db, 'aj_1')).toBeUndefined();
    } finally {
      await other.close();
    }
  });

  it('answers a job lookup without waiting only where the driver can', async () => {
    await agentJobs.insertAgentJob(t.store.db, {
      id: 'aj_now', orgId: 'org_a', projectId: 'prj_a', status: 'active', prompt: 'p', repository: '/tmp/repo', baseRef: 'main',
      branch: 'quire/agent-aj_now', model: 'm', prLink: null, prNumber: null, failureReason: null, createdAt: T0, updatedAt: T0, archivedAt: null,
    });
    const now = agentJobs.findAgentJobNow(t.store.db, 'aj_now');
    if (dialect === 'sqlite') expect(now).toEqual(await agentJobs.findAgentJob(t.store.db, 'aj_now'));
    else expect(now).toBeUndefined();
  });

  it('never lets export progress go back and completes once', async () => {
    await exportJobs.insertExportJob(t.store.db, {
      id: 'se_1', orgId: 'org_a', projectId: 'prj_a', domain: 'docs.a.test', version: 'v1', paths: ['index'], status: 'queued', progress: 0,
      pageCount: 0, error: null, bundleKey: null, bundleSize: null, bundleSha256: null, createdAt: T0, updatedAt: T0, completedAt: null,
    });
    expect(await exportJobs.countActiveExports(t.store.db, 'org_a')).toBe(1);
    expect(await exportJobs.markExportRunning(t.store.db, 'se_1', T0)).toBe(true);
    await exportJobs.recordExportProgress(t.store.db, 'se_1', 40, 10, T0);
    await exportJobs.recordExportProgress(t.store.db, 'se_1', 20, 5, T0);
    expect(await exportJobs.findExportJob(t.store.db, 'se_1')).toMatchObject({ status: 'running', progress: 40, pageCount: 10, paths: ['index'] });
    expect(await exportJobs.completeExportJob(t.store.db, 'se_1', { key: 'k', size: 5_000_000_000, sha256: 's', pageCount: 12 }, T0)).toBe(true);
    expect(await exportJobs.failExportJob(t.store.db, 'se_1', 'late', T0)).toBe(false);
    expect(await exportJobs.findExportJob(t.store.db, 'se_1')).toMatchObject({ status: 'completed', progress: 100, bundleSize: 5_000_000_000, error: null });
    expect(await exportJobs.countActiveExports(t.store.db, 'org_a')).toBe(0);
    expect((await exportJobs.listExpiredExportJobs(t.store.db, '2026-11-02T00:00:00.000Z')).map((j) => j.id)).toEqual(['se_1']);
  });
});

describe('hot lookups on SQLite', () => {
  async function withJob(run: (t: TestStore, status: () => Promise<string | undefined>) => Promise<void>): Promise<void> {
    const t = await openTestStore('sqlite');
    try {
      await orgs.insertOrganization(t.store.db, { id: 'org_a', name: 'A', features: ['agent'], createdAt: T0 });
      await projects.insertProject(t.store.db, { id: 'prj_a', orgId: 'org_a', domain: 'docs.a.test', repository: '/tmp/repo', defaultRef: 'main', docsPath: '.', siteScripts: false, createdAt: T0 });
      await agentJobs.insertAgentJob(t.store.db, {
        id: 'aj_1', orgId: 'org_a', projectId: 'prj_a', status: 'active', prompt: 'p', repository: '/tmp/repo', baseRef: 'main',
        branch: 'quire/agent-aj_1', model: 'm', prLink: null, prNumber: null, failureReason: null, createdAt: T0, updatedAt: T0, archivedAt: null,
      });
      await run(t, async () => (await agentJobs.findAgentJob(t.store.db, 'aj_1'))?.status);
    } finally {
      await t.cleanup();
    }
  }

  it('answer without waiting outside a transaction, and defer to the awaited lookup inside one', () =>
    withJob(async (t) => {
      const now = agentJobs.findAgentJobNow(t.store.db, 'aj_1');
      expect(now).toMatchObject({ id: 'aj_1', status: 'active' });
      expect(now).toBe(await agentJobs.findAgentJob(t.store.db, 'aj_1'));
      expect(agentJobs.findAgentJobNow(t.store.db, 'aj_missing')).toBeNull();
      await t.store.db.transaction().execute(async (trx) => {
        await trx.updateTable('agent_jobs').set({ status: 'completed' }).where('id', '=', 'aj_1').execute();
        // The connection is inside a transaction: a read now would see its uncommitted write.
        expect(agentJobs.findAgentJobNow(t.store.db, 'aj_1')).toBeUndefined();
      });
      expect(agentJobs.findAgentJobNow(t.store.db, 'aj_1')).toMatchObject({ status: 'completed' });
    }));

  it("see a transaction of another connection of this process as soon as it commits", () =>
    withJob(async (t) => {
      // Both never ask SQLite for other connections' commits here: only the count of this
      // process's writes can tell them.
      const file = join(t.dataDir, 'quire.db');
      const reader = openSqliteStore({ file, foreignCommitDelayMs: 3_600_000 });
      const writer = openSqliteStore({ file, foreignCommitDelayMs: 3_600_000 });
      const status = async () => (await agentJobs.findAgentJob(reader.db, 'aj_1'))?.status;
      try {
        await writer.db.transaction().execute(async (trx) => {
          await trx.updateTable('agent_jobs').set({ status: 'completed' }).where('id', '=', 'aj_1').execute();
          // Read (and kept) while the other connection's write is not committed yet.
          expect(await status()).toBe('active');
        });
        expect(await status()).toBe('completed');
      } finally {
        await reader.close();
        await writer.close();
      }
    }));

  it("see another process's commit once FOREIGN_COMMIT_DELAY_MS has passed", () =>
    withJob(async (t, status) => {
      expect(await status()).toBe('active');
      // The same record twice: the second read came from the rows kept for this version.
      expect(await agentJobs.findAgentJob(t.store.db, 'aj_1')).toBe(await agentJobs.findAgentJob(t.store.db, 'aj_1'));
      const script = `const D = require('better-sqlite3'); const d = new D(${JSON.stringify(join(t.dataDir, 'quire.db'))}); d.prepare("update agent_jobs set status = 'completed' where id = 'aj_1'").run(); d.close();`;
      execFileSync(process.execPath, ['-e', script], { cwd: ROOT });
      await new Promise((r) => setTimeout(r, FOREIGN_COMMIT_DELAY_MS + 1));
      expect(await status()).toBe('completed');
    }));
});
