/**
 * Tool `read_file`: returns a text file of the repository with line numbers, optionally
 * only a range of lines, bounded in size so one call cannot flood the context.
 */
import { readFile } from 'node:fs/promises';
import { z } from 'zod';
import { InvalidError } from '../../core/errors.js';
import { resolveInWorkspace, statExisting } from './resolve-path.js';
import type { AgentTool } from './types.js';

const MAX_CHARS = 60_000;
const MAX_FILE_BYTES = 5_000_000;

const schema = z.object({
  path: z.string().describe('File path relative to the repository root'),
  startLine: z.number().int().min(1).optional().describe('First line to return (1-based)'),
  endLine: z.number().int().min(1).optional().describe('Last line to return (inclusive)'),
});

export const readFileTool: AgentTool<z.infer<typeof schema>> = {
  name: 'read_file',
  description: 'Read a text file of the repository. Lines are prefixed with their number and a tab (the prefix is not part of the file). Use startLine/endLine for long files.',
  schema,
  mutates: false,
  async run(args, ctx) {
    const file = await resolveInWorkspace(ctx.root, args.path);
    const stats = await statExisting(file, args.path, true);
    if (!stats.isFile()) throw new InvalidError(`"${args.path}" is not a file`);
    if (stats.size > MAX_FILE_BYTES) throw new InvalidError(`"${args.path}" is too large to read (${stats.size} bytes)`);
    const text = await readFile(file.absolute, 'utf8');
    if (text.includes('\0')) throw new InvalidError(`"${args.path}" is a binary file`);
    const lines = text.split('\n');
    if (lines.length > 1 && lines[lines.length - 1] === '') lines.pop();
    const start = args.startLine ?? 1;
    const end = Math.min(args.endLine ?? lines.length, lines.length);
    if (start > Math.max(lines.length, 1)) throw new InvalidError(`"${args.path}" has only ${lines.length} lines`);
    let out = '';
    for (let n = start; n <= end; n++) {
      const line = `${n}\t${lines[n - 1]}\n`;
      if (out.length + line.length > MAX_CHARS) {
        return `${out}[output stopped at line ${n - 1} of ${lines.length}; read on with startLine=${n}]`;
      }
      out += line;
    }
    return out === '' ? `"${args.path}" is empty.` : out;
  },
};
