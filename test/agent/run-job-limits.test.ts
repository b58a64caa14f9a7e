import { chmodSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { validateSite } from '../../src/render/validate-site.js';
import { startHarness, type Harness } from './helpers/agent-harness.js';

let harness: Harness | undefined;
afterEach(async () => {
  await harness?.close();
  harness = undefined;
});

const listing = { toolCalls: [{ name: 'list_files', args: { path: 'docs' } }] };

describe('runAgentJob failures and limits', () => {
  it('retries a provider answering 500, then fails the job with the reason', async () => {
    harness = await startHarness({ script: [{ fail: 500, times: 10 }], maxRetries: 2 });
    const outcome = await harness.run(1);
    expect(outcome.status).toBe('failed');
    expect(harness.model.requests).toHaveLength(3);
    const job = harness.records.jobs.get(harness.jobId)!;
    expect(job.status).toBe('failed');
    expect(job.failureReason).toMatch(/Model provider \(openai\) answered HTTP 500 after 3 attempts/);
    const last = harness.records.messages.get(harness.jobId)!.at(-1)!;
    expect(last).toEqual({ role: 'error', content: { turn: 1, reason: job.failureReason } });
    expect(harness.origin.branches()).toEqual(['main']);
  });

  it('recovers when the provider fails fewer times than the retries', async () => {
    harness = await startHarness({ protocol: 'anthropic', script: [{ fail: 529, times: 1 }, { fail: 429, times: 1 }, { text: 'Nothing to do.' }], maxRetries: 2 });
    expect(await harness.run(1)).toMatchObject({ status: 'completed', prLink: null });
    expect(harness.model.requests).toHaveLength(3);
  });

  it('fails at the step limit', async () => {
    harness = await startHarness({ script: [listing, listing, listing, listing], limits: { maxSteps: 3 } });
    const outcome = await harness.run(1);
    expect(outcome).toEqual({ status: 'failed', reason: 'Step limit reached: the agent used all 3 steps without finishing' });
    expect(harness.model.requests).toHaveLength(3);
    expect(harness.records.jobs.get(harness.jobId)!.status).toBe('failed');
  });

  it('fails at the token limit', async () => {
    harness = await startHarness({ script: [{ ...listing, usage: { input: 900, output: 50 } }, { ...listing, usage: { input: 1000, output: 50 } }], limits: { maxTokens: 1500 } });
    const outcome = await harness.run(1);
    expect(outcome).toMatchObject({ status: 'failed', reason: 'Token limit reached: the agent used 2000 tokens, more than the 1500 allowed' });
  });

  it('fails at the wall-clock limit', async () => {
    harness = await startHarness({ script: [{ ...listing, delayMs: 3000 }], timeLimitMs: 300 });
    const outcome = await harness.run(1);
    expect(outcome).toMatchObject({ status: 'failed', reason: 'Time limit reached: the job ran longer than 0.3 s' });
    expect(harness.records.jobs.get(harness.jobId)!.failureReason).toMatch(/^Time limit reached/);
  });

  it('fails with a clear reason when the repository cannot be cloned', async () => {
    harness = await startHarness({ script: [] });
    harness.records.jobs.get(harness.jobId)!.repository = 'https://user:hunter2@127.0.0.1:9/acme/docs.git';
    const outcome = await harness.run(1);
    expect(outcome.status).toBe('failed');
    const reason = (outcome as { reason: string }).reason;
    expect(reason).toMatch(/^Could not clone the repository https:\/\/\*\*\*@127\.0\.0\.1:9\/acme\/docs\.git/);
    expect(reason).not.toContain('hunter2');
    expect(JSON.stringify(harness.records.messages.get(harness.jobId))).not.toContain('hunter2');
  });

  it('fails with the reason when the push is refused, and opens no pull request', async () => {
    harness = await startHarness({
      script: [{ toolCalls: [{ name: 'write_file', args: { path: 'docs/new.mdx', content: '# New\n' } }] }, { text: 'Added a page.' }],
    });
    const hook = path.join(harness.origin.bare, 'hooks', 'pre-receive');
    writeFileSync(hook, '#!/bin/sh\necho "branch creation denied by policy" >&2\nexit 1\n');
    chmodSync(hook, 0o755);
    const outcome = await harness.run(1);
    expect(outcome.status).toBe('failed');
    expect((outcome as { reason: string }).reason).toMatch(/^Push of branch quire\/agent-job1 was refused: .*branch creation denied by policy/);
    expect(harness.records.jobs.get(harness.jobId)).toMatchObject({ status: 'failed', prLink: null });
    expect(harness.github.requests).toHaveLength(0);
    expect(harness.origin.branches()).toEqual(['main']);
  });

  it('hands new problems (broken link, unreachable page, MDX error) back to the model, which fixes them before the commit', async () => {
    const page = '---\ntitle: Upgrade\n---\n\nSee [the guide](/guides/instal).\n\n<Note>Back up first.\n';
    harness = await startHarness({
      validateSite,
      script: [
        { toolCalls: [{ name: 'write_file', args: { path: 'docs/guides/upgrade.mdx', content: page } }] },
        { text: 'Added an upgrade page.' },
        (req) => {
          expect(req.lastUserText).toContain('docs/guides/upgrade.mdx:5: broken link to "/guides/instal"');
          expect(req.lastUserText).toContain('page "guides/upgrade" (docs/guides/upgrade.mdx) is not in the navigation of docs/docs.json');
          expect(req.lastUserText).toMatch(/docs\/guides\/upgrade\.mdx:\d+: MDX syntax error/);
          return {
            toolCalls: [
              { name: 'write_file', args: { path: 'docs/guides/upgrade.mdx', content: page.replace('/guides/instal)', '/guides/install)').replace('first.', 'first.</Note>') } },
              { name: 'replace_in_file', args: { path: 'docs/docs.json', oldText: '"guides/install"', newText: '"guides/install", "guides/upgrade"' } },
            ],
          };
        },
        { text: 'Added an upgrade page, linked it and put it in the navigation.' },
      ],
    });
    const outcome = await harness.run(1);
    expect(outcome).toMatchObject({ status: 'completed', changedFiles: ['docs/docs.json', 'docs/guides/upgrade.mdx'] });
    expect(harness.model.requests).toHaveLength(4);
    expect(harness.origin.show(harness.branch, 'docs/guides/upgrade.mdx')).toContain('(/guides/install)');
    const docsJson = JSON.parse(harness.origin.show(harness.branch, 'docs/docs.json')!) as { navigation: { groups: { pages: string[] }[] } };
    expect(docsJson.navigation.groups[0].pages).toEqual(['index', 'guides/install', 'guides/upgrade']);
    const validation = harness.records.messages.get(harness.jobId)!.filter((m) => m.role === 'validation');
    expect(validation).toHaveLength(1);
    expect((validation[0].content as { problems: string[] }).problems).toHaveLength(3);
    expect(harness.github.pulls[0].body).toContain('Passed: no new broken links');
  });

  it('stops after the configured validation rounds and reports what remains in the pull request', async () => {
    const write = (n: number) => ({ toolCalls: [{ name: 'write_file', args: { path: 'docs/new.mdx', content: `[x](/missing-${n})\n` } }] });
    harness = await startHarness({
      validateSite,
      limits: { validationRounds: 1 },
      script: [write(1), { text: 'done' }, write(2), { text: 'done again' }],
    });
    const outcome = await harness.run(1);
    expect(outcome.status).toBe('completed');
    expect(harness.model.requests).toHaveLength(4);
    expect(harness.github.pulls[0].body).toContain('2 problem(s) remain');
    expect(harness.github.pulls[0].body).toContain('/missing-2');
  });

  it.each(['openai', 'anthropic'] as const)('continues a validation round after a reply with no text (%s)', async (protocol) => {
    harness = await startHarness({
      protocol,
      validateSite,
      script: [
        { toolCalls: [{ name: 'write_file', args: { path: 'docs/index.mdx', content: '# Welcome\n\n[Install](/guides/instal)\n' } }] },
        {},
        (req) => {
          expect(req.lastUserText).toContain('broken link to "/guides/instal"');
          return { toolCalls: [{ name: 'replace_in_file', args: { path: 'docs/index.mdx', oldText: '/guides/instal)', newText: '/guides/install)' } }] };
        },
        { text: 'Fixed.' },
      ],
    });
    expect(await harness.run(1)).toMatchObject({ status: 'completed', changedFiles: ['docs/index.mdx'] });
    expect(harness.model.requests).toHaveLength(4);
  });
});
