/**
 * The forge port: after the job's branch is pushed, open (or, on a follow-up or a
 * re-delivered job, find and update) the pull request and return its web URL.
 */

export interface PullRequestRequest {
  /** The project's repository URL, as configured. */
  repository: string;
  /** Branch the changes go into (the job's ref). */
  base: string;
  /** The job's branch. */
  head: string;
  title: string;
  body: string;
}

export interface PullRequestResult {
  /** Web URL for people: the job's `prLink`; null when the forge has none (push only). */
  url: string | null;
  /** False when an existing pull request for the branch was found and updated. */
  created: boolean;
  /** The forge's number for it, when it has one. */
  number?: number;
}

export interface Forge {
  readonly kind: ForgeKind;
  openOrUpdatePullRequest(request: PullRequestRequest): Promise<PullRequestResult>;
}

export type ForgeKind = 'github' | 'git';

export interface ForgeConfig {
  kind: ForgeKind;
  /** GitHub REST base URL. @default 'https://api.github.com' (GitHub Enterprise: `https://HOST/api/v3`) */
  githubApiUrl?: string;
  githubToken?: string;
  /**
   * For the plain git forge: the link recorded as `prLink`, with `{repo}` (owner/name),
   * `{base}` and `{branch}` replaced. Example: `https://git.example.com/{repo}/compare/{base}...{branch}`
   */
  prUrlTemplate?: string;
}

/**
 * `owner/name` from a repository URL or path: its last two path segments without
 * `.git` (`https://github.com/acme/docs.git`, `git@github.com:acme/docs`, `/srv/git/acme/docs.git`).
 */
export function repositorySlug(repository: string): string {
  const withoutScp = repository.replace(/^[^/\s]+@[^/\s:]+:/, '/');
  const pathPart = /^[a-z][a-z0-9+.-]*:\/\//i.test(withoutScp) ? new URL(withoutScp).pathname : withoutScp;
  const segments = pathPart.replace(/\/+$/, '').replace(/\.git$/, '').split(/[\\/]/).filter(Boolean);
  if (segments.length < 2) throw new Error(`cannot tell owner/name from repository "${repository}"`);
  return segments.slice(-2).join('/');
}
