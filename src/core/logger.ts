/** Structured JSON logs (pino); secrets in headers and config never reach the log. */
import pino, { type Logger } from 'pino';
import pretty from 'pino-pretty';

export type { Logger };

/**
 * Stdout through pino's writer, batched here: lines are appended to one string
 * (appending each line to the writer separately costs more than building the line) that
 * is written once 64 KiB have gathered or, at the latest, a second later, so a busy
 * server does not pay a system call per request and a quiet one still shows its lines
 * within a second. The writes are synchronous: with the asynchronous writer, on Node 24,
 * the lines handed over while exiting were lost in about one stop in three when stdout
 * was a pipe (flushSync during an unfinished asynchronous write); one write per 64 KiB
 * costs nothing that matters.
 */
function bufferedStdout(): pino.DestinationStream {
  const dest = pino.destination({ dest: 1, sync: true });
  let pending = '';
  const handOver = () => {
    if (pending === '') return;
    const chunk = pending;
    pending = '';
    dest.write(chunk);
  };
  const timer = setInterval(handOver, 1000);
  timer.unref();
  // Lines still waiting here when the process exits are written before it ends.
  process.on('exit', handOver);
  return {
    write(line: string) {
      pending += line;
      if (pending.length >= 65536) handOver();
    },
  };
}

/**
 * @param destination where lines go; by default stdout through pino's buffered
 *   asynchronous writer, so a request never waits for its log line to be written.
 */
export interface LoggerOptions {
  /** The `service` field of every line. @default 'quire' */
  service?: string;
  /** Human-readable, coloured lines (pino-pretty) instead of JSON: for a terminal. @default false */
  pretty?: boolean;
}

/**
 * The logger of a process: JSON lines with the same fields everywhere (ISO `time`,
 * numeric `level`, `service`), or pretty lines on a terminal.
 * @param destination where lines go; by default stdout through the batched writer above
 *   (pretty: through pino-pretty, written at once).
 */
export function createLogger(level: string, destination?: NodeJS.WritableStream, options: LoggerOptions = {}): Logger {
  const stream = options.pretty
    ? pretty({ destination: destination ?? 1, colorize: true, sync: true, translateTime: 'SYS:HH:MM:ss.l', ignore: 'pid,hostname,service' })
    : ((destination as pino.DestinationStream | undefined) ?? bufferedStdout());
  return pino(
    {
      level,
      base: { service: options.service ?? 'quire' },
      timestamp: pino.stdTimeFunctions.isoTime,
      // Fixed paths only: wildcard redaction would walk every logged object on the hot path.
      redact: { paths: ['req.headers.authorization', 'config.agent.apiKey', 'config.git.token', 'config.blobs.s3.secretAccessKey', 'config.signingSecret'], censor: '[redacted]' },
    },
    stream,
  );
}

const SIGNED_PARAMS = /([?&](?:signature|x-amz-signature|x-amz-credential|x-amz-security-token)=)[^&#]*/gi;

/**
 * A request URL fit for the log: the values of link signatures (Quire's own and SigV4's)
 * are replaced, so a log reader cannot use a link it sees. Costs one test on URLs without a query.
 */
export function redactUrl(url: string): string {
  return url.includes('?') ? url.replace(SIGNED_PARAMS, '$1[redacted]') : url;
}

/** The fields of the one access-log line each request writes. */
export interface RequestLine {
  reqId: string;
  method: string;
  url: string;
  status: number;
  /** Milliseconds to answer, to 0.1 ms. */
  ms: number;
}

/**
 * A writer of access-log lines for `logger`: the line `logger.info({reqId, method, url,
 * status, ms}, 'request')` would write (level, time, the logger's bindings, the fields,
 * `msg`), built directly and handed to the logger's own destination. It skips what
 * pino does per call for arbitrary objects (serializers, redaction, a generic JSON
 * walk), which costs more than the line itself for these few scalar fields.
 */
export function requestLineWriter(logger: Logger): (line: RequestLine) => void {
  const internals = logger as unknown as Record<symbol, unknown>;
  const stream = internals[pino.symbols.streamSym] as pino.DestinationStream;
  const time = internals[pino.symbols.timeSym] as () => string;
  const bindings = internals[pino.symbols.chindingsSym] as string;
  const info = pino.levels.values.info;
  // A busy server answers several requests per millisecond: the ISO time is formatted
  // once per millisecond, not once per line.
  const iso = time === pino.stdTimeFunctions.isoTime;
  let lastMs = -1;
  let lastTime = '';
  return (l) => {
    if (logger.levelVal > info) return;
    let t: string;
    if (iso) {
      const now = Date.now();
      if (now !== lastMs) {
        lastMs = now;
        lastTime = `,"time":"${new Date(now).toISOString()}"`;
      }
      t = lastTime;
    } else t = time();
    stream.write(
      `{"level":${info}${t}${bindings},"reqId":${jsonString(l.reqId)},"method":${jsonString(l.method)},"url":${jsonString(l.url)},"status":${l.status},"ms":${l.ms},"msg":"request"}\n`,
    );
  };
}

/** Characters a JSON string must escape (and lone surrogates, which it escapes too). */
const NEEDS_ESCAPE = /["\\\u0000-\u001f\ud800-\udfff]/;

/** JSON.stringify of a string, without its cost for the usual id, method or path. */
function jsonString(value: string): string {
  return NEEDS_ESCAPE.test(value) ? JSON.stringify(value) : `"${value}"`;
}
