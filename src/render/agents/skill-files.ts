/**
 * A site's own skill files (Mintlify's ai/skillmd.mdx, "Custom skill files"), in the
 * agentskills.io format (YAML frontmatter with `name` and `description`): `skill.md` at the
 * root, served as it is at `/skill.md` (not as a page), and the skills of `.mintlify/skills/`
 * (`<skill>/SKILL.md`; the folder may be a link inside the repository, as Mintlify's own is to
 * `skills/`). Each is listed by the discovery endpoints Mintlify hosts:
 * `/.well-known/skills/index.json` (the file at `/.well-known/skills/{name}/skill.md` and
 * `SKILL.md`) and `/.well-known/agent-skills/index.json` (agent-skills discovery 0.2.0, with a
 * sha256 digest; the file at `/.well-known/agent-skills/{name}/SKILL.md`). A skill restricted to
 * user `groups` is for signed-in readers, whom a static export has not: it is not published.
 * Not made: the skill.md Mintlify generates with its agent, and its `/skill.md` redirect to the
 * index when there is no root skill.md (a static host has no redirect for a file).
 */
import { createHash } from 'node:crypto';
import { readdir, readFile } from 'node:fs/promises';
import { frontmatterData } from '../markdown/frontmatter.js';
import type { OutputContent } from '../output/write-files.js';
import type { Diagnostic } from '../types.js';
import { confinedFile, confinedFolder, ConfinedPathError } from '../source/confined-path.js';

export const SKILL_FILE = 'skill.md';
const SKILLS_FOLDER = '.mintlify/skills';
const AGENT_SKILLS_SCHEMA = 'https://schemas.agentskills.io/discovery/0.2.0/schema.json';
/** The discovery index truncates descriptions to this many characters (ai/skillmd.mdx). */
const DESCRIPTION_CHARS = 1024;
/** A skill file larger than this is not published (an agent reads it whole into its context). */
export const SKILL_MAX_BYTES = 1024 * 1024;
/** Skills of `.mintlify/skills/` read at most; the rest are named in a warning. */
export const MAX_SKILLS = 100;

/** A URL-safe slug of a skill's name: lowercase letters, digits and single dashes. */
export function skillSlug(name: string): string {
  return name.normalize('NFKD').replace(/\p{M}+/gu, '').toLowerCase().replace(/[^a-z0-9]+/g, '-').replace(/^-+|-+$/g, '');
}

interface Skill {
  bytes: Buffer;
  /** Slug and description for the discovery indexes; absent when the file cannot be listed. */
  listed?: { name: string; description: string };
}

/** The skill file `rel` (confined), or undefined when it is not to be published; problems go to `warn`. */
async function readSkill(root: string, rel: string, warn: (file: string, message: string) => void): Promise<Skill | undefined> {
  const bytes = await readFile(await confinedFile(root, rel));
  if (bytes.length > SKILL_MAX_BYTES) {
    warn(rel, `${rel} is ${bytes.length} bytes, over the ${SKILL_MAX_BYTES} a skill file may have: it is not published`);
    return undefined;
  }
  const block = /^---\r?\n([\s\S]*?)\r?\n---[ \t]*(?:\r?\n|$)/.exec(bytes.toString('utf8'));
  let meta: Record<string, unknown> = {};
  if (block) {
    try {
      const data = frontmatterData(block[1]);
      if (data && typeof data === 'object' && !Array.isArray(data)) meta = data as Record<string, unknown>;
    } catch (err) {
      warn(rel, `${rel}: its frontmatter is not valid YAML (${(err as Error).message.split('\n')[0]}): served as it is, not listed by /.well-known/skills/`);
      return { bytes };
    }
  }
  if (meta.groups !== undefined) {
    warn(rel, `${rel} is restricted to user groups (\`groups\` in its frontmatter): a static export has no signed-in readers, so it is not published`);
    return undefined;
  }
  const name = typeof meta.name === 'string' ? skillSlug(meta.name) : '';
  const description = typeof meta.description === 'string' ? meta.description.slice(0, DESCRIPTION_CHARS) : '';
  if (name && description) return { bytes, listed: { name, description } };
  const why = typeof meta.name === 'string' && meta.name.trim() && !name ? `its name "${meta.name.slice(0, 80)}" has no Latin letter or digit to make its URL of` : 'no `name` and `description` in YAML frontmatter at its top';
  warn(rel, `${rel} has ${why}: served as it is, not listed by /.well-known/skills/`);
  return { bytes };
}

