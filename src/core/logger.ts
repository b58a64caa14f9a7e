/** Structured JSON logs (pino); secrets in headers and config never reach the log. */
import pino, { type Logger } from 'pino';

export type { Logger };

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
      redact: { paths: ['req.headers.authorization', '*.apiKey', '*.token', '*.secretAccessKey', '*.signingSecret'], censor: '[redacted]' },
    },
    (destination as pino.DestinationStream | undefined) ?? pino.destination({ dest: 1, sync: false }),
  );
}
