import { type DestinationStream, pino, type Logger } from 'pino';

export type { Logger };

/**
 * Structured JSON logs on stdout. Credentials are redacted wherever they appear in a logged
 * object, so a careless `log.info({ headers })` cannot leak a token.
 */
export function createLogger(level: string, name = 'platform', destination?: DestinationStream): Logger {
  const options: Parameters<typeof pino>[0] = {
    name,
    level,
    base: { service: name },
    timestamp: pino.stdTimeFunctions.isoTime,
    redact: {
      paths: [
        '*.authorization',
        '*.headers.authorization',
        '*.client_secret',
        '*.access_token',
        '*.password',
        'client_secret',
        'access_token',
        'password',
      ],
      censor: '[redacted]',
    },
  };
  // Tests pass a destination to read what was logged; the platform logs to stdout.
  return destination ? pino(options, destination) : pino(options);
}
