/**
 * The contract of one agent file tool: a name and description the model reads, a zod
 * schema that both validates the arguments and yields the JSON schema sent to the
 * provider, and a run function confined to the job's workspace.
 */
import type { z } from 'zod';

export interface ToolContext {
  /** Real path (symlinks resolved) of the workspace root, the repository checkout. */
  root: string;
}

export interface AgentTool<Args = unknown> {
  name: string;
  description: string;
  schema: z.ZodType<Args>;
  /** True when the tool changes files, so the runtime knows a validation is due. */
  mutates: boolean;
  /** Returns the text the model sees; throws InvalidError for a refused call. */
  run(args: Args, ctx: ToolContext): Promise<string>;
}

/** What a tool call produced, as fed back to the model. */
export interface ToolOutcome {
  content: string;
  isError: boolean;
}
