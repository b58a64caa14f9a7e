/** Structured JSON logs (pino); secrets in headers and config never reach the log. */
import pino, { type Logger } from 'pino';

export type { Logger };

/**
 * Stdout through pino's asynchronous writer, batched: lines are written when 4 KiB
 * have gathered or, at the latest, a second after they were logged, so a busy server
 * does not pay a system call per request and a quiet one still shows its lines.
 */
function bufferedStdout(): pino.DestinationStream {
  const dest = pino.destination({ dest: 1, sync: false, minLength: 4096 });
  const timer = setInterval(() => {
    try {
      dest.flush();
    } catch {
      // A flush while the previous write is in flight: the next tick takes it.
    }
  }, 1000);
  timer.unref();
  return dest;
}

/**
 * @param destination where lines go; by default stdout through pino's buffered
 *   asynchronous writer, so a request never waits for its log line to be written.
 */
export function createLogger(level: string, destination?: NodeJS.WritableStream): Logger {
  return pino(
    {
      level,
      base: { service: 'quire' },
      timestamp: pino.stdTimeFunctions.isoTime,
      // Fixed paths only: wildcard redaction would walk every logged object on the hot path.
      redact: { paths: ['req.headers.authorization', 'config.agent.apiKey', 'config.git.token', 'config.blobs.s3.secretAccessKey', 'config.signingSecret'], censor: '[redacted]' },
    },
    (destination as pino.DestinationStream | undefined) ?? bufferedStdout(),
  );
}
