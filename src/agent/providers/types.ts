/**
 * The model provider port: one neutral conversation format and one call, `complete`,
 * that every protocol driver (OpenAI-compatible Chat Completions, Anthropic Messages)
 * implements. The agent loop only ever talks to this interface.
 */

/** A tool offered to the model, with its arguments as a JSON schema. */
export interface ToolDefinition {
  name: string;
  description: string;
  parameters: Record<string, unknown>;
}

export interface ToolCall {
  id: string;
  name: string;
  /** Parsed arguments; a string when the model sent JSON that does not parse. */
  arguments: unknown;
}

export interface ToolResult {
  callId: string;
  name: string;
  content: string;
  isError: boolean;
}

export type ChatMessage =
  | { role: 'user'; content: string }
  | { role: 'assistant'; content: string; toolCalls: ToolCall[] }
  | { role: 'tool'; results: ToolResult[] };

export interface CompletionRequest {
  model: string;
  system: string;
  messages: ChatMessage[];
  tools: ToolDefinition[];
  /** Cap on the tokens of one answer. */
  maxOutputTokens: number;
  signal?: AbortSignal;
}

export interface TokenUsage {
  inputTokens: number;
  outputTokens: number;
}

export interface CompletionResult {
  text: string;
  toolCalls: ToolCall[];
  usage: TokenUsage;
}

export interface ModelProvider {
  readonly protocol: ProviderProtocol;
  /**
   * One model turn. Transient failures (5xx, 429, network) are retried inside with
   * backoff; what still fails throws UnrecoverableError with a readable reason.
   * An aborted signal throws the signal's reason.
   */
  complete(request: CompletionRequest): Promise<CompletionResult>;
}

export type ProviderProtocol = 'openai' | 'anthropic';

export interface ProviderConfig {
  protocol: ProviderProtocol;
  /** e.g. `https://api.openai.com/v1`, `http://localhost:11434/v1` (Ollama), `https://api.anthropic.com`. */
  baseURL?: string;
  apiKey?: string;
  /** Retries of a failed request (5xx, 429, network) with exponential backoff. @default 3 */
  maxRetries?: number;
  /** Time limit of one request. @default 120000 */
  requestTimeoutMs?: number;
}
