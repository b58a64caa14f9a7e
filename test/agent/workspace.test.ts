import { execFileSync } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { UnrecoverableError } from '../../src/core/errors.js';
import { repositorySlug } from '../../src/agent/forges/types.js';
import { GitRunner, scrubSecrets } from '../../src/git/git-runner.js';
import { openWorkspace } from '../../src/agent/workspace.js';
import { createOriginRepo, type OriginRepo } from './helpers/git-fixture.js';

let origin: OriginRepo | undefined;
afterEach(() => origin?.cleanup());

describe('openWorkspace', () => {
  it('clones a local path, checks out a tag on the job branch and sees what changed', async () => {
    origin = createOriginRepo();
    origin.git('tag', 'v1', 'main');
    const ws = await openWorkspace({ repository: origin.bare, ref: 'v1', branch: 'quire/agent-t1', workRoot: origin.dir });
    try {
      expect(execFileSync('git', ['branch', '--show-current'], { cwd: ws.root, encoding: 'utf8' }).trim()).toBe('quire/agent-t1');
      expect(await ws.changedFiles()).toEqual([]);
      execFileSync('git', ['rm', '--quiet', 'README.md'], { cwd: ws.root });
      expect(await ws.changedFiles()).toEqual(['README.md']);
    } finally {
      await ws.dispose();
    }
  });

  it('fails unrecoverably on an unknown ref and leaves no workspace behind', async () => {
    origin = createOriginRepo();
    const workRoot = mkdtempSync(path.join(origin.dir, 'ws-'));
    const attempt = openWorkspace({ repository: origin.url, ref: 'no-such-branch', branch: 'quire/agent-t2', workRoot });
    await expect(attempt).rejects.toThrow(UnrecoverableError);
    await expect(attempt).rejects.toThrow('Ref "no-such-branch" not found in the repository');
    expect(execFileSync('ls', ['-A', workRoot], { encoding: 'utf8' })).toBe('');
  });
});

describe('git credentials', () => {
  it('passes an https token through environment config scoped to the host, never through argv', async () => {
    const dir = mkdtempSync(path.join(os.tmpdir(), 'quire-git-'));
    try {
      const git = new GitRunner('https://git.example.com/acme/docs.git', { token: 'tok-123' });
      const header = await git.run(['config', '--get', 'http.https://git.example.com/.extraheader'], { cwd: dir });
      expect(header.trim()).toBe(`Authorization: Basic ${Buffer.from('x-access-token:tok-123').toString('base64')}`);
      const error = await git.run(['clone', '--quiet', 'https://someone:tok-123@127.0.0.1:9/acme/docs.git', path.join(dir, 'c')]).catch((e: Error) => e);
      expect(error).toBeInstanceOf(Error);
      expect((error as Error).message).toMatch(/^git clone failed/);
      expect((error as Error).message).not.toContain('tok-123');
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });

  it('scrubs URL credentials and known secrets', () => {
    expect(scrubSecrets('fatal: https://me:pw@host/x and ssh://git:k@h/y', ['zzz'])).toBe('fatal: https://***@host/x and ssh://***@h/y');
    expect(scrubSecrets('token zzz leaked', ['zzz'])).toBe('token *** leaked');
  });
});

describe('repositorySlug', () => {
  it.each([
    ['https://github.com/acme/docs.git', 'acme/docs'],
    ['https://ghe.example.com/org/site', 'org/site'],
    ['git@github.com:acme/docs.git', 'acme/docs'],
    ['ssh://git@github.com/acme/docs.git', 'acme/docs'],
    ['file:///srv/git/acme/docs.git', 'acme/docs'],
    ['/srv/git/acme/docs', 'acme/docs'],
  ])('%s -> %s', (url, slug) => expect(repositorySlug(url)).toBe(slug));
});
