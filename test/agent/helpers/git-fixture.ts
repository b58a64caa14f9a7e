/**
 * Real git repositories for agent tests: a docs site committed in a working repo and
 * cloned bare as the "origin", reached over file://, inside the test's own temp folder.
 */
import { execFileSync } from 'node:child_process';
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';

export interface OriginRepo {
  /** Temp folder holding everything of this fixture. */
  dir: string;
  /** Path of the bare repository (ends with acme/docs.git, so its slug is acme/docs). */
  bare: string;
  /** file:// URL of the bare repository. */
  url: string;
  git(...args: string[]): string;
  /** Content of a file on a branch of the origin, or null when absent. */
  show(ref: string, file: string): string | null;
  /** Branch names present on the origin. */
  branches(): string[];
  cleanup(): void;
}

export const DOCS_FILES: Record<string, string> = {
  'README.md': '# Acme docs\n',
  'docs/docs.json': JSON.stringify(
    { name: 'Acme', colors: { primary: '#0A84FF' }, navigation: { groups: [{ group: 'Start', pages: ['index', 'guides/install'] }] } },
    null,
    2,
  ),
  'docs/index.mdx': '---\ntitle: Welcome\n---\n\n# Welcome\n\nRead the [install guide](/guides/install).\n',
  'docs/guides/install.mdx': '---\ntitle: Install\n---\n\n# Install\n\nRun `npm install acme`.\n',
};

export function createOriginRepo(files: Record<string, string> = DOCS_FILES): OriginRepo {
  const dir = mkdtempSync(path.join(os.tmpdir(), 'quire-agent-test-'));
  const work = path.join(dir, 'work');
  const bare = path.join(dir, 'acme', 'docs.git');
  const git = (cwd: string, ...args: string[]) =>
    execFileSync('git', ['-c', 'user.name=Test', '-c', 'user.email=test@example.com', '-c', 'init.defaultBranch=main', ...args], { cwd, encoding: 'utf8' });
  mkdirSync(work, { recursive: true });
  git(work, 'init', '--quiet');
  for (const [file, content] of Object.entries(files)) {
    mkdirSync(path.dirname(path.join(work, file)), { recursive: true });
    writeFileSync(path.join(work, file), content);
  }
  git(work, 'add', '--all');
  git(work, 'commit', '--quiet', '-m', 'initial docs');
  git(work, 'branch', '-M', 'main');
  mkdirSync(path.dirname(bare), { recursive: true });
  git(dir, 'clone', '--quiet', '--bare', work, bare);
  const inBare = (...args: string[]) => git(bare, ...args);
  return {
    dir,
    bare,
    url: `file://${bare}`,
    git: inBare,
    show(ref, file) {
      try {
        return inBare('show', `${ref}:${file}`);
      } catch {
        return null; // `git show` fails when the file is not in that commit: null says so
      }
    },
    branches() {
      return inBare('for-each-ref', '--format=%(refname:short)', 'refs/heads').split('\n').filter(Boolean).sort();
    },
    cleanup() {
      rmSync(dir, { recursive: true, force: true });
    },
  };
}
