/**
 * Plain git forge driver: the branch is already pushed, nothing else to call; the
 * `prLink` is built from the operator's URL template (a compare page, a merge request
 * form) so people still get one link to review.
 */
import { UnrecoverableError } from '../../core/errors.js';
import { repositorySlug, type Forge, type ForgeConfig, type PullRequestRequest, type PullRequestResult } from './types.js';

export function createGitForge(config: ForgeConfig): Forge {
  return {
    kind: 'git',
    async openOrUpdatePullRequest(request: PullRequestRequest): Promise<PullRequestResult> {
      if (!config.prUrlTemplate) {
        throw new UnrecoverableError('The branch was pushed, but no pull request URL template is configured (QUIRE_FORGE_PR_URL_TEMPLATE)');
      }
      const values: Record<string, string> = { repo: repositorySlug(request.repository), base: request.base, branch: request.head };
      const url = config.prUrlTemplate.replace(/\{(repo|base|branch)\}/g, (_, key: string) =>
        key === 'repo' ? values.repo : encodeURIComponent(values[key]).replace(/%2F/g, '/'),
      );
      return { url, created: false };
    },
  };
}
