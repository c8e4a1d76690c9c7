import { HTTP_STATUS } from '@veracity/contracts/errors';
import type { FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { ApiError } from '../http/api-error.js';
import type { Attempt, RateLimiter } from '../http/rate-limit.js';
import type { Clock } from '../jobs/clock.js';
import { createRateLimiter } from '../shared-state/shared-rate-limiter.js';
import type { SharedState } from '../shared-state/shared-state.js';
import {
  type EventAppender,
  WriterClosedError,
  WriterOverloadedError,
} from '../storage/events/journal/batch-writer.js';
import type { AccountContext, AccountDirectory } from './account-directory.js';
import { TurnCohort } from './cohort.js';
import { StoredHitReaderBusyError } from './stored-hit-reader.js';

/** The Fastify instance the ingestion routes are declared on (zod type provider). */
export type IngestApp = Parameters<FastifyPluginAsyncZod>[0];

/** Events per minute allowed from one address and for one account key. */
export interface IngestRateLimits {
  perIpPerMinute: number;
  perKeyPerMinute: number;
}

const MINUTE = 60_000;
/**
 * Addresses (and keys) the rate limits remember: a minute's worth at 1,600 new addresses a second.
 * Past that the least recently seen are forgotten, which only frees addresses that had gone quiet.
 */
const LIMITED_KEYS = 100_000;

/** A request header's value, when it was sent once. */
export function header(request: FastifyRequest, name: string): string | null {
  const value = request.headers[name];
  return typeof value === 'string' ? value : null;
}

function bearerKey(request: FastifyRequest): string | null {
  const authorization = header(request, 'authorization');
  const match = authorization ? /^Bearer\s+(\S+)$/i.exec(authorization) : null;
  return match?.[1] ?? header(request, 'x-api-key');
}

/**
 * An admitted account: at once when the limits are counted in this process, once they are counted when
 * the servers share them. Routes await it either way (one microtask without a shared store).
 */
export type Admitted = AccountContext | Promise<AccountContext>;

/**
 * What every ingestion route does before its event reaches the pipeline: resolve the key to its
 * account, refuse an unknown key or an inactive account, count the rate limits, refuse while the writer
 * is overloaded or closing; and the cohort hook between reading a body and validating it.
 */
export class IngestAdmission {
  readonly #limiter: RateLimiter<'perIp' | 'perKey'>;
  readonly #writer: EventAppender;
  readonly #accounts: AccountDirectory;
  readonly #cohort = new TurnCohort();
  /** The S2S account of a request whose key was checked when it arrived. */
  readonly #s2sAccounts = new WeakMap<FastifyRequest, AccountContext>();

  constructor(deps: {
    writer: EventAppender;
    accounts: AccountDirectory;
    rateLimits: IngestRateLimits;
    clock: Clock;
    /** The store the servers share: the limits are counted there, one round trip an event. */
    shared?: SharedState | undefined;
  }) {
    this.#writer = deps.writer;
    this.#accounts = deps.accounts;
    this.#limiter = createRateLimiter(
      deps.shared,
      'ingest',
      {
        perIp: { limit: deps.rateLimits.perIpPerMinute, windowMs: MINUTE },
        perKey: { limit: deps.rateLimits.perKeyPerMinute, windowMs: MINUTE },
      },
      { clock: () => deps.clock.now().getTime(), maxKeys: LIMITED_KEYS },
    );
  }

  // Events are validated and processed in cohorts, all those read in one event-loop turn together
  // (cohort.ts): a hook between reading the body and validating it, on every route that posts one.
  readonly inCohort = () => this.#cohort.wait();

  /** The account of the sensor's public key, as `AccountDirectory.bySensorKey` found it, admitted. */
  admitSensor(ip: string, account: AccountContext | undefined, key: string): Admitted {
    return this.#admit(ip, account, key, 'always');
  }

  /**
   * The account of a firewall click (by its link's sensor key), admitted as a sensor event is, except
   * that a writer refusing writes does not turn the click away: the campaign's `whenStoreDown` decides.
   */
  admitClick(ip: string, account: AccountContext | undefined, key: string): Admitted {
    return this.#admit(ip, account, key, 'always', false);
  }

  /**
   * The account of an advertiser's postback (its sensor key), admitted: an advertiser's server sends
   * every conversion from one address, so a known key counts per key only, like S2S.
   */
  admitPostback(ip: string, account: AccountContext | undefined, key: string): Admitted {
    return this.#admit(ip, account, key, 'unless-authenticated');
  }

  /**
   * An `onRequest` hook of the S2S routes: the key is checked when the request arrives, before its
   * body is read or validated, so a caller without a valid key learns nothing about the body's schema
   * and costs no parsing.
   */
  readonly authenticate = async (request: FastifyRequest): Promise<void> => {
    this.#s2sAccounts.set(request, await this.#s2sAccount(request));
  };

  /** The account {@link authenticate} found for the request. */
  authenticated(request: FastifyRequest): AccountContext {
    const account = this.#s2sAccounts.get(request);
    if (!account) throw ApiError.unauthorized();
    return account;
  }

  async #s2sAccount(request: FastifyRequest): Promise<AccountContext> {
    const key = bearerKey(request);
    if (!key) {
      await this.#limiter.hit(['perIp', request.ip]);
      throw ApiError.unauthorized('An API key is required: Authorization: Bearer <key>');
    }
    return this.#admit(request.ip, await this.#accounts.byApiKey(key), key, 'unless-authenticated');
  }

  /**
   * Refuses before any work. Browsers are limited per address and per account; a customer's server
   * sends every visitor's events from one address, so S2S calls with a valid key count per key only
   * (and per address while the key is wrong, against guessing). Both limits are counted in one call
   * (one round trip when shared), the address first: a full address refuses before the key counts.
   */
  #admit(
    ip: string,
    account: AccountContext | undefined,
    key: string,
    perIp: 'always' | 'unless-authenticated',
    writerMustAccept = true,
  ): Admitted {
    const attempts: Attempt<'perIp' | 'perKey'>[] = [];
    if (perIp === 'always' || !account) attempts.push(['perIp', ip]);
    if (account?.active) attempts.push(['perKey', key]);
    const counted = this.#limiter.hit(...attempts);
    if (counted instanceof Promise) return counted.then(() => this.#admitted(account, writerMustAccept));
    return this.#admitted(account, writerMustAccept);
  }

  #admitted(account: AccountContext | undefined, writerMustAccept: boolean): AccountContext {
    if (!account) throw new ApiError(HTTP_STATUS.UNAUTHORIZED, 'Unknown key');
    if (!account.active) throw ApiError.forbidden('This account is inactive');
    if (!writerMustAccept) return account;
    try {
      this.#writer.assertAccepting();
    } catch (error) {
      throw unavailable(error);
    }
    return account;
  }
}

/** Overload and shutdown become 503 with Retry-After; anything else passes through. */
export function unavailable(error: unknown): unknown {
  if (error instanceof WriterOverloadedError || error instanceof StoredHitReaderBusyError) {
    return new ApiError(HTTP_STATUS.SERVICE_UNAVAILABLE, 'The collector is overloaded, retry shortly', {
      'retry-after': '1',
    });
  }
  if (error instanceof WriterClosedError) {
    return new ApiError(HTTP_STATUS.SERVICE_UNAVAILABLE, 'The collector is restarting, retry shortly', {
      'retry-after': '2',
    });
  }
  return error;
}
