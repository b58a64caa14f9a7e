/**
 * The agent loop: sends the conversation to the model, runs the tool calls it asks for
 * inside the workspace and feeds the results back, until the model answers without a
 * tool call. Then the site is validated; new problems go back to the model for a
 * bounded number of rounds. Step, token and time limits fail the run with that reason.
 * Every step is handed to `record` so the caller can persist the transcript.
 */
import { UnrecoverableError } from '../core/errors.js';
import type { ChatMessage, ModelProvider, TokenUsage, ToolResult } from './providers/types.js';
import { describeProblems } from './site-check.js';
import { agentTools, executeToolCall, toolDefinitions } from './tools/tool-set.js';
import { shorten, TRANSCRIPT_RESULT_CHARS, type TranscriptEntry } from './transcript.js';

/** Tool results are cut to this size before the model sees them. */
const MODEL_RESULT_CHARS = 20_000;

export interface AgentLimits {
  /** Model calls per turn. @default 40 */
  maxSteps: number;
  /** Input plus output tokens per turn, summed over all calls. @default 500000 */
  maxTokens: number;
  /** Tokens of one model answer. @default 4096 */
  maxOutputTokens: number;
  /** Rounds of validation problems handed back to the model. @default 2 */
  validationRounds: number;
}

export const DEFAULT_AGENT_LIMITS: AgentLimits = { maxSteps: 40, maxTokens: 500_000, maxOutputTokens: 4096, validationRounds: 2 };

export interface RunAgentOptions {
  provider: ModelProvider;
  model: string;
  system: string;
  /** The first user message: the prompt, preceded on a follow-up by the earlier turns. */
  userMessage: string;
  turn: number;
  /** Real path of the workspace (repository checkout). */
  workspaceRoot: string;
  docsPath: string;
  limits: AgentLimits;
  signal: AbortSignal;
  /** Returns the problems introduced so far (empty when the site is fine). */
  validate?: () => Promise<string[]>;
  record: (entries: TranscriptEntry[]) => Promise<void>;
}

export interface AgentRunResult {
  summary: string;
  steps: number;
  usage: TokenUsage;
  /** Problems still there after the last validation round. */
  remainingProblems: string[];
}

export async function runAgent(options: RunAgentOptions): Promise<AgentRunResult> {
  const { provider, limits, signal, turn } = options;
  const tools = toolDefinitions(agentTools);
  const messages: ChatMessage[] = [{ role: 'user', content: options.userMessage }];
  const usage: TokenUsage = { inputTokens: 0, outputTokens: 0 };
  let steps = 0;
  let rounds = 0;
  let editedSinceCheck = false;
  let remainingProblems: string[] = [];

  for (;;) {
    signal.throwIfAborted();
    if (steps >= limits.maxSteps) {
      throw new UnrecoverableError(`Step limit reached: the agent used all ${limits.maxSteps} steps without finishing`);
    }
    steps++;
    const answer = await provider.complete({ model: options.model, system: options.system, messages, tools, maxOutputTokens: limits.maxOutputTokens, signal });
    usage.inputTokens += answer.usage.inputTokens;
    usage.outputTokens += answer.usage.outputTokens;
    messages.push({ role: 'assistant', content: answer.text, toolCalls: answer.toolCalls });
    const recordedCalls = answer.toolCalls.map((call) => ({ ...call, arguments: shortenArguments(call.arguments) }));
    await options.record([{ role: 'assistant', content: { turn, text: answer.text, toolCalls: recordedCalls } }]);
    const spent = usage.inputTokens + usage.outputTokens;
    if (spent > limits.maxTokens) {
      throw new UnrecoverableError(`Token limit reached: the agent used ${spent} tokens, more than the ${limits.maxTokens} allowed`);
    }

    if (answer.toolCalls.length > 0) {
      const results: ToolResult[] = [];
      for (const call of answer.toolCalls) {
        signal.throwIfAborted();
        const outcome = await executeToolCall(call.name, call.arguments, { root: options.workspaceRoot });
        editedSinceCheck ||= outcome.changedFiles;
        results.push({ callId: call.id, name: call.name, content: shorten(outcome.content, MODEL_RESULT_CHARS), isError: outcome.isError });
      }
      messages.push({ role: 'tool', results });
      await options.record(
        results.map((r) => ({ role: 'tool' as const, content: { turn, callId: r.callId, name: r.name, result: shorten(r.content, TRANSCRIPT_RESULT_CHARS), isError: r.isError } })),
      );
      continue;
    }

    // The model says it is done: check the site unless nothing changed since the last check.
    if (options.validate && editedSinceCheck) {
      remainingProblems = await options.validate();
      editedSinceCheck = false;
      if (remainingProblems.length > 0 && rounds < limits.validationRounds) {
        rounds++;
        await options.record([{ role: 'validation', content: { turn, round: rounds, problems: remainingProblems } }]);
        messages.push({ role: 'user', content: describeProblems(remainingProblems, rounds, limits.validationRounds) });
        continue;
      }
    }
    return { summary: answer.text.trim(), steps, usage, remainingProblems };
  }
}

/** Long string arguments (a whole page given to write_file) are shortened in the transcript. */
function shortenArguments(args: unknown): unknown {
  if (typeof args === 'string') return shorten(args, TRANSCRIPT_RESULT_CHARS);
  if (!args || typeof args !== 'object' || Array.isArray(args)) return args;
  return Object.fromEntries(Object.entries(args).map(([key, value]) => [key, typeof value === 'string' ? shorten(value, TRANSCRIPT_RESULT_CHARS) : value]));
}
