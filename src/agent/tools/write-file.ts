/**
 * Tool `write_file`: creates or overwrites a file of the repository (parent folders are
 * created). Never writes through a symbolic link, so nothing lands outside the workspace.
 */
import { lstat, mkdir, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { z } from 'zod';
import { InvalidError } from '../../core/errors.js';
import { resolveInWorkspace } from './resolve-path.js';
import type { AgentTool } from './types.js';
import { orNullIfMissing } from '../../core/missing-file.js';

const schema = z.object({
  path: z.string().describe('File path relative to the repository root'),
  content: z.string().describe('The complete new content of the file'),
});

export const writeFileTool: AgentTool<z.infer<typeof schema>> = {
  name: 'write_file',
  description: 'Create a file or replace its whole content. Prefer replace_in_file for small edits of existing files.',
  schema,
  mutates: true,
  async run(args, ctx) {
    const file = await resolveInWorkspace(ctx.root, args.path);
    if (file.relative === '') throw new InvalidError('a file path is required');
    const existing = await orNullIfMissing(lstat(file.absolute));
    if (existing?.isSymbolicLink()) throw new InvalidError(`"${args.path}" is a symbolic link; write to its target instead`);
    if (existing?.isDirectory()) throw new InvalidError(`"${args.path}" is a folder`);
    await mkdir(path.dirname(file.absolute), { recursive: true });
    await writeFile(file.absolute, args.content, 'utf8');
    return `${existing ? 'Replaced' : 'Created'} ${file.relative} (${Buffer.byteLength(args.content)} bytes).`;
  },
};
