/**
 * Tool `search_files`: finds lines matching a plain text or a regular expression across
 * the repository (or a folder of it), with bounded results, so the model can locate
 * links and headings without a shell.
 */
import { readdir, readFile, stat } from 'node:fs/promises';
import path from 'node:path';
import { RE2JS } from 're2js';
import { z } from 'zod';
import { InvalidError } from '../../core/errors.js';
import { resolveInWorkspace } from './resolve-path.js';
import type { AgentTool } from './types.js';
import { orNullIfMissing } from '../../core/missing-file.js';

const MAX_MATCHES = 100;
const MAX_FILE_BYTES = 1_000_000;
const MAX_LINE_CHARS = 400;
const SKIPPED_FOLDERS = new Set(['.git', 'node_modules']);

const schema = z.object({
  query: z.string().min(1).describe('Text to look for, or a regular expression (RE2 syntax: no backreferences or lookaround) when regex is true'),
  regex: z.boolean().default(false),
  caseSensitive: z.boolean().default(false),
  path: z.string().default('').describe('Folder to search, relative to the repository root; empty for all'),
});

/** Searching stops after this long and says so: a giant repository cannot hold the event loop's turn for long either. */
const MAX_SEARCH_MS = 5000;
/** Lines matched between two yields to the event loop. */
const LINES_PER_TURN = 2000;

/**
 * The model's regular expression runs on RE2's engine (re2js): matching takes time linear
 * in the line, whatever the pattern (`(a+)+$` included), and the API shares this event
 * loop. Backreferences and lookaround, which need backtracking, are refused with RE2's
 * own message naming the construct.
 */
function makeMatcher(args: z.infer<typeof schema>): (line: string) => boolean {
  if (!args.regex) {
    const needle = args.caseSensitive ? args.query : args.query.toLowerCase();
    return (line) => (args.caseSensitive ? line : line.toLowerCase()).includes(needle);
  }
  let pattern: RE2JS;
  try {
    pattern = RE2JS.compile(args.query, args.caseSensitive ? 0 : RE2JS.CASE_INSENSITIVE);
  } catch (error) {
    throw new InvalidError(`invalid regular expression (RE2 syntax: no backreferences or lookaround): ${(error as Error).message}`);
  }
  return (line) => pattern.test(line);
}

async function* filesUnder(dir: string): AsyncGenerator<string> {
  const entries = await readdir(dir, { withFileTypes: true });
  entries.sort((a, b) => a.name.localeCompare(b.name));
  for (const entry of entries) {
    const full = path.join(dir, entry.name);
    if (entry.isDirectory()) {
      if (!SKIPPED_FOLDERS.has(entry.name)) yield* filesUnder(full);
    } else if (entry.isFile()) {
      yield full;
    }
  }
}

export const searchFilesTool: AgentTool<z.infer<typeof schema>> = {
  name: 'search_files',
  description: `Search the repository's text files line by line for a text or a regular expression. Returns up to ${MAX_MATCHES} matches as path:line: text.`,
  schema,
  mutates: false,
  async run(args, ctx) {
    const matches = makeMatcher(args);
    const start = await resolveInWorkspace(ctx.root, args.path);
    const startStats = await orNullIfMissing(stat(start.absolute));
    if (!startStats) throw new InvalidError(`"${args.path}" does not exist`);
    const files = startStats.isDirectory() ? filesUnder(start.absolute) : (async function* () { yield start.absolute; })();
    const found: string[] = [];
    const deadline = performance.now() + MAX_SEARCH_MS;
    const stopped = () => `${found.length === 0 ? 'No matches so far.' : found.join('\n')}\n[stopped after ${MAX_SEARCH_MS / 1000} s; narrow the search]`;
    for await (const file of files) {
      if (performance.now() > deadline) return stopped();
      if ((await stat(file)).size > MAX_FILE_BYTES) continue;
      const text = await readFile(file, 'utf8');
      if (text.includes('\0')) continue;
      const relative = path.relative(ctx.root, file).split(path.sep).join('/');
      const lines = text.split('\n');
      for (let i = 0; i < lines.length; i++) {
        if (i > 0 && i % LINES_PER_TURN === 0) {
          await new Promise<void>((resolve) => setImmediate(resolve));
          if (performance.now() > deadline) return stopped();
        }
        // Long lines are cut before matching: results stay short.
        const line = lines[i].slice(0, MAX_LINE_CHARS);
        if (!matches(line)) continue;
        if (found.length >= MAX_MATCHES) return `${found.join('\n')}\n[stopped after ${MAX_MATCHES} matches; narrow the search]`;
        found.push(`${relative}:${i + 1}: ${line.trim()}`);
      }
    }
    return found.length === 0 ? 'No matches.' : found.join('\n');
  },
};
