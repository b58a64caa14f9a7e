/**
 * The scripted conversation both fake model servers play: a list of turns, each a reply
 * (text and tool calls), a reply computed from what the server received, or an HTTP
 * failure. Every request is recorded so tests can check what the agent sent.
 */
import http from 'node:http';
import type { AddressInfo } from 'node:net';

export interface ScriptedReply {
  text?: string;
  toolCalls?: { name: string; args: unknown }[];
  usage?: { input: number; output: number };
  /** Wait this long before answering (for time-limit tests). */
  delayMs?: number;
}

/** What a scripted step sees of one request, in protocol-neutral form. */
export interface ReceivedRequest<Body = unknown> {
  /** The request body as the model's SDK typed it (checked by the adapter's `check`). */
  body: Body;
  /** Contents of the tool results of the last message, in order. */
  toolResults: { content: string; isError: boolean }[];
  /** Text of the last user message when it is plain text. */
  lastUserText: string | null;
}

export type ScriptStep = ScriptedReply | ((request: ReceivedRequest) => ScriptedReply) | { fail: number; times: number };

export interface FakeModelServer<Body = unknown> {
  url: string;
  requests: Body[];
  /** Authorization-like headers received, for credential checks. */
  headers: http.IncomingHttpHeaders[];
  /** Failed expectations inside script steps (answered as HTTP 400); close() rethrows the first. */
  scriptErrors: unknown[];
  close(): Promise<void>;
}

export interface ProtocolAdapter<Body> {
  path: string;
  /**
   * A protocol violation in the request (answered 400 like the real API), or null. The
   * body is typed as the protocol says it should be; `check` is what makes that true.
   */
  check(body: Body): string | null;
  neutral(body: Body): ReceivedRequest<Body>;
  reply(reply: ScriptedReply, body: Body, index: number): unknown;
  error(status: number): unknown;
}

export async function startScriptedServer<Body>(adapter: ProtocolAdapter<Body>, script: ScriptStep[]): Promise<FakeModelServer<Body>> {
  const requests: Body[] = [];
  const headers: http.IncomingHttpHeaders[] = [];
  const scriptErrors: unknown[] = [];
  const steps = [...script];
  let replies = 0;
  const server = http.createServer((req, res) => {
    let raw = '';
    req.on('data', (chunk) => (raw += chunk));
    req.on('end', () => {
      const send = (status: number, payload: unknown, extra: Record<string, string> = {}) => {
        res.writeHead(status, { 'content-type': 'application/json', ...extra });
        res.end(JSON.stringify(payload));
      };
      if (req.method !== 'POST' || req.url?.split('?')[0] !== adapter.path) return send(404, adapter.error(404));
      const body = JSON.parse(raw) as Body;
      requests.push(body);
      headers.push(req.headers);
      const violation = adapter.check(body);
      if (violation) {
        scriptErrors.push(new Error(`protocol violation: ${violation}`));
        return send(400, adapter.error(400));
      }
      const step = steps[0];
      if (!step) return send(500, adapter.error(500));
      if ('fail' in step) {
        if (--step.times <= 0) steps.shift();
        // retry-after-ms keeps the SDKs' backoff short in tests; both SDKs honour it.
        return send(step.fail, adapter.error(step.fail), { 'retry-after-ms': '10' });
      }
      steps.shift();
      let reply: ScriptedReply;
      try {
        reply = typeof step === 'function' ? step(adapter.neutral(body)) : step;
      } catch (error) {
        scriptErrors.push(error);
        return send(400, adapter.error(400));
      }
      const payload = adapter.reply(reply, body, replies++);
      if (reply.delayMs) setTimeout(() => send(200, payload), reply.delayMs);
      else send(200, payload);
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}`,
    requests,
    headers,
    scriptErrors,
    async close() {
      server.closeAllConnections();
      await new Promise<void>((resolve) => server.close(() => resolve()));
      if (scriptErrors.length > 0) throw scriptErrors[0];
    },
  };
}
