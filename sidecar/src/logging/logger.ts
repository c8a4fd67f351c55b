// Structured logging (pino) that never writes secrets or Authorization headers.
import { pino, type Logger, type DestinationStream } from 'pino';
import type { LogLevel } from '../settings/settings.js';
import { createBatchedDestination } from './batched-destination.js';

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

/** Without a destination, lines go to stdout in batches (batched-destination.ts). */
export function createLogger(level: LogLevel, destination: DestinationStream = createBatchedDestination()): Logger {
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
