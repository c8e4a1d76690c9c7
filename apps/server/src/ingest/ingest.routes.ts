import { readFile } from 'node:fs/promises';
import { fileURLToPath } from 'node:url';
import {
  type CollectAnswer,
  SENSOR_MAX_BODY_BYTES,
  sensorEventPath,
  sensorScriptPath,
  zSensorEvent,
} from '@veracity/contracts/collect';
import type { RequestFacts } from '@veracity/contracts/detection';
import { HTTP_STATUS } from '@veracity/contracts/errors';
import {
  S2S_CONVERSIONS_PATH,
  S2S_HITS_PATH,
  S2S_MAX_AGE_MS,
  S2S_MAX_BODY_BYTES,
  S2S_MAX_SKEW_MS,
  zS2sConversion,
  zS2sHit,
  zS2sHitVerdict,
  zS2sVerdict,
} from '@veracity/contracts/s2s';
import type { FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { RateLimiter } from '../features/auth/rate-limit.js';
import { ApiError } from '../http/api-error.js';
import type { Clock } from '../jobs/clock.js';
import type { AccountContext, AccountDirectory } from './account-directory.js';
import { type BatchWriter, WriterClosedError, WriterOverloadedError } from './batch-writer.js';
import { TurnCohort } from './cohort.js';
import { parseJsonBody } from './json-body.js';
import { type IngestPipeline, UnknownHitError } from './pipeline.js';
import { s2sIncomingConversion, s2sIncomingHit } from './s2s-events.js';
import { StoredHitReaderBusyError } from './stored-hit-reader.js';
import { riskLabel, type Verdict } from './verdict.js';

/** Events per minute allowed from one address and for one account key. */
export interface IngestRateLimits {
  perIpPerMinute: number;
  perKeyPerMinute: number;
}

export interface IngestDeps {
  pipeline: IngestPipeline;
  writer: BatchWriter;
  accounts: AccountDirectory;
  rateLimits: IngestRateLimits;
  /** The folder of the sensor's two paths (`SENSOR_PATH`). */
  sensorPath: string;
  /** Receive times, the S2S age checks and the rate limit windows read "now" from it. */
  clock: Clock;
}

const MINUTE = 60_000;
/**
 * Addresses (and keys) the rate limits remember: a minute's worth at 1,600 new addresses a second.
 * Past that the least recently seen are forgotten, which only frees addresses that had gone quiet.
 */
const LIMITED_KEYS = 100_000;

/** The built sensor script (packages/sensor/dist), read once and kept; missing until it is built. */
let sensorScript: Promise<Buffer> | undefined;
function readSensorScript(): Promise<Buffer> {
  sensorScript ??= readFile(fileURLToPath(import.meta.resolve('@veracity/sensor/sensor.js'))).catch(
    (error: unknown) => {
      sensorScript = undefined;
      throw error;
    },
  );
  return sensorScript;
}

function header(request: FastifyRequest, name: string): string | null {
  const value = request.headers[name];
  return typeof value === 'string' ? value : null;
}

/**
 * The visitor's request facts from the headers of the request itself (the sensor's own call), and its
 * address (`request.ip`, which Fastify works out again from the forwarding headers at each read).
 */
function facts(
  request: FastifyRequest,
  ip: string,
): Omit<RequestFacts, 'landingUrl' | 'clickIds' | 'referrer'> {
  return {
    ip,
    userAgent: (header(request, 'user-agent') ?? '').slice(0, 2048),
    acceptLanguage: header(request, 'accept-language')?.slice(0, 512) ?? null,
    secChUa: header(request, 'sec-ch-ua')?.slice(0, 512) ?? null,
    secChUaMobile: header(request, 'sec-ch-ua-mobile')?.slice(0, 8) ?? null,
    secChUaPlatform: header(request, 'sec-ch-ua-platform')?.slice(0, 64) ?? null,
    secFetchSite: header(request, 'sec-fetch-site')?.slice(0, 32) ?? null,
    secFetchMode: header(request, 'sec-fetch-mode')?.slice(0, 32) ?? null,
    secFetchDest: header(request, 'sec-fetch-dest')?.slice(0, 32) ?? null,
  };
}

/** An S2S event time: within the accepted window around the server's clock. */
function eventTime(ts: string | number | undefined, now: number): Date {
  if (ts === undefined) return new Date(now);
  const at = typeof ts === 'number' ? ts : Date.parse(ts);
  if (at < now - S2S_MAX_AGE_MS || at > now + S2S_MAX_SKEW_MS) {
    throw ApiError.fields([{ code: 'NOT_VALID', field: 'ts', value: 'must be within the last 30 days' }]);
  }
  return new Date(at);
}

function bearerKey(request: FastifyRequest): string | null {
  const authorization = header(request, 'authorization');
  const match = authorization ? /^Bearer\s+(\S+)$/i.exec(authorization) : null;
  return match?.[1] ?? header(request, 'x-api-key');
}

function verdictBody(verdict: Verdict) {
  return { ...verdict, label: riskLabel(verdict.riskLevel) };
}

/**
 * The public ingestion endpoints, beside /api: the sensor script and its collection endpoint, and the
 * S2S hits and conversions calls (docs/integration.md). Every event is validated, resolved to its
 * account, rate limited, assessed and stored by the pipeline, and answered once durable.
 */
export function ingestRoutes(deps: IngestDeps): FastifyPluginAsyncZod {
  return async (app) => {
    const limits = deps.rateLimits;
    const limiter = new RateLimiter(
      {
        perIp: { limit: limits.perIpPerMinute, windowMs: MINUTE },
        perKey: { limit: limits.perKeyPerMinute, windowMs: MINUTE },
      },
      () => deps.clock.now().getTime(),
      LIMITED_KEYS,
    );

    /**
     * Refuses before any work. Browsers are limited per address and per account; a customer's server
     * sends every visitor's events from one address, so S2S calls with a valid key count per key only
     * (and per address while the key is wrong, against guessing).
     */
    const admit = (
      ip: string,
      account: AccountContext | undefined,
      key: string,
      perIp: 'always' | 'unless-authenticated',
    ): AccountContext => {
      if (perIp === 'always' || !account) limiter.hit('perIp', ip);
      if (!account) throw new ApiError(HTTP_STATUS.UNAUTHORIZED, 'Unknown key');
      if (!account.active) throw ApiError.forbidden('This account is inactive');
      limiter.hit('perKey', key);
      try {
        deps.writer.assertAccepting();
      } catch (error) {
        throw unavailable(error);
      }
      return account;
    };

    // Events are validated and processed in cohorts, all those read in one event-loop turn together
    // (cohort.ts): a hook between reading the body and validating it, on every route that posts one.
    const cohort = new TurnCohort();
    const inCohort = () => cohort.wait();

    // Bodies are read raw and decoded here (json-body.ts): the sensor posts text/plain (a CORS simple
    // request), invalid UTF-8 is refused rather than replaced, and unpaired surrogates become U+FFFD.
    app.removeAllContentTypeParsers();
    app.addContentTypeParser(
      ['text/plain', 'application/json'],
      { parseAs: 'buffer' },
      (_request, body, done) => {
        try {
          done(null, parseJsonBody(body as Buffer));
        } catch (error) {
          done(error as Error, undefined);
        }
      },
    );

    // These routes skip the dashboard's security headers (a CSP for pages, frame rules) and send the
    // few that matter for a script and a JSON answer: any site may load the script and post events,
    // and nothing here reads cookies or credentials.
    app.addHook('onRoute', (route) => {
      // The shape @fastify/helmet reads from a route's config (its own `helmet: false` route option).
      route.config = { ...route.config, helmet: { skipRoute: true } } as typeof route.config;
    });
    // Callback hooks here and in app.ts: an async hook costs a promise and a microtask per request.
    app.addHook('onSend', (_request, reply, payload, done) => {
      reply.header('access-control-allow-origin', '*');
      reply.header('cross-origin-resource-policy', 'cross-origin');
      reply.header('x-content-type-options', 'nosniff');
      done(null, payload);
    });

    app.get(sensorScriptPath(deps.sensorPath), async (request, reply) => {
      let script: Buffer;
      try {
        script = await readSensorScript();
      } catch {
        request.log.error('the sensor script is not built (npm run build)');
        throw new ApiError(HTTP_STATUS.SERVICE_UNAVAILABLE, 'The sensor script is not available');
      }
      return reply
        .type('text/javascript; charset=utf-8')
        .header('cache-control', 'public, max-age=3600')
        .send(script);
    });

    app.options(sensorEventPath(deps.sensorPath), async (_request, reply) =>
      reply
        .code(HTTP_STATUS.NO_CONTENT)
        .header('access-control-allow-methods', 'POST')
        .header('access-control-allow-headers', 'content-type')
        .header('access-control-max-age', '86400')
        .send(),
    );

    app.post(
      sensorEventPath(deps.sensorPath),
      { bodyLimit: SENSOR_MAX_BODY_BYTES, preValidation: inCohort, schema: { body: zSensorEvent } },
      async (request, reply) => {
        const event = request.body;
        const ip = request.ip;
        const account = admit(ip, await deps.accounts.bySensorKey(event.key), event.key, 'always');
        const now = deps.clock.now();
        try {
          if (event.type === 'hit') {
            const verdict = await deps.pipeline.hit(account, {
              id: event.eventId,
              channel: 'sensor',
              sessionId: event.sessionId,
              at: now,
              url: event.url,
              referrer: event.referrer || null,
              request: facts(request, ip),
              sensor: event.signals,
              // The sensor's ids are the browser's: a resend after a restart is answered from the store.
              checkStored: true,
            });
            const answer: CollectAnswer = {
              hitId: event.eventId,
              riskLevel: verdict.riskLevel,
              exclude: verdict.riskLevel === 'high',
            };
            return reply.send(answer);
          }
          if (event.type === 'engagement') {
            const { behaviour, visibleMs } = event;
            // Figures no browser sends (the contract kept them as `unexpected`) are a tell of their own.
            const figures =
              'unexpected' in behaviour || typeof visibleMs !== 'number' ? null : { behaviour, visibleMs };
            await deps.pipeline.engagement(account, event.hitId, figures);
          } else {
            await deps.pipeline.conversion(account, {
              id: event.eventId,
              at: now,
              hitId: event.hitId,
              sessionId: event.sessionId,
              name: event.conversion.name,
              value: event.conversion.value ?? null,
              currency: event.conversion.currency ?? null,
              request: facts(request, ip),
              checkStored: true,
            });
          }
          return reply.code(HTTP_STATUS.NO_CONTENT).send();
        } catch (error) {
          throw unavailable(error);
        }
      },
    );

    const s2sAccount = async (request: FastifyRequest): Promise<AccountContext> => {
      const key = bearerKey(request);
      if (!key) {
        limiter.hit('perIp', request.ip);
        throw ApiError.unauthorized('An API key is required: Authorization: Bearer <key>');
      }
      return admit(request.ip, await deps.accounts.byApiKey(key), key, 'unless-authenticated');
    };
    // The key is checked when the request arrives, before its body is read or validated: a caller
    // without a valid key learns nothing about the body's schema and costs no parsing.
    const s2sAccounts = new WeakMap<FastifyRequest, AccountContext>();
    const authenticate = async (request: FastifyRequest) => {
      s2sAccounts.set(request, await s2sAccount(request));
    };
    const authenticated = (request: FastifyRequest): AccountContext => {
      const account = s2sAccounts.get(request);
      if (!account) throw ApiError.unauthorized();
      return account;
    };

    app.post(
      S2S_HITS_PATH,
      {
        bodyLimit: S2S_MAX_BODY_BYTES,
        onRequest: authenticate,
        preValidation: inCohort,
        schema: { body: zS2sHit, response: { 200: zS2sHitVerdict } },
      },
      async (request, reply) => {
        const account = authenticated(request);
        const body = request.body;
        const at = eventTime(body.ts, deps.clock.now().getTime());
        const campaign =
          body.campaignId === undefined
            ? undefined
            : await deps.accounts.s2sCampaign(account, body.campaignId);
        if (body.campaignId !== undefined && !campaign) {
          throw ApiError.fields([{ code: 'NOT_VALID', field: 'campaignId', value: 'no such S2S campaign' }]);
        }
        try {
          const verdict = await deps.pipeline.hit(account, s2sIncomingHit(body, at, campaign));
          return reply.send({
            ...verdictBody(verdict),
            sessionId: verdict.sessionId,
            trafficType: verdict.trafficType,
          });
        } catch (error) {
          throw unavailable(error);
        }
      },
    );

    app.post(
      S2S_CONVERSIONS_PATH,
      {
        bodyLimit: S2S_MAX_BODY_BYTES,
        onRequest: authenticate,
        preValidation: inCohort,
        schema: { body: zS2sConversion, response: { 200: zS2sVerdict } },
      },
      async (request, reply) => {
        const account = authenticated(request);
        const body = request.body;
        const at = eventTime(body.ts, deps.clock.now().getTime());
        try {
          const verdict = await deps.pipeline.conversion(account, s2sIncomingConversion(body, at));
          return reply.send(verdictBody(verdict));
        } catch (error) {
          if (error instanceof UnknownHitError) {
            throw ApiError.fields([{ code: 'NOT_VALID', field: 'hitId', value: 'no hit with this id' }]);
          }
          throw unavailable(error);
        }
      },
    );
  };
}

/** Overload and shutdown become 503 with Retry-After; anything else passes through. */
function unavailable(error: unknown): unknown {
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
