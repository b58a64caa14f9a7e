/**
 * Tool `delete_file`: removes one file of the repository (not a folder). A symbolic
 * link is removed itself, never its target.
 */
import { unlink } from 'node:fs/promises';
import { z } from 'zod';
import { InvalidError } from '../../core/errors.js';
import { resolveInWorkspace, statExisting } from './resolve-path.js';
import type { AgentTool } from './types.js';

const schema = z.object({
  path: z.string().describe('File path relative to the repository root'),
});

export const deleteFileTool: AgentTool<z.infer<typeof schema>> = {
  name: 'delete_file',
  description: 'Delete a file of the repository.',
  schema,
  mutates: true,
  async run(args, ctx) {
    const file = await resolveInWorkspace(ctx.root, args.path);
    const stats = await statExisting(file, args.path);
    if (stats.isDirectory()) throw new InvalidError(`"${args.path}" is a folder; delete its files one by one`);
    await unlink(file.absolute);
    return `Deleted ${file.relative}.`;
  },
};
