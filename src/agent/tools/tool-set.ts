/**
 * The agent's tool box: the six file tools, their JSON schemas for the provider, and
 * the one place that runs a tool call and turns every failure (bad arguments, refused
 * path, missing file) into an error result the model reads instead of a crash.
 */
import { z } from 'zod';
import { AppError } from '../../core/errors.js';
import type { ToolDefinition } from '../providers/types.js';
import { deleteFileTool } from './delete-file.js';
import { listFilesTool } from './list-files.js';
import { readFileTool } from './read-file.js';
import { replaceInFileTool } from './replace-in-file.js';
import { searchFilesTool } from './search-files.js';
import type { AgentTool, ToolContext, ToolOutcome } from './types.js';
import { writeFileTool } from './write-file.js';

export const agentTools: readonly AgentTool[] = [
  listFilesTool,
  readFileTool,
  searchFilesTool,
  writeFileTool,
  replaceInFileTool,
  deleteFileTool,
];

/** The tool definitions sent to the model provider. */
export function toolDefinitions(tools: readonly AgentTool[] = agentTools): ToolDefinition[] {
  return tools.map((tool) => {
    const { $schema: _ignored, ...parameters } = z.toJSONSchema(tool.schema, { io: 'input' }) as Record<string, unknown>;
    return { name: tool.name, description: tool.description, parameters };
  });
}

export interface ExecutedTool extends ToolOutcome {
  /** True when the call succeeded and the tool changes files. */
  changedFiles: boolean;
}

/** Runs one tool call. Never throws for a problem the model caused. */
export async function executeToolCall(
  name: string,
  rawArguments: unknown,
  ctx: ToolContext,
  tools: readonly AgentTool[] = agentTools,
): Promise<ExecutedTool> {
  const tool = tools.find((candidate) => candidate.name === name);
  if (!tool) return { content: `Error: unknown tool "${name}". Available: ${tools.map((t) => t.name).join(', ')}`, isError: true, changedFiles: false };
  const parsed = tool.schema.safeParse(rawArguments ?? {});
  if (!parsed.success) {
    const problems = parsed.error.issues.map((issue) => `${issue.path.join('.') || 'arguments'}: ${issue.message}`).join('; ');
    return { content: `Error: invalid arguments for ${name}: ${problems}`, isError: true, changedFiles: false };
  }
  try {
    const content = await tool.run(parsed.data, ctx);
    return { content, isError: false, changedFiles: tool.mutates };
  } catch (error) {
    const message = error instanceof AppError ? error.message : describeFsError(error, ctx.root);
    return { content: `Error: ${message}`, isError: true, changedFiles: false };
  }
}

/** File-system errors name absolute paths; the model only ever sees repository paths. */
function describeFsError(error: unknown, root: string): string {
  const text = error instanceof Error ? error.message : String(error);
  return text.split(root + '/').join('').split(root).join('.');
}
