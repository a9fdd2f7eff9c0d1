import pino, { type DestinationStream, type Logger } from 'pino';
import { databaseErrorForLog } from './database-error-log.js';

export type { Logger };

/** An `err` in a log line: a database error without its values, anything else as pino writes it. */
const serializeError = (err: unknown): unknown =>
  databaseErrorForLog(err) ?? pino.stdSerializers.err(err as Error);

/** The API's logger; `destination` (stdout by default) lets tests read what it writes. */
export function createLogger(level: string, destination?: DestinationStream): Logger {
  const options: pino.LoggerOptions = {
    level,
    serializers: { err: serializeError },
    redact: {
      paths: [
        'req.headers.authorization',
        'req.headers.cookie',
        'res.headers["set-cookie"]',
        '*.password',
        '*.newPassword',
        '*.otp',
        '*.resetToken',
      ],
      censor: '[redacted]',
    },
  };
  return destination ? pino(options, destination) : pino(options);
}
