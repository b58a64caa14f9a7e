/** Structured JSON logs (pino); secrets in headers and config never reach the log. */
import pino, { type Logger } from 'pino';

export type { Logger };

export function createLogger(level: string, destination: NodeJS.WritableStream = process.stdout): Logger {
  return pino(
    {
      level,
      base: { service: 'quire' },
      timestamp: pino.stdTimeFunctions.isoTime,
      redact: { paths: ['req.headers.authorization', '*.apiKey', '*.token', '*.secretAccessKey', '*.signingSecret'], censor: '[redacted]' },
    },
    destination as pino.DestinationStream,
  );
}
