/**
 * A site's own skill.md (Mintlify's ai/skillmd.mdx, "Custom skill files") in real exports:
 * served byte for byte at /skill.md and not as a page, listed by /.well-known/skills/ and
 * /.well-known/agent-skills/ (with its sha256), not published when restricted to groups,
 * served unlisted without the frontmatter the discovery needs.
 */
import { createHash } from 'node:crypto';
import { mkdirSync, readdirSync, readFileSync, symlinkSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { exportSite } from '../../../src/render/export-site.js';
import { skillSlug } from '../../../src/render/agents/skill-files.js';
import type { ExportReport } from '../../../src/render/types.js';
import { tempDir, writeFiles, type TempDir } from '../site/make-site.js';

const SKILL = [
  '---',
  'name: "Acme Payments!"',
  'description: Take payments with Acme. Use when charging cards or issuing refunds.',
  'license: MIT',
  'metadata:',
  '  author: acme',
  '  version: "1.0"',
  '---',
  '',
  '# Acme payments',
  '',
  'Call `POST /charges` with an amount in cents.',
  '',
].join('\n');

let tmp: TempDir;
const outFiles = (out: string) => readdirSync(join(tmp.path, out), { recursive: true, encoding: 'utf8' }).sort();
const read = (out: string, file: string) => readFileSync(join(tmp.path, out, file), 'utf8');

async function exportWith(name: string, skill: string, baseUrl?: string): Promise<ExportReport> {
  const root = join(tmp.path, name);
  writeFiles(root, {
    'docs.json': JSON.stringify({ name: 'Acme', navigation: { groups: [{ group: 'Docs', pages: ['index'] }] } }),
    'index.mdx': '---\ntitle: Home\n---\n\nWelcome.\n',
    'skill.md': skill,
  });
  return exportSite({ root, outDir: join(tmp.path, `${name}-out`), workers: 0, ...(baseUrl ? { baseUrl } : {}) });
}

beforeAll(() => {
  tmp = tempDir('quire-skill-');
});
afterAll(() => tmp.cleanup());

describe("a site's own skill.md", () => {
  it('is served as it is at /skill.md, and is not a page', async () => {
    const report = await exportWith('plain', SKILL);
    expect(read('plain-out', 'skill.md')).toBe(SKILL);
    expect(outFiles('plain-out')).not.toContain('skill.html');
    expect(read('plain-out', 'llms.txt')).not.toContain('skill');
    expect(report.diagnostics.filter((d) => d.file === 'skill.md')).toEqual([]);
  });

  it('is listed by both discovery endpoints, under its name made a slug, with its digest', async () => {
    await exportWith('listed', SKILL);
    expect(JSON.parse(read('listed-out', '.well-known/skills/index.json'))).toEqual({
      skills: [{ name: 'acme-payments', description: 'Take payments with Acme. Use when charging cards or issuing refunds.', files: ['SKILL.md'] }],
    });
    for (const f of ['.well-known/skills/acme-payments/skill.md', '.well-known/skills/acme-payments/SKILL.md', '.well-known/agent-skills/acme-payments/SKILL.md']) expect(read('listed-out', f)).toBe(SKILL);
    expect(JSON.parse(read('listed-out', '.well-known/agent-skills/index.json'))).toEqual({
      $schema: 'https://schemas.agentskills.io/discovery/0.2.0/schema.json',
      skills: [{
        name: 'acme-payments',
        type: 'skill-md',
        description: 'Take payments with Acme. Use when charging cards or issuing refunds.',
        url: '/.well-known/agent-skills/acme-payments/SKILL.md',
        digest: `sha256:${createHash('sha256').update(SKILL).digest('hex')}`,
      }],
    });
  });

  it('is listed with an absolute URL when the export has a base URL', async () => {
    await exportWith('based', SKILL, 'https://docs.acme.example/');
    expect((JSON.parse(read('based-out', '.well-known/agent-skills/index.json')) as { skills: { url: string }[] }).skills[0].url).toBe('https://docs.acme.example/.well-known/agent-skills/acme-payments/SKILL.md');
  });

  it('is not published when restricted to user groups, and says so', async () => {
    const report = await exportWith('groups', SKILL.replace('license: MIT', 'groups: ["admin"]'));
    const out = outFiles('groups-out');
    expect(out).not.toContain('skill.md');
    expect(out.some((f) => f.includes('skills'))).toBe(false);
    expect(report.diagnostics).toContainEqual({ severity: 'warning', file: 'skill.md', message: 'skill.md is restricted to user groups (`groups` in its frontmatter): a static export has no signed-in readers, so it is not published' });
  });

  it('is served unlisted without the name and description discovery needs', async () => {
    const bare = '# Just notes\n\nNo frontmatter here.\n';
    const report = await exportWith('bare', bare);
    expect(read('bare-out', 'skill.md')).toBe(bare);
    expect(outFiles('bare-out').some((f) => f.startsWith('.well-known/skills') || f.startsWith('.well-known/agent-skills'))).toBe(false);
    expect(report.diagnostics).toContainEqual({ severity: 'warning', file: 'skill.md', message: 'skill.md has no `name` and `description` in YAML frontmatter at its top: served as it is, not listed by /.well-known/skills/' });
  });

  it('lists the skills of .mintlify/skills/ beside it, through a link inside the repository, and refuses one out of it', async () => {
    const root = join(tmp.path, 'many');
    const skill = (name: string, extra = '') => `---\nname: ${name}\ndescription: The ${name} skill.${extra}\n---\n\n# ${name}\n`;
    writeFiles(root, {
      'docs.json': JSON.stringify({ name: 'Acme', navigation: { groups: [{ group: 'Docs', pages: ['index'] }] } }),
      'index.mdx': '---\ntitle: Home\n---\n\nWelcome.\n',
      'skill.md': SKILL,
      'skills/refunds/SKILL.md': skill('Refunds'),
      'skills/copy/SKILL.md': SKILL,
      'skills/other/SKILL.md': SKILL.replace('Take payments', 'Take other payments'),
      'skills/admin/SKILL.md': skill('Admin', '\ngroups: ["admin"]'),
      'skills/notes.txt': 'not a skill',
    });
    mkdirSync(join(root, '.mintlify'));
    symlinkSync('../skills', join(root, '.mintlify/skills'));
    writeFileSync(join(tmp.path, 'outside-skill.md'), skill('Outside'));
    mkdirSync(join(root, 'skills/outside'));
    symlinkSync(join(tmp.path, 'outside-skill.md'), join(root, 'skills/outside/SKILL.md'));
    const report = await exportSite({ root, outDir: join(tmp.path, 'many-out'), workers: 0 });
    const index = JSON.parse(read('many-out', '.well-known/skills/index.json')) as { skills: { name: string }[] };
    expect(index.skills.map((s) => s.name)).toEqual(['acme-payments', 'refunds']);
    expect(read('many-out', '.well-known/agent-skills/refunds/SKILL.md')).toBe(skill('Refunds'));
    expect(read('many-out', 'skill.md')).toBe(SKILL);
    const out = outFiles('many-out');
    // (skills/ itself is a folder of the site: its files are published as pages are, as Mintlify does.)
    expect(out.filter((f) => f.startsWith('.well-known/') && (f.includes('admin') || f.includes('outside')))).toEqual([]);
    const messages = report.diagnostics.map((d) => `${d.file}: ${d.message}`);
    expect(messages).toContain('.mintlify/skills/admin/SKILL.md: .mintlify/skills/admin/SKILL.md is restricted to user groups (`groups` in its frontmatter): a static export has no signed-in readers, so it is not published');
    expect(messages).toContain('.mintlify/skills/outside/SKILL.md: ".mintlify/skills/outside/SKILL.md" leads outside the docs folder (through ".." or a symbolic link) and is not read; the skill is not published');
    // The root skill copied into the folder is the same skill; another file of the same name is not listed.
    expect(messages.filter((m) => m.includes('as a skill listed before it'))).toEqual(['.mintlify/skills/other/SKILL.md: .mintlify/skills/other/SKILL.md is named "acme-payments" as a skill listed before it: not listed again']);
  });

  it('slugs names as URL-safe', () => {
    expect(['Acme Payments!', 'Café Crème', '  --Mixed_Case 42--  ', '日本'].map(skillSlug)).toEqual(['acme-payments', 'cafe-creme', 'mixed-case-42', '']);
  });
});
