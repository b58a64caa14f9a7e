/**
 * Tool `replace_in_file`: replaces one exact span of text in a file. The span must
 * occur exactly once, so an edit never lands somewhere the model did not mean.
 */
import { readFile, writeFile } from 'node:fs/promises';
import { z } from 'zod';
import { InvalidError } from '../../core/errors.js';
import { resolveInWorkspace, statExisting } from './resolve-path.js';
import type { AgentTool } from './types.js';

const schema = z.object({
  path: z.string().describe('File path relative to the repository root'),
  oldText: z.string().min(1).describe('The exact text to replace, including whitespace; it must occur exactly once'),
  newText: z.string().describe('The text to put in its place'),
});

function countOccurrences(haystack: string, needle: string): number {
  let count = 0;
  for (let at = haystack.indexOf(needle); at !== -1; at = haystack.indexOf(needle, at + 1)) count++;
  return count;
}

export const replaceInFileTool: AgentTool<z.infer<typeof schema>> = {
  name: 'replace_in_file',
  description: 'Replace an exact span of text in an existing file. Fails if the span is not found or is found more than once (then include more surrounding text).',
  schema,
  mutates: true,
  async run(args, ctx) {
    const file = await resolveInWorkspace(ctx.root, args.path);
    const stats = await statExisting(file, args.path);
    if (stats.isSymbolicLink()) throw new InvalidError(`"${args.path}" is a symbolic link; edit its target instead`);
    if (!stats.isFile()) throw new InvalidError(`"${args.path}" is not a file`);
    const text = await readFile(file.absolute, 'utf8');
    const count = countOccurrences(text, args.oldText);
    if (count === 0) throw new InvalidError(`the text to replace was not found in "${args.path}"`);
    if (count > 1) throw new InvalidError(`the text to replace occurs ${count} times in "${args.path}"; include more context so it is unique`);
    const at = text.indexOf(args.oldText);
    await writeFile(file.absolute, text.slice(0, at) + args.newText + text.slice(at + args.oldText.length), 'utf8');
    const line = text.slice(0, at).split('\n').length;
    return `Replaced 1 occurrence in ${file.relative} at line ${line}.`;
  },
};
