import { existsSync, readdirSync } from 'node:fs';
import path from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import type { ProviderProtocol } from '../../src/agent/providers/types.js';
import { startHarness, type Harness } from './helpers/agent-harness.js';
import type { ScriptStep } from './servers/scripted-model.js';

const OLD = 'Run `npm install acme`.';
const NEW = 'Run `npm install acme@2`.';

/** Looks around, checks the listing it got back, edits the install page, finishes. */
function editingScript(): ScriptStep[] {
  return [
    { text: 'Let me look at the docs.', toolCalls: [{ name: 'list_files', args: { path: 'docs' } }] },
    (req) => {
      expect(req.toolResults[0].content).toContain('docs/guides/install.mdx');
      return { toolCalls: [{ name: 'replace_in_file', args: { path: 'docs/guides/install.mdx', oldText: OLD, newText: NEW } }] };
    },
    (req) => {
      expect(req.toolResults[0]).toMatchObject({ isError: false });
      return { text: 'Updated the install command to acme@2.' };
    },
  ];
}

let harness: Harness | undefined;
afterEach(async () => {
  await harness?.close();
  harness = undefined;
});

describe.each<ProviderProtocol>(['openai', 'anthropic'])('runAgentJob over the %s protocol', (protocol) => {
  it('edits, commits, pushes the job branch and opens a pull request', async () => {
    harness = await startHarness({ protocol, script: editingScript() });
    const { origin, github, records, jobId, branch } = harness;
    expect(records.jobs.get(jobId)!.status).toBe('active');

    const outcome = await harness.run(1);

    expect(outcome).toEqual({ status: 'completed', prLink: `${github.url}/acme/docs/pull/1`, changedFiles: ['docs/guides/install.mdx'] });
    expect(records.jobs.get(jobId)).toMatchObject({ status: 'completed', prLink: `${github.url}/acme/docs/pull/1`, prNumber: 1 });
    expect(origin.branches()).toEqual(['main', branch]);
    expect(origin.show(branch, 'docs/guides/install.mdx')).toContain(NEW);
    expect(origin.show('main', 'docs/guides/install.mdx')).toContain(OLD);
    expect(origin.git('log', '-1', '--format=%an <%ae>|%s', branch).trim()).toBe('Quire Agent <agent@quire.test>|Docs: Update the install command to acme@2');
    expect(github.pulls).toHaveLength(1);
    expect(github.pulls[0]).toMatchObject({ owner: 'acme', repo: 'docs', head: branch, base: 'main', title: 'Docs: Update the install command to acme@2' });
    expect(github.pulls[0].body).toContain('Updated the install command to acme@2.');
    expect(github.pulls[0].body).toContain('`docs/guides/install.mdx`');
    expect(github.requests.every((r) => r.authorization === 'token ghp_testtoken')).toBe(true);

    // The model got the system prompt, the prompt and the six tools.
    const first = harness.model.requests[0];
    const system = 'system' in first ? first.system : first.messages[0].content;
    expect(system).toContain('docs.json');
    expect(JSON.stringify(first)).toContain('Update the install command to acme@2');
    expect(first.tools).toHaveLength(6);

    const roles = records.messages.get(jobId)!.map((m) => m.role);
    expect(roles).toEqual(['user', 'assistant', 'tool', 'assistant', 'tool', 'assistant', 'result']);
    // Credentials never reach the transcript.
    expect(JSON.stringify(records.messages.get(jobId))).not.toMatch(/sk-test-secret|ghp_testtoken/);
  });
});

