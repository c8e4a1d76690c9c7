import type { Kysely } from 'kysely';
import type { Config } from './config.js';
import type { AuthRequestLimits } from './features/auth/auth-request-limits.js';
import type { RateLimiter } from './features/auth/rate-limit.js';
import type { Mailer } from './features/email/mailer.js';
import type { Database } from './storage/oltp/schema.js';

/** What feature routes and services work with; built once in app.ts. */
export interface Services {
  config: Config;
  db: Kysely<Database>;
  mailer: Mailer;
  rateLimiter: RateLimiter;
  /** The limits that refuse a request outright (@fastify/rate-limit). */
  requestLimits: AuthRequestLimits;
}
