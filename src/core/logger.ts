/** Structured JSON logs (pino); secrets in headers and config never reach the log. */
import pino, { type Logger } from 'pino';
import pretty from 'pino-pretty';
import { batchedLineWriter } from './log-destination.js';

export type { Logger };

export interface LoggerOptions {
  /** The `service` field of every line. @default 'quire' */
  service?: string;
  /** Human-readable, coloured lines (pino-pretty) instead of JSON: for a terminal. @default false */
  pretty?: boolean;
}

/**
 * The logger of a process: JSON lines with the same fields everywhere (ISO `time`,
 * numeric `level`, `service`), or pretty lines on a terminal.
 * @param destination where lines go; by default stdout through the batched writer of
 *   log-destination.ts (pretty: through pino-pretty, written at once).
 */
export function createLogger(level: string, destination?: NodeJS.WritableStream, options: LoggerOptions = {}): Logger {
  const stream = options.pretty
    ? pretty({ destination: destination ?? 1, colorize: true, sync: true, translateTime: 'SYS:HH:MM:ss.l', ignore: 'pid,hostname,service' })
    : ((destination as pino.DestinationStream | undefined) ?? batchedLineWriter());
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
  /** Milliseconds to answer; written to 0.1 ms. */
  ms: number;
}

/** Writes one access-log line; the fields of {@link RequestLine}, passed one by one (no object per request). */
export type RequestLineWriter = (reqId: string, method: string, url: string, status: number, ms: number) => void;

/**
 * A writer of access-log lines for `logger`: the line `logger.info({reqId, method, url,
 * status, ms}, 'request')` would write (level, time, the logger's bindings, the fields,
 * `msg`), built directly and handed to the logger's own destination. It skips what
 * pino does per call for arbitrary objects (serializers, redaction, a generic JSON
 * walk), which costs more than the line itself for these few scalar fields.
 */
export function requestLineWriter(logger: Logger): RequestLineWriter {
  const internals = logger as unknown as Record<symbol, unknown>;
  const stream = internals[pino.symbols.streamSym] as pino.DestinationStream;
  const time = internals[pino.symbols.timeSym] as () => string;
  const bindings = internals[pino.symbols.chindingsSym] as string;
  const info = pino.levels.values.info;
  // Followed through pino's event rather than read per line (levelVal is a getter).
  let enabled = logger.levelVal <= info;
  logger.on('level-change', (_label, value) => {
    enabled = value <= info;
  });
  // A busy server answers several requests per millisecond: the start of the line, up
  // to and with the ISO time and the bindings, is made once per millisecond, not per line.
  const iso = time === pino.stdTimeFunctions.isoTime;
  let lastMs = -1;
  let head = '';
  return (reqId, method, url, status, ms) => {
    if (!enabled) return;
    if (iso) {
      const now = Date.now();
      if (now !== lastMs) {
        lastMs = now;
        head = `{"level":${info},"time":"${new Date(now).toISOString()}"${bindings},"reqId":`;
      }
    } else head = `{"level":${info}${time()}${bindings},"reqId":`;
    // GET, the method clients poll with, needs no escape test.
    stream.write(
      `${head}${jsonString(reqId)},"method":${method === 'GET' ? '"GET"' : jsonString(method)},"url":${jsonString(url)},"status":${status},"ms":${tenths(ms)},"msg":"request"}\n`,
    );
  };
}

/**
 * `ms` to one decimal as JSON.stringify(Math.round(ms * 10) / 10) writes it, from whole
 * tenths: a fractional double takes V8's slow number-to-string path on every line.
 */
function tenths(ms: number): string {
  const t = Math.round(ms * 10);
  if (!Number.isSafeInteger(t) || t < 0) return String(t / 10);
  const whole = Math.floor(t / 10);
  const tenth = t - whole * 10;
  return tenth === 0 ? `${whole}` : `${whole}.${tenth}`;
}

/** Characters a JSON string must escape (and lone surrogates, which it escapes too). */
const NEEDS_ESCAPE = /["\\\u0000-\u001f\ud800-\udfff]/;

/** JSON.stringify of a string, without its cost for the usual id, method or path. */
function jsonString(value: string): string {
  return NEEDS_ESCAPE.test(value) ? JSON.stringify(value) : `"${value}"`;
}
