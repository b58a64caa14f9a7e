/**
 * Model provider driver for the OpenAI-compatible Chat Completions protocol through the
 * `openai` SDK: hosted OpenAI, vLLM, Ollama, LiteLLM and anything else with a base URL.
 */
import OpenAI from 'openai';
import type {
  ChatCompletionMessageParam,
  ChatCompletionTool,
} from 'openai/resources/chat/completions';
import { providerFailure } from './provider-errors.js';
import type { ChatMessage, CompletionRequest, CompletionResult, ModelProvider, ProviderConfig, ToolCall } from './types.js';

function toOpenAiMessages(system: string, messages: ChatMessage[]): ChatCompletionMessageParam[] {
  const out: ChatCompletionMessageParam[] = [{ role: 'system', content: system }];
  for (const message of messages) {
    if (message.role === 'user') {
      out.push({ role: 'user', content: message.content });
    } else if (message.role === 'assistant') {
      out.push({
        role: 'assistant',
        // null is only valid next to tool calls.
        content: message.content || (message.toolCalls.length > 0 ? null : ''),
        ...(message.toolCalls.length > 0
          ? {
              tool_calls: message.toolCalls.map((call) => ({
                id: call.id,
                type: 'function' as const,
                function: { name: call.name, arguments: typeof call.arguments === 'string' ? call.arguments : JSON.stringify(call.arguments ?? {}) },
              })),
            }
          : {}),
      });
    } else {
      for (const result of message.results) out.push({ role: 'tool', tool_call_id: result.callId, content: result.content });
    }
  }
  return out;
}

function parseArguments(raw: string): unknown {
  try {
    return raw.trim() === '' ? {} : JSON.parse(raw);
  } catch {
    // Arguments that are not JSON go to the tool as the raw text: its schema check then
    // tells the model what is wrong, which it can correct on its next turn.
    return raw;
  }
}

export function createOpenAiProvider(config: ProviderConfig): ModelProvider {
  const maxRetries = config.maxRetries ?? 3;
  const client = new OpenAI({
    apiKey: config.apiKey || 'unused', // local servers (Ollama, vLLM) accept any key
    baseURL: config.baseURL,
    maxRetries,
    timeout: config.requestTimeoutMs ?? 120_000,
  });
  return {
    protocol: 'openai',
    async complete(request: CompletionRequest): Promise<CompletionResult> {
      const tools: ChatCompletionTool[] = request.tools.map((tool) => ({
        type: 'function',
        function: { name: tool.name, description: tool.description, parameters: tool.parameters },
      }));
      let response;
      try {
        response = await client.chat.completions.create(
          {
            model: request.model,
            messages: toOpenAiMessages(request.system, request.messages),
            ...(tools.length > 0 ? { tools } : {}),
            max_tokens: request.maxOutputTokens,
          },
          { signal: request.signal },
        );
      } catch (error) {
        throw providerFailure(error, 'openai', maxRetries + 1, request.signal);
      }
      const message = response.choices[0]?.message;
      const toolCalls: ToolCall[] = [];
      for (const call of message?.tool_calls ?? []) {
        if (call.type !== 'function') continue;
        toolCalls.push({ id: call.id, name: call.function.name, arguments: parseArguments(call.function.arguments) });
      }
      return {
        text: message?.content ?? '',
        toolCalls,
        usage: { inputTokens: response.usage?.prompt_tokens ?? 0, outputTokens: response.usage?.completion_tokens ?? 0 },
      };
    },
  };
}
