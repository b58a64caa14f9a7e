import { afterEach, describe, expect, it } from 'vitest';
import { AGENT_QUEUE } from '../../src/agent/agent-job-service.js';
import { resolveAgentSettings } from '../../src/agent/agent-settings.js';
import { recoverActiveAgentJobs } from '../../src/agent/agent-worker.js';
import { insertAgentJobRecord } from '../../src/core/agent-jobs.js';
import { UnrecoverableError } from '../../src/core/errors.js';
import { createLogger } from '../../src/core/logger.js';
import { createOrganization } from '../../src/core/organizations.js';
import { createProject } from '../../src/core/projects.js';
import { LocalQueue } from '../../src/queue/drivers/local.js';
import { appendAgentMessages, findAgentJob, listAgentMessages } from '../../src/store/records/agent-jobs.js';
import { openTestStore, type TestStore } from '../helpers/stores.js';

const settings = resolveAgentSettings(
  {
    provider: 'openai',
    models: ['m'],
    maxJobsPerProjectPerHour: 100,
    maxSteps: 5,
    maxTokens: 1000,
    maxOutputTokens: 100,
    timeoutSeconds: 60,
    validationRounds: 1,
    maxRetries: 0,
    requestTimeoutSeconds: 5,
    authorName: 'A',
    authorEmail: 'a@example.com',
  },
  { kind: 'git' },
  {},
);

let t: TestStore | undefined;
afterEach(async () => {
  await t?.cleanup();
  t = undefined;
});

describe('recoverActiveAgentJobs', () => {
  it('fails an active job whose run the queue already gave up on, with the reason', async () => {
    t = await openTestStore('sqlite');
    const org = await createOrganization(t.store, { name: 'Acme' });
    const project = await createProject(t.store, { orgId: org.id, domain: 'docs.acme.test', repository: '/srv/docs' });
    const job = await insertAgentJobRecord(t.store, { projectId: project.id, prompt: 'p', model: 'm' });

    // A previous process ran the job's delivery and the queue failed it for good.
    const previous = new LocalQueue(t.store, { pollIntervalMs: 20 });
    await previous.start();
    const queueId = await previous.send(AGENT_QUEUE, { jobId: job.id, turn: 1 }, { singletonKey: `${job.id}:1`, retryLimit: 0 });
    await previous.work(AGENT_QUEUE, {}, async () => {
      throw new UnrecoverableError('worker lost its workspace');
    });
    for (let i = 0; i < 200 && (await previous.getJob(AGENT_QUEUE, queueId))?.state !== 'failed'; i++) await new Promise((r) => setTimeout(r, 20));
    await previous.stop({ graceMs: 100 });
    expect((await findAgentJob(t.store.db, job.id))!.status).toBe('active');

    const restarted = new LocalQueue(t.store, { pollIntervalMs: 20 });
    await restarted.start();
    await recoverActiveAgentJobs(t.store, restarted, settings, createLogger('silent'));
    await restarted.stop({ graceMs: 100 });

    const after = (await findAgentJob(t.store.db, job.id))!;
    expect(after.status).toBe('failed');
    expect(after.failureReason).toBe('The job was interrupted and could not be resumed: worker lost its workspace');
    const messages = await listAgentMessages(t.store.db, job.id);
    expect(messages.at(-1)).toMatchObject({ role: 'error', content: { reason: after.failureReason } });
  });

  it('queues the run of an active job the queue does not know, once', async () => {
    t = await openTestStore('sqlite');
    const org = await createOrganization(t.store, { name: 'Acme' });
    const project = await createProject(t.store, { orgId: org.id, domain: 'docs.acme.test', repository: '/srv/docs' });
    const job = await insertAgentJobRecord(t.store, { projectId: project.id, prompt: 'p', model: 'm' });
    const queue = new LocalQueue(t.store, { pollIntervalMs: 20 });
    await queue.start();
    await recoverActiveAgentJobs(t.store, queue, settings, createLogger('silent'));
    await recoverActiveAgentJobs(t.store, queue, settings, createLogger('silent'));
    const seen: unknown[] = [];
    await queue.work(AGENT_QUEUE, {}, async (delivery) => {
      seen.push(delivery.data);
    });
    for (let i = 0; i < 100 && seen.length === 0; i++) await new Promise((r) => setTimeout(r, 20));
    await new Promise((r) => setTimeout(r, 200));
    await queue.stop({ graceMs: 100 });
    expect(seen).toEqual([{ jobId: job.id, turn: 1 }]);
    expect((await findAgentJob(t.store.db, job.id))!.status).toBe('active');
  });

  it('leaves a just-reactivated job alone and fails one whose follow-up prompt was lost', async () => {
    t = await openTestStore('sqlite');
    const org = await createOrganization(t.store, { name: 'Acme' });
    const project = await createProject(t.store, { orgId: org.id, domain: 'docs.acme.test', repository: '/srv/docs' });
    const job = await insertAgentJobRecord(t.store, { projectId: project.id, prompt: 'p', model: 'm' });
    // Turn 1 completed, then the job was set active for a follow-up whose prompt never got recorded.
    await appendAgentMessages(t.store.db, job.id, [
      { role: 'user', content: { turn: 1, text: 'p' } },
      { role: 'result', content: { turn: 1, summary: 's', changedFiles: [], commit: null, prLink: null, remainingProblems: [] } },
    ], new Date().toISOString());
    const queue = new LocalQueue(t.store, { pollIntervalMs: 20 });
    await queue.start();
    await recoverActiveAgentJobs(t.store, queue, settings, createLogger('silent'));
    expect((await findAgentJob(t.store.db, job.id))!.status).toBe('active');
    await recoverActiveAgentJobs(t.store, queue, settings, createLogger('silent'), Date.now() + 10 * 60_000);
    await queue.stop({ graceMs: 100 });
    const after = (await findAgentJob(t.store.db, job.id))!;
    expect(after).toMatchObject({ status: 'failed', failureReason: 'The follow-up was interrupted before it started; create a new job to continue' });
  });
});
