/**
 * The job's workspace: a fresh clone of the project's repository in a temp folder, on
 * branch `quire/agent-<jobId>` started from the requested ref (or continued from the
 * commit an earlier turn left), with the few git operations the runtime needs: what
 * changed, commit with the configured author, push the job's own branch, clean up.
 */
import { mkdtemp, realpath, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { UnrecoverableError } from '../core/errors.js';
import { GitCommandError, GitRunner, isRemoteUrl, type GitCredentials } from '../git/git-runner.js';

export interface GitAuthor {
  name: string;
  email: string;
}

export interface OpenWorkspaceOptions {
  /** Repository URL (https, ssh, git, file) or a local path. */
  repository: string;
  /** Branch, tag or commit to start from. */
  ref: string;
  /** The job's branch, e.g. `quire/agent-<jobId>`. */
  branch: string;
  /** Commit an earlier turn ended on: the branch continues from it when it is reachable. */
  continueFrom?: string | null;
  credentials?: GitCredentials;
  /** Folder under which the temp workspace is made. @default os.tmpdir() */
  workRoot?: string;
  signal?: AbortSignal;
}

export interface Workspace {
  /** Real path of the checkout. */
  root: string;
  branch: string;
  /** Commit the branch started from in this run. */
  startCommit: string;
  /** Files changed against the start commit (added, modified, deleted), sorted. */
  changedFiles(): Promise<string[]>;
  /** Stages everything and commits; returns the new commit id. */
  commit(message: string, author: GitAuthor): Promise<string>;
  /** Pushes the branch to origin, replacing only what this job pushed there before. */
  push(): Promise<void>;
  dispose(): Promise<void>;
}

export function agentBranchName(jobId: string): string {
  return `quire/agent-${jobId}`;
}

/** What the server said (`remote:` lines, e.g. a hook's reason) and git's last words. */
function failureDetail(error: GitCommandError): string {
  const lines = error.stderr.split('\n').map((line) => line.trim()).filter(Boolean);
  const remote = lines.filter((line) => line.startsWith('remote:'));
  const picked = [...remote, ...lines.slice(-3).filter((line) => !remote.includes(line))];
  return picked.join(' ') || error.message;
}

async function tryRevParse(git: GitRunner, cwd: string, spec: string): Promise<string | null> {
  try {
    return (await git.run(['rev-parse', '--verify', '--quiet', `${spec}^{commit}`], { cwd })).trim() || null;
  } catch {
    // `rev-parse --verify --quiet` fails exactly when `spec` names no commit: that is the answer.
    return null;
  }
}

export async function openWorkspace(options: OpenWorkspaceOptions): Promise<Workspace> {
  const source = isRemoteUrl(options.repository) ? options.repository : path.resolve(options.repository);
  const git = new GitRunner(source, options.credentials);
  const dir = await mkdtemp(path.join(options.workRoot ?? os.tmpdir(), 'quire-agent-'));
  const signal = options.signal;
  try {
    try {
      // Links are checked out as plain files holding their target's text (git still
      // records them as links, so a commit leaves them as they were): the agent's tools
      // can never reach through one to the worker's own files.
      await git.run(['clone', '--config', 'core.symlinks=false', '--quiet', '--no-tags', '--', source, dir], { signal });
    } catch (error) {
      if (!(error instanceof GitCommandError)) throw error;
      throw new UnrecoverableError(`Could not clone the repository ${git.scrub(source)}: ${failureDetail(error)}`);
    }
    const root = await realpath(dir);
    const run = (args: string[]) => git.run(args, { cwd: root, signal });
    const remoteBranch = await tryRevParse(git, root, `refs/remotes/origin/${options.branch}`);
    let start: string | null = null;
    if (options.continueFrom) {
      start = await tryRevParse(git, root, options.continueFrom);
      if (!start) throw new UnrecoverableError(`The commit ${options.continueFrom} of the previous turn is no longer on branch ${options.branch}`);
    } else {
      if (!(await tryRevParse(git, root, `refs/remotes/origin/${options.ref}`))) {
        await run(['fetch', '--quiet', 'origin', options.ref]).catch(() => undefined); // a tag or a commit
      }
      start =
        (await tryRevParse(git, root, `refs/remotes/origin/${options.ref}`)) ??
        (await tryRevParse(git, root, `refs/tags/${options.ref}`)) ??
        (await tryRevParse(git, root, options.ref)) ??
        (await tryRevParse(git, root, 'FETCH_HEAD'));
      if (!start) throw new UnrecoverableError(`Ref "${options.ref}" not found in the repository`);
    }
    await run(['checkout', '--quiet', '-B', options.branch, start]);

    return {
      root,
      branch: options.branch,
      startCommit: start,
      async changedFiles() {
        await run(['add', '--all']);
        const out = await run(['diff', '--cached', '--name-only', '--no-renames', '-z', start]);
        return out.split('\0').filter(Boolean).sort();
      },
      async commit(message, author) {
        await run(['add', '--all']);
        await run(['-c', `user.name=${author.name}`, '-c', `user.email=${author.email}`, 'commit', '--quiet', '--no-verify', '-m', message]);
        return (await run(['rev-parse', 'HEAD'])).trim();
      },
      async push() {
        // Lease on what the remote branch was at clone time: a re-delivered job may
        // replace its own earlier push, but never a branch someone else moved since.
        const lease = `--force-with-lease=refs/heads/${options.branch}:${remoteBranch ?? ''}`;
        try {
          await run(['push', '--quiet', lease, 'origin', `HEAD:refs/heads/${options.branch}`]);
        } catch (error) {
          if (!(error instanceof GitCommandError)) throw error;
          throw new UnrecoverableError(`Push of branch ${options.branch} was refused: ${failureDetail(error)}`);
        }
      },
      async dispose() {
        await rm(dir, { recursive: true, force: true });
      },
    };
  } catch (error) {
    await rm(dir, { recursive: true, force: true });
    throw error;
  }
}
