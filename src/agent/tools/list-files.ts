/**
 * Tool `list_files`: lists the files under a folder of the repository (recursively,
 * bounded), so the model can find its way around without a shell.
 */
import { readdir } from 'node:fs/promises';
import path from 'node:path';
import { z } from 'zod';
import { resolveInWorkspace } from './resolve-path.js';
import type { AgentTool } from './types.js';

const MAX_ENTRIES = 500;
const SKIPPED_FOLDERS = new Set(['.git', 'node_modules']);

const schema = z.object({
  path: z.string().default('').describe('Folder relative to the repository root; empty for the root'),
  recursive: z.boolean().default(true).describe('List sub-folders too'),
});

export const listFilesTool: AgentTool<z.infer<typeof schema>> = {
  name: 'list_files',
  description: `List files under a folder of the repository (at most ${MAX_ENTRIES} entries). Paths are relative to the repository root.`,
  schema,
  mutates: false,
  async run(args, ctx) {
    const folder = await resolveInWorkspace(ctx.root, args.path);
    const found: string[] = [];
    let truncated = false;
    const walk = async (dir: string): Promise<void> => {
      const entries = await readdir(dir, { withFileTypes: true });
      entries.sort((a, b) => a.name.localeCompare(b.name));
      for (const entry of entries) {
        if (found.length >= MAX_ENTRIES) {
          truncated = true;
          return;
        }
        const full = path.join(dir, entry.name);
        const relative = path.relative(ctx.root, full).split(path.sep).join('/');
        if (entry.isDirectory()) {
          if (SKIPPED_FOLDERS.has(entry.name)) continue;
          if (args.recursive) await walk(full);
          else found.push(`${relative}/`);
        } else {
          found.push(relative);
        }
      }
    };
    await walk(folder.absolute);
    if (found.length === 0) return `No files under "${folder.relative || '.'}".`;
    return found.join('\n') + (truncated ? `\n[listing stopped after ${MAX_ENTRIES} entries; list a sub-folder]` : '');
  },
};