describe('runAgentJob', () => {
  it.each<ProviderProtocol>(['openai', 'anthropic'])('refuses ../../etc/passwd and absolute paths as tool errors (%s) and writes nothing outside', async (protocol) => {
    let outsideTarget = '';
    harness = await startHarness({
      protocol,
      script: [
        () => {
          outsideTarget = path.join(harness!.origin.dir, 'pwned.txt');
          return {
            toolCalls: [
              { name: 'write_file', args: { path: '../../etc/passwd', content: 'root::0:0::/:/bin/sh' } },
              { name: 'write_file', args: { path: outsideTarget, content: 'pwned' } },
              { name: 'read_file', args: { path: '/etc/passwd' } },
            ],
          };
        },
        (req) => {
          expect(req.toolResults.map((r) => r.isError)).toEqual([true, true, true]);
          expect(req.toolResults[0].content).toMatch(/outside the repository/);
          expect(req.toolResults[1].content).toMatch(/absolute/);
          return { text: 'I cannot write there.' };
        },
      ],
    });
    const outcome = await harness.run(1);
    expect(outcome).toMatchObject({ status: 'completed', prLink: null });
    expect(existsSync(path.join(harness.workRoot, '..', 'etc'))).toBe(false);
    expect(existsSync(outsideTarget)).toBe(false);
    expect(readdirSync(harness.workRoot)).toEqual([]); // the workspace is cleaned up
    const toolEntries = harness.records.messages.get(harness.jobId)!.filter((m) => m.role === 'tool');
    expect(toolEntries.map((m) => (m.content as { isError: boolean }).isError)).toEqual([true, true, true]);
  });

  it('completes with prLink null and pushes nothing when no file changed', async () => {
    harness = await startHarness({
      script: [{ toolCalls: [{ name: 'read_file', args: { path: 'docs/index.mdx' } }] }, { text: 'The docs already say this; nothing to change.' }],
    });
    const outcome = await harness.run(1);
    expect(outcome).toEqual({ status: 'completed', prLink: null, changedFiles: [] });
    expect(harness.records.jobs.get(harness.jobId)).toMatchObject({ status: 'completed', prLink: null });
    expect(harness.origin.branches()).toEqual(['main']);
    expect(harness.github.requests).toHaveLength(0);
  });

  it('continues the same branch and updates the same pull request on a follow-up', async () => {
    harness = await startHarness({
      script: [
        ...editingScript(),
        (req) => {
          expect(req.lastUserText).toContain('Earlier in this job');
          expect(req.lastUserText).toContain('Updated the install command to acme@2.');
          expect(req.lastUserText).toContain('Also mention yarn');
          return { toolCalls: [{ name: 'replace_in_file', args: { path: 'docs/guides/install.mdx', oldText: NEW, newText: `${NEW}\n\nWith yarn: \`yarn add acme@2\`.` } }] };
        },
        { text: 'Added the yarn command.' },
      ],
    });
    const { records, github, origin, jobId, branch } = harness;
    const first = await harness.run(1);
    expect(first.status).toBe('completed');
    const turn = records.followUp(jobId, 'Also mention yarn');
    expect(records.jobs.get(jobId)!.status).toBe('active');

    const second = await harness.run(turn);

    expect(second).toMatchObject({ status: 'completed', prLink: `${github.url}/acme/docs/pull/1` });
    expect(github.pulls).toHaveLength(1);
    expect(github.requests.filter((r) => r.method === 'PATCH')).toHaveLength(1);
    expect(github.pulls[0].body).toContain('Added the yarn command.');
    expect(github.pulls[0].body).toContain('Updated the install command to acme@2.');
    const content = origin.show(branch, 'docs/guides/install.mdx')!;
    expect(content).toContain(NEW);
    expect(content).toContain('yarn add acme@2');
    expect(origin.git('rev-list', '--count', `main..${branch}`).trim()).toBe('2');
    // A stale delivery of the first turn does nothing.
    expect(await harness.run(1)).toMatchObject({ status: 'skipped' });
  });

  it('re-delivered after a crash: restarts from a fresh clone, replaces its own push, finds the pull request', async () => {
    harness = await startHarness({ script: [...editingScript(), ...editingScript()] });
    const { records, github, origin, jobId, branch } = harness;
    await harness.run(1);
    // The process died after pushing and opening the PR, before the job was settled.
    records.jobs.get(jobId)!.status = 'active';
    records.messages.set(jobId, records.messages.get(jobId)!.filter((m) => m.role !== 'result'));

    const again = await harness.run(1);

    expect(again).toMatchObject({ status: 'completed', prLink: `${github.url}/acme/docs/pull/1` });
    expect(github.pulls).toHaveLength(1);
    expect(origin.git('rev-list', '--count', `main..${branch}`).trim()).toBe('1');
    expect(origin.show(branch, 'docs/guides/install.mdx')).toContain(NEW);
    // Delivered once more after it settled: nothing happens.
    expect(await harness.run(1)).toMatchObject({ status: 'skipped', reason: 'job is completed' });
  });

  it('builds prLink from the template with the plain git forge', async () => {
    harness = await startHarness({ protocol: 'anthropic', forge: 'git', script: editingScript() });
    const outcome = await harness.run(1);
    expect(outcome).toMatchObject({ status: 'completed', prLink: `https://git.example.com/acme/docs/compare/main...${harness.branch}` });
    expect(harness.origin.show(harness.branch, 'docs/guides/install.mdx')).toContain(NEW);
    expect(harness.github.requests).toHaveLength(0);
  });

  it('completes with prLink null when the plain git forge has no template (the default settings)', async () => {
    harness = await startHarness({ protocol: 'openai', forge: 'git-push-only', script: editingScript() });
    const outcome = await harness.run(1);
    expect(outcome).toMatchObject({ status: 'completed', prLink: null, changedFiles: ['docs/guides/install.mdx'] });
    expect(harness.records.jobs.get(harness.jobId)).toMatchObject({ status: 'completed', prLink: null, failureReason: null });
    expect(harness.origin.show(harness.branch, 'docs/guides/install.mdx')).toContain(NEW);
  });
});
