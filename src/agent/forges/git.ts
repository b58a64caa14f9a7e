/**
 * Plain git forge driver: the branch is already pushed, nothing else to call. With an
 * operator's URL template (a compare page, a merge request form) the `prLink` is built
 * from it, so people still get one link to review; without one the job completes with
 * `prLink` null and the pushed branch (the job's `source.ref`) is the result.
 */
import { repositorySlug, type Forge, type ForgeConfig, type PullRequestRequest, type PullRequestResult } from './types.js';

export function createGitForge(config: ForgeConfig): Forge {
  return {
    kind: 'git',
    async openOrUpdatePullRequest(request: PullRequestRequest): Promise<PullRequestResult> {
      if (!config.prUrlTemplate) return { url: null, created: false };
      const values: Record<string, string> = { repo: repositorySlug(request.repository), base: request.base, branch: request.head };
      const url = config.prUrlTemplate.replace(/\{(repo|base|branch)\}/g, (_, key: string) =>
        key === 'repo' ? values.repo : encodeURIComponent(values[key]).replace(/%2F/g, '/'),
      );
      return { url, created: false };
    },
  };
}
