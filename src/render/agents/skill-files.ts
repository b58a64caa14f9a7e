/**
 * A site's own `skill.md` (Mintlify's ai/skillmd.mdx, "Custom skill files"): the file at the
 * root, in the agentskills.io format (YAML frontmatter with `name` and `description`), is
 * served as it is at `/skill.md`, not as a page, and listed by the skills discovery
 * endpoints Mintlify hosts: `/.well-known/skills/index.json` (with the file at
 * `/.well-known/skills/{name}/skill.md`) and `/.well-known/agent-skills/index.json` (agent-skills
 * discovery 0.2.0, with a sha256 digest, and the file at `/.well-known/agent-skills/{name}/SKILL.md`).
 * A skill restricted to user `groups` is for signed-in readers only, whom a static export has
 * not: it is not published. Mintlify's generated skill.md (made by its agent) and the
 * `.mintlify/skills/` folder of several skills are not made here.
 */
import { createHash } from 'node:crypto';
import { readFile } from 'node:fs/promises';
import { frontmatterData } from '../markdown/frontmatter.js';
import type { OutputContent } from '../output/write-files.js';
import type { Diagnostic } from '../types.js';
import { confinedFile } from '../source/confined-path.js';

export const SKILL_FILE = 'skill.md';
const AGENT_SKILLS_SCHEMA = 'https://schemas.agentskills.io/discovery/0.2.0/schema.json';
/** The discovery index truncates descriptions to this many characters (ai/skillmd.mdx). */
const DESCRIPTION_CHARS = 1024;
/** A skill file larger than this is not published (an agent reads it whole into its context). */
export const SKILL_MAX_BYTES = 1024 * 1024;

/** A URL-safe slug of a skill's name: lowercase letters, digits and single dashes. */
export function skillSlug(name: string): string {
  return name.normalize('NFKD').replace(/\p{M}+/gu, '').toLowerCase().replace(/[^a-z0-9]+/g, '-').replace(/^-+|-+$/g, '');
}

/**
 * The output files of the root `skill.md` when the site has one (`sourceFiles` holds it), with
 * the problems found; none otherwise. The file is read as it is in the docs folder (the walk
 * listed it: a regular file, not a link).
 */
export async function skillFiles(root: string, sourceFiles: ReadonlySet<string>, baseUrl?: string): Promise<{ files: Map<string, OutputContent>; diagnostics: Diagnostic[] }> {
  const files = new Map<string, OutputContent>();
  const diagnostics: Diagnostic[] = [];
  if (!sourceFiles.has(SKILL_FILE)) return { files, diagnostics };
  const warn = (message: string) => diagnostics.push({ severity: 'warning', file: SKILL_FILE, message });
  const bytes = await readFile(await confinedFile(root, SKILL_FILE));
  if (bytes.length > SKILL_MAX_BYTES) {
    warn(`${SKILL_FILE} is ${bytes.length} bytes, over the ${SKILL_MAX_BYTES} a skill file may have: it is not published`);
    return { files, diagnostics };
  }
  const text = bytes.toString('utf8');
  const block = /^---\r?\n([\s\S]*?)\r?\n---[ \t]*(?:\r?\n|$)/.exec(text);
  let meta: Record<string, unknown> = {};
  if (block) {
    try {
      const data = frontmatterData(block[1]);
      if (data && typeof data === 'object' && !Array.isArray(data)) meta = data as Record<string, unknown>;
    } catch (err) {
      warn(`${SKILL_FILE}: its frontmatter is not valid YAML (${(err as Error).message.split('\n')[0]}): served as it is, not listed by /.well-known/skills/`);
    }
  }
  if (meta.groups !== undefined) {
    warn(`${SKILL_FILE} is restricted to user groups (\`groups\` in its frontmatter): a static export has no signed-in readers, so it is not published`);
    return { files, diagnostics };
  }
  files.set(SKILL_FILE, bytes);
  const name = typeof meta.name === 'string' ? skillSlug(meta.name) : '';
  const description = typeof meta.description === 'string' ? meta.description.slice(0, DESCRIPTION_CHARS) : '';
  if (!name || !description) {
    const why = typeof meta.name === 'string' && meta.name.trim() && !name ? `its name "${meta.name.slice(0, 80)}" has no Latin letter or digit to make its URL of` : 'no `name` and `description` in YAML frontmatter at its top';
    if (diagnostics.length === 0) warn(`${SKILL_FILE} has ${why}: served as it is, not listed by /.well-known/skills/`);
    return { files, diagnostics };
  }
  const digest = `sha256:${createHash('sha256').update(bytes).digest('hex')}`;
  files.set('.well-known/skills/index.json', `${JSON.stringify({ skills: [{ name, description, files: ['SKILL.md'] }] }, null, 2)}\n`);
  files.set(`.well-known/skills/${name}/skill.md`, bytes);
  files.set(`.well-known/skills/${name}/SKILL.md`, bytes);
  const path = `.well-known/agent-skills/${name}/SKILL.md`;
  // As Mintlify writes it, from the site's root; absolute with the export's base URL.
  const url = baseUrl ? `${baseUrl.replace(/\/+$/, '')}/${path}` : `/${path}`;
  files.set('.well-known/agent-skills/index.json', `${JSON.stringify({ $schema: AGENT_SKILLS_SCHEMA, skills: [{ name, type: 'skill-md', description, url, digest }] }, null, 2)}\n`);
  files.set(path, bytes);
  return { files, diagnostics };
}
