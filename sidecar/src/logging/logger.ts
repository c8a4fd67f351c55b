// Structured logging (pino) that never writes secrets or Authorization headers.
import { pino, type Logger, type DestinationStream } from 'pino';
import type { LogLevel } from '../settings/settings.js';

export type { Logger };

/** Paths whose values are replaced before a line is written. */
export const REDACTED_PATHS = [
  'authorization',
  'password',
  'appPassword',
  'app_password',
  'token',
  'secret',
  'apiKey',
  '*.authorization',
  '*.Authorization',
  '*.password',
  '*.appPassword',
  '*.app_password',
  '*.token',
  '*.secret',
  '*.apiKey',
  '*.headers.authorization',
  '*.headers["x-api-key"]',
  'headers.authorization',
  'headers["x-api-key"]',
];

export function createLogger(level: LogLevel, destination?: DestinationStream): Logger {
  return pino(
    {
      level,
      base: { service: 'nextcloud-mcp-server' },
      redact: { paths: REDACTED_PATHS, censor: '[redacted]' },
      timestamp: pino.stdTimeFunctions.isoTime,
    },
    destination,
  );
}
