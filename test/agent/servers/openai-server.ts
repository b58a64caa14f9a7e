/**
 * A local server speaking the OpenAI Chat Completions protocol (POST /v1/chat/completions,
 * non-streaming, with tool_calls) that plays a scripted conversation.
 */
import type { ChatCompletionCreateParamsNonStreaming } from 'openai/resources/chat/completions';
import { startScriptedServer, type FakeModelServer, type ProtocolAdapter, type ScriptStep } from './scripted-model.js';

const adapter: ProtocolAdapter<ChatCompletionCreateParamsNonStreaming> = {
  path: '/v1/chat/completions',
  check(body) {
    const messages = body.messages ?? [];
    if (!body.model || messages.length === 0) return 'model and messages are required';
    for (let i = 0; i < messages.length; i++) {
      const m = messages[i];
      if (m.role === 'assistant' && m.content == null && !m.tool_calls?.length) return `messages[${i}]: content is required without tool_calls`;
      if (m.role === 'tool') {
        let j = i - 1;
        while (j >= 0 && messages[j].role === 'tool') j--;
        const before = messages[j];
        const ids = (before?.role === 'assistant' ? (before.tool_calls ?? []) : []).map((c) => c.id);
        if (!ids.includes(m.tool_call_id)) return `messages[${i}]: tool message does not answer a preceding tool_call`;
      }
    }
    return null;
  },
  neutral(body) {
    const messages = body.messages ?? [];
    const toolResults: { content: string; isError: boolean }[] = [];
    // Message content is a string, or a list of parts (kept as JSON here; Quire sends strings).
    const textOf = (content: unknown) => (typeof content === 'string' ? content : JSON.stringify(content));
    for (let i = messages.length - 1; i >= 0 && messages[i].role === 'tool'; i--) {
      const content = textOf(messages[i].content);
      toolResults.unshift({ content, isError: content.startsWith('Error:') });
    }
    const last = messages[messages.length - 1];
    return { body, toolResults, lastUserText: last?.role === 'user' ? textOf(last.content) : null };
  },
  reply(reply, body, index) {
    const toolCalls = (reply.toolCalls ?? []).map((call, i) => ({
      id: `call_${index}_${i}`,
      type: 'function',
      function: { name: call.name, arguments: typeof call.args === 'string' ? call.args : JSON.stringify(call.args) },
    }));
    return {
      id: `chatcmpl-${index}`,
      object: 'chat.completion',
      created: Math.floor(Date.now() / 1000),
      model: body.model,
      choices: [
        {
          index: 0,
          message: { role: 'assistant', content: reply.text ?? null, ...(toolCalls.length > 0 ? { tool_calls: toolCalls } : {}), refusal: null },
          finish_reason: toolCalls.length > 0 ? 'tool_calls' : 'stop',
          logprobs: null,
        },
      ],
      usage: { prompt_tokens: reply.usage?.input ?? 100, completion_tokens: reply.usage?.output ?? 20, total_tokens: (reply.usage?.input ?? 100) + (reply.usage?.output ?? 20) },
    };
  },
  error(status) {
    return { error: { message: `scripted failure ${status}`, type: 'server_error', code: null } };
  },
};

export function startOpenAiServer(script: ScriptStep[]): Promise<FakeModelServer<ChatCompletionCreateParamsNonStreaming>> {
  return startScriptedServer(adapter, script);
}
