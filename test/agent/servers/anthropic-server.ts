/**
 * A local server speaking the Anthropic Messages protocol (POST /v1/messages with
 * tool_use blocks, non-streaming) that plays a scripted conversation.
 */
import type { MessageCreateParamsNonStreaming, MessageParam } from '@anthropic-ai/sdk/resources/messages';
import { startScriptedServer, type FakeModelServer, type ProtocolAdapter, type ScriptStep } from './scripted-model.js';

/** The blocks of a message's content (a plain string is one text block). */
function blocks(message: MessageParam | undefined) {
  return typeof message?.content === 'string' || !message ? [] : message.content;
}

const adapter: ProtocolAdapter<MessageCreateParamsNonStreaming> = {
  path: '/v1/messages',
  check(body) {
    const messages = body.messages ?? [];
    if (!body.model || typeof body.max_tokens !== 'number') return 'model and max_tokens are required';
    if (messages[0]?.role !== 'user') return 'the first message must be a user message';
    for (let i = 0; i < messages.length; i++) {
      const m = messages[i];
      if (i > 0 && messages[i - 1].role === m.role) return `messages.${i}: roles must alternate`;
      if (Array.isArray(m.content) ? m.content.length === 0 : !m.content) return `messages.${i}: all messages must have non-empty content`;
      const results = blocks(m).filter((b) => b.type === 'tool_result');
      if (results.length > 0) {
        const uses = blocks(messages[i - 1]).flatMap((b) => (b.type === 'tool_use' ? [b.id] : []));
        if (results.some((r) => !uses.includes(r.tool_use_id))) return `messages.${i}: tool_result without a matching tool_use`;
      }
    }
    return null;
  },
  neutral(body) {
    const messages = body.messages ?? [];
    const last = messages[messages.length - 1];
    const toolResults: { content: string; isError: boolean }[] = [];
    let lastUserText: string | null = null;
    if (last?.role === 'user') {
      if (typeof last.content === 'string') lastUserText = last.content;
      else
        for (const block of last.content) {
          if (block.type === 'tool_result') toolResults.push({ content: typeof block.content === 'string' ? block.content : JSON.stringify(block.content), isError: block.is_error === true });
          if (block.type === 'text') lastUserText = block.text;
        }
    }
    return { body, toolResults, lastUserText };
  },
  reply(reply, body, index) {
    const content: unknown[] = [];
    if (reply.text) content.push({ type: 'text', text: reply.text });
    (reply.toolCalls ?? []).forEach((call, i) => content.push({ type: 'tool_use', id: `toolu_${index}_${i}`, name: call.name, input: call.args }));
    return {
      id: `msg_${index}`,
      type: 'message',
      role: 'assistant',
      model: body.model,
      content,
      stop_reason: (reply.toolCalls ?? []).length > 0 ? 'tool_use' : 'end_turn',
      stop_sequence: null,
      usage: { input_tokens: reply.usage?.input ?? 100, output_tokens: reply.usage?.output ?? 20 },
    };
  },
  error(status) {
    return { type: 'error', error: { type: status === 429 ? 'rate_limit_error' : 'api_error', message: `scripted failure ${status}` } };
  },
};

export function startAnthropicServer(script: ScriptStep[]): Promise<FakeModelServer<MessageCreateParamsNonStreaming>> {
  return startScriptedServer(adapter, script);
}
