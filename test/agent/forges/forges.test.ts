import { afterEach, describe, expect, it } from 'vitest';
import { forgeSummary } from '../../../src/agent/agent-worker.js';
import { createGitForge } from '../../../src/agent/forges/git.js';
import { createGitHubForge } from '../../../src/agent/forges/github.js';
import { UnrecoverableError } from '../../../src/core/errors.js';
import { startGitHubServer, type FakeGitHub } from '../servers/github-server.js';

let github: FakeGitHub | undefined;
afterEach(async () => {
  await github?.close();
  github = undefined;
});

const request = { repository: 'https://ghe.example.com/acme/docs.git', base: 'main', head: 'quire/agent-aj_1', title: 'Docs: x', body: 'first' };

describe('GitHub forge', () => {
  it('opens a pull request through a GitHub Enterprise base URL, then finds and updates it', async () => {
    github = await startGitHubServer();
    const forge = createGitHubForge({ kind: 'github', githubApiUrl: `${github.url}/api/v3`, githubToken: 'ghp_x' });
    const first = await forge.openOrUpdatePullRequest(request);
    expect(first).toEqual({ url: `${github.url}/acme/docs/pull/1`, created: true, number: 1 });
    const second = await forge.openOrUpdatePullRequest({ ...request, body: 'second' });
    expect(second).toEqual({ url: `${github.url}/acme/docs/pull/1`, created: false, number: 1 });
    expect(github.pulls).toHaveLength(1);
    expect(github.pulls[0]).toMatchObject({ head: 'quire/agent-aj_1', base: 'main', body: 'second' });
    expect(github.requests.map((r) => `${r.method} ${r.path}`)).toEqual([
      'GET /api/v3/repos/acme/docs/pulls',
      'POST /api/v3/repos/acme/docs/pulls',
      'GET /api/v3/repos/acme/docs/pulls',
      'PATCH /api/v3/repos/acme/docs/pulls/1',
    ]);
    expect(github.requests[0].query.get('head')).toBe('acme:quire/agent-aj_1');
    expect(github.requests.every((r) => r.authorization === 'token ghp_x')).toBe(true);
  });

  it('turns a refusal into an unrecoverable error that names the repository', async () => {
    github = await startGitHubServer();
    const forge = createGitHubForge({ kind: 'github', githubApiUrl: github.url, githubToken: 'ghp_secret' });
    const error = await forge.openOrUpdatePullRequest({ ...request, title: '' }).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(UnrecoverableError);
    expect((error as Error).message).toMatch(/^GitHub refused the pull request for acme\/docs \(HTTP 422\)/);
    expect((error as Error).message).not.toContain('ghp_secret');
  });
});

describe('forge summary at start-up', () => {
  it('says what each forge setting gives', () => {
    expect(forgeSummary({ kind: 'git' })).toMatch(/push their branch and complete with prLink null/);
    expect(forgeSummary({ kind: 'git', prUrlTemplate: 'https://g.example/{repo}' })).toBe('agent jobs push their branch; prLink is built from https://g.example/{repo}');
    expect(forgeSummary({ kind: 'github', githubApiUrl: 'https://ghe.example/api/v3' })).toBe('agent jobs open pull requests on GitHub (https://ghe.example/api/v3)');
  });
});

describe('git forge', () => {
  it('builds the link from the template, and gives none without one', async () => {
    const forge = createGitForge({ kind: 'git', prUrlTemplate: 'https://git.example.com/{repo}/compare/{base}...{branch}' });
    expect(await forge.openOrUpdatePullRequest({ ...request, repository: 'git@git.example.com:acme/docs.git' })).toEqual({
      url: 'https://git.example.com/acme/docs/compare/main...quire/agent-aj_1',
      created: false,
    });
    expect(await createGitForge({ kind: 'git' }).openOrUpdatePullRequest(request)).toEqual({ url: null, created: false });
  });
});
