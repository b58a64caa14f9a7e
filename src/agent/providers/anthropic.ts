/**
 * Model provider driver for the Anthropic Messages protocol through `@anthropic-ai/sdk`
 * (base URL configurable for gateways and proxies).
 */
import Anthropic from '@anthropic-ai/sdk';
import type { ContentBlockParam, MessageParam, Tool } from '@anthropic-ai/sdk/resources/messages';
import { providerFailure } from './provider-errors.js';
import type { ChatMessage, CompletionRequest, CompletionResult, ModelProvider, ProviderConfig, ToolCall } from './types.js';

function toAnthropicMessages(messages: ChatMessage[]): MessageParam[] {
  const out: MessageParam[] = [];
  for (const message of messages) {
    if (message.role === 'user') {
      out.push({ role: 'user', content: message.content });
    } else if (message.role === 'assistant') {
      const content: ContentBlockParam[] = [];
      if (message.content) content.push({ type: 'text', text: message.content });
      for (const call of message.toolCalls) {
        const input = call.arguments && typeof call.arguments === 'object' ? (call.arguments as Record<string, unknown>) : {};
        content.push({ type: 'tool_use', id: call.id, name: call.name, input });
      }
      // The API refuses an empty assistant turn (a model may end with no text at all).
      if (content.length === 0) content.push({ type: 'text', text: '(no reply)' });
      out.push({ role: 'assistant', content });
    } else {
      out.push({
        role: 'user',
        content: message.results.map((result) => ({
          type: 'tool_result' as const,
          tool_use_id: result.callId,
          content: result.content,
          ...(result.isError ? { is_error: true } : {}),
        })),
      });
    }
  }
  return out;
}

export function createAnthropicProvider(config: ProviderConfig): ModelProvider {
  const maxRetries = config.maxRetries ?? 3;
  const client = new Anthropic({
    apiKey: config.apiKey || 'unused',
    baseURL: config.baseURL,
    maxRetries,
    timeout: config.requestTimeoutMs ?? 120_000,
  });
  return {
    protocol: 'anthropic',
    async complete(request: CompletionRequest): Promise<CompletionResult> {
      const tools: Tool[] = request.tools.map((tool) => ({
        name: tool.name,
        description: tool.description,
        input_schema: { type: 'object', ...tool.parameters },
      }));
      let response;
      try {
        response = await client.messages.create(
          {
            model: request.model,
            system: request.system,
            messages: toAnthropicMessages(request.messages),
            tools,
            max_tokens: request.maxOutputTokens,
          },
          { signal: request.signal },
        );
      } catch (error) {
        throw providerFailure(error, 'anthropic', maxRetries + 1, request.signal);
      }
      const texts: string[] = [];
      const toolCalls: ToolCall[] = [];
      for (const block of response.content) {
        if (block.type === 'text') texts.push(block.text);
        else if (block.type === 'tool_use') toolCalls.push({ id: block.id, name: block.name, arguments: block.input });
      }
      return {
        text: texts.join('\n'),
        toolCalls,
        usage: { inputTokens: response.usage.input_tokens, outputTokens: response.usage.output_tokens },
      };
    },
  };
}
