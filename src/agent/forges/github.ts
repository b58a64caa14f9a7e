/**
 * GitHub forge driver through `@octokit/rest` (base URL configurable for GitHub
 * Enterprise). Looks for an open pull request from the job's branch first, so a
 * follow-up or a re-delivered job updates the one pull request instead of opening another.
 */
import { Octokit } from '@octokit/rest';
import { UnrecoverableError } from '../../core/errors.js';
import { scrubSecrets } from '../../git/git-runner.js';
import { repositorySlug, type Forge, type ForgeConfig, type PullRequestRequest, type PullRequestResult } from './types.js';

export function createGitHubForge(config: ForgeConfig): Forge {
  const octokit = new Octokit({
    auth: config.githubToken,
    baseUrl: config.githubApiUrl ?? 'https://api.github.com',
    userAgent: 'quire-agent',
    request: { retries: 0 },
  });
  return {
    kind: 'github',
    async openOrUpdatePullRequest(request: PullRequestRequest): Promise<PullRequestResult> {
      const [owner, repo] = repositorySlug(request.repository).split('/');
      try {
        const existing = await octokit.rest.pulls.list({ owner, repo, state: 'open', head: `${owner}:${request.head}`, per_page: 10 });
        const match = existing.data.find((pull) => pull.head.ref === request.head);
        if (match) {
          const updated = await octokit.rest.pulls.update({ owner, repo, pull_number: match.number, title: request.title, body: request.body });
          return { url: updated.data.html_url, created: false, number: updated.data.number };
        }
        const created = await octokit.rest.pulls.create({ owner, repo, head: request.head, base: request.base, title: request.title, body: request.body });
        return { url: created.data.html_url, created: true, number: created.data.number };
      } catch (error) {
        const status = (error as { status?: number }).status;
        const detail = scrubSecrets((error as Error).message ?? String(error), [config.githubToken ?? '']);
        throw new UnrecoverableError(`GitHub refused the pull request for ${owner}/${repo}${status ? ` (HTTP ${status})` : ''}: ${detail}`);
      }
    },
  };
}
