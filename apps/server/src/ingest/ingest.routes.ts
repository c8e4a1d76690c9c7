import type { FastifyBaseLogger } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { Clock } from '../jobs/clock.js';
import type { SharedState } from '../shared-state/shared-state.js';
import type { EventAppender } from '../storage/events/journal/batch-writer.js';
import type { AccountDirectory } from './account-directory.js';
import { firewallClickRoutes } from './firewall-click.routes.js';
import { FirewallClicks } from './firewall-clicks.js';
import { firewallPostbackRoutes } from './firewall-postback.routes.js';
import type { FirewallPostbacks } from './firewall-postbacks.js';
import { IngestAdmission, type IngestRateLimits } from './ingest-admission.js';
import { parseJsonBody } from './json-body.js';
import type { IngestPipeline } from './pipeline.js';
import { s2sConversionRoutes } from './s2s-conversions.routes.js';
import { s2sHitRoutes } from './s2s-hits.routes.js';
import { sensorEventRoutes } from './sensor-events.routes.js';
import type { SensorProofs } from './sensor-proof.js';
import { sensorScriptRoutes } from './sensor-script.routes.js';

export interface IngestDeps {
  pipeline: IngestPipeline;
  writer: EventAppender;
  accounts: AccountDirectory;
  rateLimits: IngestRateLimits;
  /** The store the servers share, when they do: the rate limits are counted there. */
  shared?: SharedState | undefined;
  /** The folder of the sensor's two paths (`SENSOR_PATH`). */
  sensorPath: string;
  /** Receive times, the S2S age checks and the rate limit windows read "now" from it. */
  clock: Clock;
  /** Whether a firewall click is answered once its hit is durable (else once it is decided). */
  firewallWaitForSync: boolean;
  log?: FastifyBaseLogger;
  /** Advertisers' conversion postbacks of firewall clicks. */
  postbacks: FirewallPostbacks;
  /** The tokens `s.js` carries and page views send back; none without the instance secret. */
  sensorProofs: SensorProofs | undefined;
}

/**
 * The public ingestion endpoints, beside /api: the sensor script and its collection endpoint, the
 * S2S hits and conversions calls (docs/integration.md), and the firewall's click link and JS tag
 * verdict (docs/integrations/firewall.md). Every event is validated, resolved to its
 * account, rate limited (`IngestAdmission`), assessed and stored by the pipeline, and answered once
 * durable. This plugin holds what the endpoints share: how bodies are read and the headers answered.
 */
export function ingestRoutes(deps: IngestDeps): FastifyPluginAsyncZod {
  return async (app) => {
    const admission = new IngestAdmission(deps);

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

    sensorScriptRoutes(app, { ...deps, proofs: deps.sensorProofs });
    sensorEventRoutes(app, { ...deps, admission });
    s2sHitRoutes(app, { ...deps, admission });
    s2sConversionRoutes(app, { ...deps, admission });
    const clicks = new FirewallClicks({ ...deps, waitForSync: deps.firewallWaitForSync });
    firewallClickRoutes(app, { ...deps, admission, clicks });
    // Advertisers' postbacks may also come as a form; only these routes read one.
    await app.register(async (withForms) => {
      withForms.addContentTypeParser(
        'application/x-www-form-urlencoded',
        { parseAs: 'string' },
        (_request, body, done) => done(null, body),
      );
      firewallPostbackRoutes(withForms, { ...deps, admission });
    });
  };
}