/** The `SKILL.md` paths of `.mintlify/skills/<skill>/`, in name order (readSkill reaches each); none when the folder is missing. */
async function folderSkills(root: string, warn: (file: string, message: string) => void): Promise<string[]> {
  let folder: string;
  try {
    folder = await confinedFolder(root, SKILLS_FOLDER);
  } catch (err) {
    if (err instanceof ConfinedPathError && err.reason === 'outside') warn(SKILLS_FOLDER, `${SKILLS_FOLDER}: ${err.message}; its skills are not published`);
    else if (!(err instanceof ConfinedPathError)) throw err;
    return [];
  }
  const names = (await readdir(folder)).filter((n) => !n.startsWith('.')).sort();
  if (names.length > MAX_SKILLS) warn(SKILLS_FOLDER, `${SKILLS_FOLDER} holds ${names.length} entries: the first ${MAX_SKILLS} are read, ${names.slice(MAX_SKILLS, MAX_SKILLS + 3).join(', ')}... are not published`);
  return names.slice(0, MAX_SKILLS).map((name) => `${SKILLS_FOLDER}/${name}/SKILL.md`);
}

/**
 * The output files of the site's skills (`sourceFiles` holds a root skill.md when the walk
 * listed one), with the problems found. Each file is read once, through the confined reader,
 * and its bytes are what every copy holds. `baseUrl`: the export's, for absolute skill URLs.
 */
export async function skillFiles(root: string, sourceFiles: ReadonlySet<string>, baseUrl?: string): Promise<{ files: Map<string, OutputContent>; diagnostics: Diagnostic[] }> {
  const files = new Map<string, OutputContent>();
  const diagnostics: Diagnostic[] = [];
  const warn = (file: string, message: string) => diagnostics.push({ severity: 'warning', file, message });
  const listed: { name: string; description: string; bytes: Buffer }[] = [];
  const add = (skill: Skill | undefined, rel: string) => {
    if (!skill?.listed) return;
    const same = listed.find((s) => s.name === skill.listed!.name);
    // The same file twice (Mintlify's docs copy their skill.md into skills/) is one skill.
    if (same && !same.bytes.equals(skill.bytes)) warn(rel, `${rel} is named "${skill.listed.name}" as a skill listed before it: not listed again`);
    else if (!same) listed.push({ ...skill.listed, bytes: skill.bytes });
  };
  if (sourceFiles.has(SKILL_FILE)) {
    const skill = await readSkill(root, SKILL_FILE, warn);
    if (skill) files.set(SKILL_FILE, skill.bytes);
    add(skill, SKILL_FILE);
  }
  for (const rel of await folderSkills(root, warn)) {
    try {
      add(await readSkill(root, rel, warn), rel);
    } catch (err) {
      // An entry with no SKILL.md (a file, an empty folder) is no skill; one that leads out is refused.
      if (!(err instanceof ConfinedPathError)) throw err;
      if (err.reason === 'outside') warn(rel, `${err.message}; the skill is not published`);
    }
  }
  if (listed.length === 0) return { files, diagnostics };
  const site = baseUrl ? baseUrl.replace(/\/+$/, '') : '';
  files.set('.well-known/skills/index.json', `${JSON.stringify({ skills: listed.map(({ name, description }) => ({ name, description, files: ['SKILL.md'] })) }, null, 2)}\n`);
  const agentSkills = listed.map(({ name, description, bytes }) => {
    // As Mintlify writes it, from the site's root; absolute with the export's base URL.
    const path = `.well-known/agent-skills/${name}/SKILL.md`;
    files.set(`.well-known/skills/${name}/skill.md`, bytes);
    files.set(`.well-known/skills/${name}/SKILL.md`, bytes);
    files.set(path, bytes);
    return { name, type: 'skill-md', description, url: `${site}/${path}`, digest: `sha256:${createHash('sha256').update(bytes).digest('hex')}` };
  });
  files.set('.well-known/agent-skills/index.json', `${JSON.stringify({ $schema: AGENT_SKILLS_SCHEMA, skills: agentSkills }, null, 2)}\n`);
  return { files, diagnostics };
}
