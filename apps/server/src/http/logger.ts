import type { FastifyBaseLogger } from 'fastify';
import { pino } from 'pino';
import type { Config } from '../config.js';
import { LOG_REDACT_PATHS, REDACTED, serializeRequest } from './log-redaction.js';

/**
 * The server's one logger, made before the stores (their journal logs what it recovers at start) and
 * handed to Fastify. Secrets in URLs (reset, verification and invitation links, login-as) and headers
 * never reach the log.
 */
export function createLogger(
  config: Pick<Config, 'logLevel' | 'env'>,
  /** Where the log goes instead of standard output (tests read what was logged). */
  stream?: { write(line: string): void },
): FastifyBaseLogger {
  const options = {
    level: config.logLevel,
    serializers: { req: serializeRequest },
    redact: { paths: LOG_REDACT_PATHS, censor: REDACTED },
  };
  if (stream) return pino(options, stream);
  if (config.env === 'development' && process.stdout.isTTY) {
    return pino({ ...options, transport: { target: 'pino-pretty' } });
  }
  return pino(options);
}
