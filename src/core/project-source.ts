/**
 * Gets a project's documentation source for an export: a local folder is used in
 * place; a git repository is cloned shallow at the project's ref into the job's work
 * folder (credentials through environment-based git config, never logged).
 */
import { existsSync, realpathSync, statSync } from 'node:fs';
import { mkdir, rm } from 'node:fs/promises';
import { isAbsolute, join, relative, resolve } from 'node:path';
import { GitCommandError, GitRunner, isRemoteUrl, type GitCredentials } from '../git/git-runner.js';
import type { Project } from '../store/records/projects.js';
import { UnrecoverableError } from './errors.js';

export interface ProjectSource {
  /** The folder holding docs.json (the project's docs path inside the checkout). */
  docsRoot: string;
  dispose(): Promise<void>;
}

/** The docs folder inside the checkout; a docs path that is (or passes) a link out of the checkout is refused. */
function docsRootOf(checkout: string, docsPath: string): string {
  const root = resolve(checkout, docsPath);
  if (!existsSync(root) || !statSync(root).isDirectory()) {
    throw new UnrecoverableError(`The docs folder "${docsPath}" does not exist in the repository`);
  }
  const rel = relative(realpathSync.native(checkout), realpathSync.native(root));
  if (rel.startsWith('..') || isAbsolute(rel)) {
    throw new UnrecoverableError(`The docs folder "${docsPath}" leads outside the repository (through ".." or a symbolic link)`);
  }
  return root;
}

export async function fetchProjectSource(
  project: Project,
  options: { workDir: string; credentials?: GitCredentials; signal?: AbortSignal; ref?: string },
): Promise<ProjectSource> {
  if (!isRemoteUrl(project.repository)) {
    if (!isAbsolute(project.repository) || !existsSync(project.repository)) {
      throw new UnrecoverableError(`The project's repository folder does not exist: ${project.repository}`);
    }
    return { docsRoot: docsRootOf(project.repository, project.docsPath), dispose: async () => undefined };
  }
  const checkout = join(options.workDir, 'source');
  await rm(checkout, { recursive: true, force: true });
  await mkdir(options.workDir, { recursive: true });
  const git = new GitRunner(project.repository, options.credentials);
  const ref = options.ref ?? project.defaultRef;
  try {
    // core.symlinks=false: links in a tenant's repository are checked out as small plain
    // files holding the target's text, so none can point at the worker's own files.
    await git.run(['clone', '--config', 'core.symlinks=false', '--quiet', '--depth', '1', '--branch', ref, '--single-branch', '--no-tags', '--', project.repository, checkout], {
      signal: options.signal,
    });
  } catch (err) {
    if (err instanceof GitCommandError) throw new Error(`Could not clone the repository at ${ref}: ${err.message}`, { cause: err });
    throw err;
  }
  return {
    docsRoot: docsRootOf(checkout, project.docsPath),
    dispose: () => rm(checkout, { recursive: true, force: true }),
  };
}
