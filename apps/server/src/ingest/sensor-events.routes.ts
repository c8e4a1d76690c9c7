import { appPackageFromHeader } from '@veracity/contracts/app-security';
import {
  type CollectAnswer,
  SENSOR_MAX_BODY_BYTES,
  sensorEventPath,
  zSensorEvent,
} from '@veracity/contracts/collect';
import type { RequestFacts } from '@veracity/contracts/detection';
import { HTTP_STATUS } from '@veracity/contracts/errors';
import { enabledExclusionPlatforms } from '@veracity/contracts/sensor-settings';
import type { FastifyRequest } from 'fastify';
import { ApiError } from '../http/api-error.js';
import type { Clock } from '../jobs/clock.js';
import type { AccountDirectory } from './account-directory.js';
import { header, type IngestAdmission, type IngestApp, unavailable } from './ingest-admission.js';
import { type IngestPipeline, UnknownHitError } from './pipeline.js';
import type { SensorProofs } from './sensor-proof.js';

/**
 * The visitor's request facts from the headers of the request itself (the sensor's own call), and its
 * address (`request.ip`, which Fastify works out again from the forwarding headers at each read).
 */
export function visitorFacts(
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
    // In-app traffic: the Android WebView names its app in X-Requested-With on each request it makes.
    appPackage: appPackageFromHeader(header(request, 'x-requested-with')),
  };
}

/**
 * The sensor's collection endpoint (a CORS simple request, and its preflight for browsers that send
 * one): page views, their engagement beacons, conversions and exclusion firings, by the account's
 * public sensor key.
 */
export function sensorEventRoutes(
  app: IngestApp,
  deps: {
    pipeline: IngestPipeline;
    accounts: AccountDirectory;
    admission: IngestAdmission;
    sensorPath: string;
    clock: Clock;
    sensorProofs: SensorProofs | undefined;
  },
): void {
  const { pipeline, accounts, admission } = deps;

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
    { bodyLimit: SENSOR_MAX_BODY_BYTES, preValidation: admission.inCohort, schema: { body: zSensorEvent } },
    async (request, reply) => {
      const event = request.body;
      const ip = request.ip;
      const account = await admission.admitSensor(ip, await accounts.bySensorKey(event.key), event.key);
      const now = deps.clock.now();
      try {
        if (event.type === 'hit') {
          const verdict = await pipeline.hit(account, {
            id: event.eventId,
            channel: 'sensor',
            // Cookie-less (the account's sensor settings): the sensor's id lives only as long as the page,
            // so the visit is the device's, as for a hit sent without a session id.
            sessionId: account.sensor.cookieless ? null : event.sessionId,
            at: now,
            url: event.url,
            referrer: event.referrer || null,
            request: visitorFacts(request, ip),
            sensor: event.signals,
            // Whether the script we served sent it: a page view without a valid token is stored all the
            // same, with its reason (sensor:no_proof).
            ...(deps.sensorProofs
              ? { sensorProof: deps.sensorProofs.check(event.proof, now.getTime()) }
              : {}),
            // The sensor's ids are the browser's: a resend after a restart is answered from the store.
            checkStored: true,
          });
          // The exclusion event goes only to the platforms the account keeps switched on.
          const platforms = enabledExclusionPlatforms(account.sensor.exclusionEvents);
          const exclude = verdict.riskLevel === 'high' && platforms.length > 0;
          const answer: CollectAnswer = {
            hitId: event.eventId,
            riskLevel: verdict.riskLevel,
            exclude,
            ...(exclude ? { platforms } : {}),
          };
          return reply.send(answer);
        }
        if (event.type === 'engagement') {
          const { behaviour, visibleMs } = event;
          // Figures no browser sends (the contract kept them as `unexpected`) are a tell of their own.
          const figures = {
            behaviour: 'unexpected' in behaviour ? null : behaviour,
            visibleMs: typeof visibleMs === 'number' ? visibleMs : null,
          };
          // A beacon of a page view that never came is refused, not acknowledged and dropped.
          if (!(await pipeline.engagement(account, event.hitId, figures, now))) {
            throw new UnknownHitError(`no hit ${event.hitId} is known for this account`);
          }
        } else if (event.type === 'exclusion') {
          // A firing on a platform the account switched off (an old copy of the script) is not counted.
          const enabled = event.platforms.filter((platform) => account.sensor.exclusionEvents[platform]);
          if (enabled.length > 0) await pipeline.exclusionFirings(account, event.hitId, enabled, now);
          else if (!(await pipeline.knownHit(account, event.hitId))) {
            throw new UnknownHitError(`no hit ${event.hitId} is known for this account`);
          }
        } else {
          await pipeline.conversion(account, {
            id: event.eventId,
            at: now,
            hitId: event.hitId,
            sessionId: account.sensor.cookieless ? null : event.sessionId,
            name: event.conversion.name,
            value: event.conversion.value ?? null,
            currency: event.conversion.currency ?? null,
            request: visitorFacts(request, ip),
            checkStored: true,
            ...(event.crm ? { crm: event.crm } : {}),
          });
        }
        return reply.code(HTTP_STATUS.NO_CONTENT).send();
      } catch (error) {
        if (error instanceof UnknownHitError) {
          throw ApiError.fields([{ code: 'NOT_VALID', field: 'hitId', value: 'no page view with this id' }]);
        }
        throw unavailable(error);
      }
    },
  );
}
