import { type DestinationStream, pino, type Logger } from 'pino';

export type { Logger };

/**
 * Structured JSON logs on stdout (or `destination`: tests read what was logged). Credentials are
 * redacted wherever they appear in a logged object, so a careless `log.info({ headers })` cannot
 * leak a token.
 */
export function createLogger(level: string, name = 'platform', destination: DestinationStream = pino.destination(1)): Logger {
  const redact = {
    paths: ['*.authorization', '*.headers.authorization', '*.client_secret', '*.access_token', '*.password', 'client_secret', 'access_token', 'password'],
    censor: '[redacted]',
  };
  return pino({ name, level, base: { service: name, pid: process.pid }, timestamp: pino.stdTimeFunctions.isoTime, redact }, destination);
}
