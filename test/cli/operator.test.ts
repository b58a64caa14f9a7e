/** Operator commands through the real `quire` process: --json output and bad arguments. */
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { runQuire } from '../helpers/cli.js';

let dataDir: string;
let env: Record<string, string>;

beforeAll(() => {
  dataDir = mkdtempSync(join(tmpdir(), 'quire-cli-'));
  env = { QUIRE_DATA_DIR: dataDir };
});
afterAll(() => rmSync(dataDir, { recursive: true, force: true }));

describe('operator commands', () => {
  it("prints Quire's version with --version and -V, and a subcommand's own --version stays its option", async () => {
    const { version } = JSON.parse(readFileSync(new URL('../../package.json', import.meta.url), 'utf8')) as { version: string };
    for (const flag of ['--version', '-V']) {
      const out = await runQuire([flag], env);
      expect(out.code).toBe(0);
      expect(out.stdout).toBe(`${version}\n`);
    }
    const help = await runQuire(['--help'], env);
    expect(help.stdout).toMatch(/-V, --version +print Quire's version/);
    const remote = await runQuire(['remote', 'export', '--help'], env);
    expect(remote.stdout).toMatch(/--version <[a-z]+>/);
  });

  it('creates an organization, a key, a project and lists them as JSON', async () => {
    const org = await runQuire(['org', 'create', '--name', 'Acme', '--features', 'static-export', '--json'], env);
    expect(org.code).toBe(0);
    const orgJson = JSON.parse(org.stdout) as { id: string; features: string[] };
    expect(orgJson.features).toEqual(['static-export']);

    const key = await runQuire(['key', 'create', '--org', orgJson.id, '--scope', 'read', '--expires', '90d', '--json'], env);
    expect(key.code).toBe(0);
    const keyJson = JSON.parse(key.stdout) as { id: string; key: string; scopes: string[]; expiresAt: string };
    expect(keyJson.key).toMatch(/^svc_[0-9A-Za-z]{40}$/);
    expect(keyJson.scopes).toEqual(['read']);
    expect(Date.parse(keyJson.expiresAt) - Date.now()).toBeGreaterThan(89 * 86_400_000);

    const project = await runQuire(['project', 'create', '--org', orgJson.id, '--domain', 'docs.example.com', '--repo', '/srv/docs', '--ref', 'trunk', '--docs-path', 'docs', '--json'], env);
    expect(project.code).toBe(0);
    expect(JSON.parse(project.stdout)).toMatchObject({ domain: 'docs.example.com', repository: '/srv/docs', defaultRef: 'trunk', docsPath: 'docs' });

    const projectId = (JSON.parse(project.stdout) as { id: string; siteScripts: boolean }).id;
    expect(JSON.parse(project.stdout)).toMatchObject({ siteScripts: false });
    const on = await runQuire(['project', 'set', projectId, '--site-scripts', 'on', '--json'], env);
    expect(on.code).toBe(0);
    expect(JSON.parse(on.stdout)).toMatchObject({ id: projectId, siteScripts: true });
    const bad = await runQuire(['project', 'set', projectId, '--site-scripts', 'yes'], env);
    expect(bad.code).toBe(2);
    expect(bad.stderr).toMatch(/--site-scripts must be "on" or "off", not "yes"/);
    const missing = await runQuire(['project', 'set', 'prj_missing', '--site-scripts', 'off', '--json'], env);
    expect(missing.code).toBe(1);
    expect(JSON.parse(missing.stdout)).toEqual({ error: 'Project not found: prj_missing' });

    const keys = JSON.parse((await runQuire(['key', 'list', '--json'], env)).stdout) as { keys: Record<string, unknown>[] };
    expect(keys.keys).toHaveLength(1);
    expect(keys.keys[0]).not.toHaveProperty('hash');
    expect(JSON.stringify(keys)).not.toContain(keyJson.key);

    const revoke = await runQuire(['key', 'revoke', keyJson.id, '--json'], env);
    expect(JSON.parse(revoke.stdout)).toEqual({ id: keyJson.id, revoked: true });
    const projects = JSON.parse((await runQuire(['project', 'list', '--json'], env)).stdout) as { projects: unknown[] };
    expect(projects.projects).toHaveLength(1);
  });

  it.each([
    [['org', 'create', '--name', 'X', '--features', 'billing'], /Invalid feature "billing"/],
    [['key', 'create', '--org', 'org_x', '--scope', 'admin'], /Invalid scope "admin"/],
    [['key', 'create', '--org', 'org_x', '--expires', 'soon'], /Invalid expiry "soon"/],
    [['key', 'create', '--org', 'org_x', '--expires', '99999999999d'], /Invalid expiry "99999999999d": too far in the future/],
    [['key', 'create', '--org', 'org_x', '--expires', '+275760-01-01'], /Invalid expiry "\+275760-01-01"/],
    [['project', 'create', '--org', 'org_x', '--domain', 'https://docs.example.com', '--repo', '/srv'], /without a scheme: "https:\/\/docs.example.com"/],
    [['project', 'create', '--org', 'org_x', '--domain', 'docs.example.com:8080', '--repo', '/srv'], /without a port/],
    [['key', 'create'], /required option '--org <id>'/],
    [['frobnicate'], /unknown command 'frobnicate'/],
  ])('rejects %j naming the bad value', async (args, message) => {
    const res = await runQuire(args, env);
    expect(res.code).toBe(2);
    expect(res.stderr).toMatch(message);
    expect(res.stderr).not.toMatch(/\n\s+at /);
  });

  it('answers a missing organization with exit 1 and one JSON object under --json', async () => {
    const res = await runQuire(['key', 'create', '--org', 'org_missing', '--json'], env);
    expect(res.code).toBe(1);
    expect(JSON.parse(res.stdout)).toEqual({ error: 'Organization not found: org_missing' });
  });
});

describe('quire migrate', () => {
  it('applies the migrations once and then reports the database up to date', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'quire-migrate-'));
    try {
      const first = await runQuire(['migrate', '--json'], { QUIRE_DATA_DIR: dir });
      expect(first.code).toBe(0);
      expect(JSON.parse(first.stdout)).toEqual({ dialect: 'sqlite', applied: ['001-initial', '002-queue', '003-project-settings'], queue: 'local' });
      const again = await runQuire(['migrate'], { QUIRE_DATA_DIR: dir });
      expect(again.stdout).toContain('The sqlite database is up to date');
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });
});
