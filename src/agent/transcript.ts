/**
 * The job transcript: what the agent runtime records (prompts, the agent's messages,
 * tool calls with shortened results, validation rounds, the outcome of each turn, the
 * failure reason) in the `{role, content}` shape of the `agent_messages` records, and
 * how a follow-up turn reads the earlier turns back.
 */

/** Tool results are kept this short in the transcript (the model saw more). */
export const TRANSCRIPT_RESULT_CHARS = 2_000;

export type TranscriptEntry =
  | { role: 'user'; content: { turn: number; text: string } }
  | { role: 'assistant'; content: { turn: number; text: string; toolCalls: { id: string; name: string; arguments: unknown }[] } }
  | { role: 'tool'; content: { turn: number; callId: string; name: string; result: string; isError: boolean } }
  | { role: 'validation'; content: { turn: number; round: number; problems: string[] } }
  | {
      role: 'result';
      content: { turn: number; summary: string; changedFiles: string[]; commit: string | null; prLink: string | null; remainingProblems: string[] };
    }
  | { role: 'error'; content: { turn: number; reason: string } };

/** A stored transcript row, as the records give it back. */
export interface StoredMessage {
  role: string;
  content: unknown;
}

export function shorten(text: string, max: number): string {
  return text.length <= max ? text : `${text.slice(0, max)}\n[... ${text.length - max} more characters]`;
}

/** The turn a stored entry belongs to (entries without one belong to the first). */
export function turnOf(message: StoredMessage): number {
  const turn = (message.content as { turn?: unknown } | null)?.turn;
  return typeof turn === 'number' ? turn : 1;
}

/** The prompts of the job, in order, with their turn numbers. */
export function promptsOf(messages: readonly StoredMessage[]): { turn: number; text: string }[] {
  return messages
    .filter((m) => m.role === 'user')
    .map((m) => {
      const text = (m.content as { text?: unknown }).text;
      return { turn: turnOf(m), text: typeof text === 'string' ? text : '' };
    });
}

/** The branch head an earlier turn left (the commit to continue from), if any. */
export function lastCommitBefore(messages: readonly StoredMessage[], turn: number): string | null {
  let commit: string | null = null;
  for (const m of messages) {
    if (m.role !== 'result' || turnOf(m) >= turn) continue;
    const value = (m.content as { commit?: unknown }).commit;
    if (typeof value === 'string') commit = value;
  }
  return commit;
}

/**
 * The earlier turns as text for the model on a follow-up: prompts, what the agent did
 * (tool calls by name and path) and its summaries. Tool-call ids are not replayed, so
 * the history reads the same to every provider protocol.
 */
export function renderEarlierTurns(messages: readonly StoredMessage[], beforeTurn: number): string {
  const lines: string[] = [];
  for (const m of messages) {
    const turn = turnOf(m);
    if (turn >= beforeTurn) continue;
    const c = m.content as Record<string, unknown>;
    if (m.role === 'user') lines.push(`\n## Request ${turn}\n${String(c.text)}`);
    else if (m.role === 'assistant' && Array.isArray(c.toolCalls)) {
      for (const call of c.toolCalls as { name: string; arguments: unknown }[]) {
        const target = (call.arguments as { path?: unknown } | null)?.path;
        lines.push(`- called ${call.name}${typeof target === 'string' ? ` on ${target}` : ''}`);
      }
    } else if (m.role === 'result') {
      const files = (c.changedFiles as string[] | undefined) ?? [];
      lines.push(`Your summary: ${String(c.summary)}`, `Files changed: ${files.length > 0 ? files.join(', ') : 'none'}`);
    }
  }
  return lines.join('\n').trim();
}
