import { existsSync, mkdirSync, mkdtempSync, readFileSync, realpathSync, rmSync, symlinkSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { executeToolCall, toolDefinitions } from '../../../src/agent/tools/tool-set.js';

let base: string;
let root: string;
let outside: string;

beforeEach(() => {
  base = realpathSync(mkdtempSync(path.join(os.tmpdir(), 'quire-tools-')));
  root = path.join(base, 'repo');
  outside = path.join(base, 'outside');
  mkdirSync(path.join(root, 'docs'), { recursive: true });
  mkdirSync(path.join(root, '.git'), { recursive: true });
  mkdirSync(outside);
  writeFileSync(path.join(root, 'docs', 'a.mdx'), 'one\ntwo\nthree\ntwo\n');
  writeFileSync(path.join(root, '.git', 'config'), '[core]\n');
  writeFileSync(path.join(outside, 'secret.txt'), 'top secret\n');
});
afterEach(() => rmSync(base, { recursive: true, force: true }));

const call = (name: string, args: unknown) => executeToolCall(name, args, { root });

describe('path confinement', () => {
  it('refuses .. escapes and absolute paths for every tool, writing nothing outside', async () => {
    for (const bad of ['../../etc/passwd', '../outside/secret.txt', '/etc/passwd', path.join(outside, 'x.txt')]) {
      for (const [name, args] of [
        ['read_file', { path: bad }],
        ['write_file', { path: bad, content: 'pwned' }],
        ['replace_in_file', { path: bad, oldText: 'top', newText: 'pwned' }],
        ['delete_file', { path: bad }],
        ['list_files', { path: bad }],
        ['search_files', { query: 'secret', path: bad }],
      ] as const) {
        const result = await call(name, args);
        expect(result.isError, `${name} ${bad}`).toBe(true);
        expect(result.content).toMatch(/absolute|outside the repository/);
        if (!bad.startsWith(base)) expect(result.content).not.toContain(base);
      }
    }
    expect(readFileSync(path.join(outside, 'secret.txt'), 'utf8')).toBe('top secret\n');
    expect(existsSync(path.join(outside, 'x.txt'))).toBe(false);
  });

  it('refuses symlinks that point outside, including dangling ones', async () => {
    symlinkSync(outside, path.join(root, 'docs', 'linkdir'));
    symlinkSync(path.join(outside, 'secret.txt'), path.join(root, 'docs', 'link.txt'));
    symlinkSync(path.join(outside, 'not-yet.txt'), path.join(root, 'docs', 'dangling.txt'));
    expect((await call('read_file', { path: 'docs/link.txt' })).content).toMatch(/symbolic link/);
    expect((await call('write_file', { path: 'docs/linkdir/new.txt', content: 'x' })).content).toMatch(/symbolic link/);
    expect((await call('write_file', { path: 'docs/dangling.txt', content: 'x' })).isError).toBe(true);
    expect((await call('replace_in_file', { path: 'docs/link.txt', oldText: 'top', newText: 'x' })).isError).toBe(true);
    expect(existsSync(path.join(outside, 'new.txt'))).toBe(false);
    expect(existsSync(path.join(outside, 'not-yet.txt'))).toBe(false);
    expect(readFileSync(path.join(outside, 'secret.txt'), 'utf8')).toBe('top secret\n');
  });

  it('keeps .git off limits and out of listings', async () => {
    expect((await call('read_file', { path: '.git/config' })).content).toMatch(/\.git/);
    expect((await call('write_file', { path: 'docs/../.git/hooks/post-commit', content: 'x' })).isError).toBe(true);
    const listing = await call('list_files', {});
    expect(listing.content.split('\n')).toEqual(['docs/a.mdx']);
  });
});

describe('file tools', () => {
  it('reads a line range with numbers', async () => {
    const result = await call('read_file', { path: 'docs/a.mdx', startLine: 2, endLine: 3 });
    expect(result).toMatchObject({ isError: false, content: '2\ttwo\n3\tthree\n' });
  });

  it('writes new files with parent folders and reports changes', async () => {
    const result = await call('write_file', { path: 'docs/new/page.mdx', content: '# New\n' });
    expect(result).toMatchObject({ isError: false, changedFiles: true });
    expect(readFileSync(path.join(root, 'docs/new/page.mdx'), 'utf8')).toBe('# New\n');
  });

  it('replaces an exact span only when it occurs exactly once', async () => {
    expect((await call('replace_in_file', { path: 'docs/a.mdx', oldText: 'two', newText: '2' })).content).toMatch(/occurs 2 times/);
    expect((await call('replace_in_file', { path: 'docs/a.mdx', oldText: 'four', newText: '4' })).content).toMatch(/not found/);
    const ok = await call('replace_in_file', { path: 'docs/a.mdx', oldText: 'three\ntwo', newText: '3\n2' });
    expect(ok.isError).toBe(false);
    expect(readFileSync(path.join(root, 'docs/a.mdx'), 'utf8')).toBe('one\ntwo\n3\n2\n');
  });

  it('deletes files but not folders', async () => {
    expect((await call('delete_file', { path: 'docs' })).isError).toBe(true);
    expect((await call('delete_file', { path: 'docs/a.mdx' })).isError).toBe(false);
    expect(existsSync(path.join(root, 'docs/a.mdx'))).toBe(false);
  });

  it('searches text and regex with bounded results', async () => {
    expect((await call('search_files', { query: 'TWO' })).content).toBe('docs/a.mdx:2: two\ndocs/a.mdx:4: two');
    expect((await call('search_files', { query: '^t(hree|wo)$', regex: true, caseSensitive: true })).content.split('\n')).toHaveLength(3);
    expect((await call('search_files', { query: '(', regex: true })).content).toMatch(/invalid regular expression/);
    // Linear time on RE2's engine: JavaScript's would backtrack for minutes here.
    writeFileSync(path.join(root, 'docs/runs.md'), `${'a'.repeat(34)}!\n${'a'.repeat(5000)}\n`);
    expect((await call('search_files', { query: '(a+)+$', regex: true, path: 'docs/runs.md' })).content).toBe(`docs/runs.md:2: ${'a'.repeat(400)}`);
    expect((await call('search_files', { query: '(?<=x)y', regex: true })).content).toMatch(/^Error: invalid regular expression \(RE2 syntax: no backreferences or lookaround\): .*\(\?<=x\)y/);
    writeFileSync(path.join(root, 'docs/many.md'), 'hit\n'.repeat(300));
    const many = await call('search_files', { query: 'hit' });
    expect(many.content).toMatch(/stopped after 100 matches/);
  });

  it('answers bad arguments and unknown tools as errors the model sees', async () => {
    expect((await call('read_file', {})).content).toMatch(/invalid arguments for read_file: path/);
    expect((await call('run_shell', { cmd: 'ls' })).content).toMatch(/unknown tool/);
  });

  it('describes every tool with a JSON schema', () => {
    const defs = toolDefinitions();
    expect(defs.map((d) => d.name)).toEqual(['list_files', 'read_file', 'search_files', 'write_file', 'replace_in_file', 'delete_file']);
    const write = defs.find((d) => d.name === 'write_file')!;
    expect(write.parameters).toMatchObject({ type: 'object', required: ['path', 'content'] });
  });
});
