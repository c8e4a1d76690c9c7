import { randomUUID } from 'node:crypto';
import type { AdChannel } from '@veracity/contracts/ad-channels';
import { REQUEST_ID_HEADER } from '@veracity/contracts/errors';
import Fastify, { type FastifyBaseLogger, type FastifyInstance, LogController } from 'fastify';
import {
  type FastifyPluginAsyncZod,
  serializerCompiler,
  validatorCompiler,
  type ZodTypeProvider,
} from 'fastify-type-provider-zod';
import { AccountChanges } from './accounts/account-changes.js';
import type { Config } from './config.js';
import { accountRoutes } from './features/account/account.routes.js';
import { changelogRoutes } from './features/account/changelog.routes.js';
import { invitationsRoutes } from './features/account/invitations.routes.js';
import { adChannelsRoutes } from './features/ad-channels/ad-channels.routes.js';
import { configuredDrivers, createAdChannelsIntegration } from './features/ad-channels/ad-channels-wiring.js';
import type { AlertDeps } from './features/alerts/alert-evaluator.js';
import { alertsRoutes } from './features/alerts/alerts.routes.js';
import { analyticsRoutes } from './features/analytics/analytics.routes.js';
import { authRoutes } from './features/auth/auth.routes.js';
import { RATE_LIMITS, type RateLimits } from './features/auth/auth-limits.js';
import { authRequestLimits } from './features/auth/auth-request-limits.js';
import { benchmarkRoutes } from './features/benchmark/benchmark.routes.js';
import { billingRoutes } from './features/billing/billing.routes.js';
import { type BillingIntegration, createBillingIntegration } from './features/billing/billing-wiring.js';
import { testModePagesRoutes } from './features/billing/test-mode-pages.routes.js';
import { campaignsRoutes } from './features/campaigns/campaigns.routes.js';
import { clientConfigRoutes } from './features/client-config/client-config.routes.js';
import { thirdPartySources } from './features/client-config/third-party-sources.js';
import { conversionsRoutes } from './features/conversions/conversions.routes.js';
import { createMailer } from './features/email/mailer.js';
import { outboxRoutes } from './features/email/outbox.routes.js';
import { unsubscribeRoutes } from './features/email/unsubscribe.routes.js';
import { clientErrorsRoutes } from './features/error-reporting/client-errors.routes.js';
import { exclusionWidgetsRoutes } from './features/exclusion-widgets/exclusion-widgets.routes.js';
import { firewallCampaignsRoutes } from './features/firewall/firewall.routes.js';
import { heldConversionsRoutes } from './features/firewall/held-conversions.routes.js';
import { offersRoutes } from './features/firewall/offers.routes.js';
import { trafficSourcesRoutes } from './features/firewall/traffic-sources.routes.js';
import { forensicsRoutes } from './features/forensics/forensics.routes.js';
import { googleAdsRoutes } from './features/google-ads/google-ads.routes.js';
import {
  createGoogleAdsIntegration,
  type GoogleAdsClients,
} from './features/google-ads/google-ads-wiring.js';
import { healthRoutes } from './features/health/health.routes.js';
import { homeRoutes } from './features/home/home.routes.js';
import { hubspotRoutes } from './features/hubspot/hubspot.routes.js';
import { createHubspotIntegration } from './features/hubspot/hubspot-wiring.js';
import { meRoutes } from './features/me/me.routes.js';
import { performanceRoutes } from './features/performance/performance.routes.js';
import { ReportRunner } from './features/reports/report-runner.js';
import { reportsRoutes } from './features/reports/reports.routes.js';
import { appSecurityRoutes } from './features/security/app-security.routes.js';
import { domainSecurityRoutes } from './features/security/domain-security.routes.js';
import { ipSettingsRoutes } from './features/security/ip-settings.routes.js';
import { postbackSecurityRoutes } from './features/security/postback-security.routes.js';
import { sensorSettingsRoutes } from './features/security/sensor-settings.routes.js';
import { recentHitsRoutes } from './features/sensors/recent-hits.routes.js';
import { supportRoutes } from './features/support/support.routes.js';
import { type ApiRoute, installAccessControl } from './http/access.js';
import { installConnectionLimits, serverTimeouts } from './http/connection-limits.js';
import { registerDashboard } from './http/dashboard.js';
import { installErrorHandler } from './http/error-handler.js';
import { dashboardText } from './http/json-text.js';
import { createLogger } from './http/logger.js';
import type { RateRule } from './http/rate-limit.js';
import { registerSecurityHeaders } from './http/security-headers.js';
import { createIngest, type Ingest, type IngestOptions } from './ingest/create-ingest.js';
import type { AdChannelDriver } from './integrations/ad-channel-driver.js';
import type { BillingProvider } from './integrations/billing/billing-provider.js';
import type { HubspotClientOptions } from './integrations/hubspot/hubspot-client.js';
import { type Clock, systemClock } from './jobs/clock.js';
import { createJobScheduler } from './jobs/jobs.js';
import type { JobScheduler } from './jobs/scheduler.js';
import type { Services } from './services.js';
import { shareAccountChanges } from './shared-state/shared-account-changes.js';
import { createRateLimiter } from './shared-state/shared-rate-limiter.js';
import type { Stores } from './storage/open-stores.js';

/** Body limit of the dashboard's API; ingestion endpoints set their own. */
export const API_BODY_LIMIT = 1024 * 1024;

const REQUEST_ID_PATTERN = /^[A-Za-z0-9._-]{8,64}$/;

export interface BuildOptions {
  /** More route plugins under /api, after the features' own (tests use it for probe routes). */
  extraApiRoutes?: readonly FastifyPluginAsyncZod[];
  /** Rate limits other than the defaults (tests use tight ones). */
  rateLimits?: RateLimits;
  /** Dashboard error reports allowed per address, other than the default (tests use a tight one). */
  clientErrorRate?: RateRule;
  /** Ingestion limits and sizes other than the defaults (tests and the benchmark). */
  ingest?: Partial<IngestOptions>;
  /** Where the log goes instead of standard output (tests read what was logged). */
  logStream?: { write(line: string): void };
  /** The logger main.ts made before the stores (`http/logger.ts`); otherwise one is made here. */
  log?: FastifyBaseLogger;
  /**
   * The app's clock, other than the system's: ingestion (receive times, the S2S age checks, rate
   * limit windows) and the job scheduler read it. The demo history and tests move one by hand.
   */
  clock?: Clock;
  /**
   * Requests carrying this value in `UNLOGGED_REQUEST_HEADER` get no request log lines: main.ts sends
   * the first start's demo traffic (tens of thousands of S2S calls through `inject`) with it. A random
   * value of this process, so no client can hide its requests from the log.
   */
  unloggedRequestToken?: string;
  /** Google Ads clients other than those config builds (tests and the demo seed: the local fake). */
  googleAds?: GoogleAdsClients;
  /** Meta, Microsoft and TikTok drivers other than those config builds (tests: their local fakes). */
  adChannelDrivers?: Partial<Record<AdChannel, AdChannelDriver>>;
  /** HubSpot client options (tests: no spacing between calls). */
  hubspotClient?: HubspotClientOptions;
  /** A billing provider other than the config's (tests: Chargebee on its local fake). */
  billingProvider?: BillingProvider;
}

/** See `BuildOptions.unloggedRequestToken`. */
export const UNLOGGED_REQUEST_HEADER = 'x-veracity-unlogged';

declare module 'fastify' {
  interface FastifyInstance {
    /** The ingestion pipeline and its routes (tests use them). */
    ingest: Ingest;
    /** What alert evaluation works with (tests run passes themselves). */
    alertDeps: AlertDeps;
    /** The job scheduler (src/jobs/): main.ts starts it, closing the app stops it. */
    jobs: JobScheduler;
    /** The full reports' worker (tests wait for its runs). */
    reports: ReportRunner;
    /** Billing's provider and handler (tests drive the built-in provider's test cards through it). */
    billing: BillingIntegration;
  }
}

/** Builds the Fastify instance from plugins; main.ts listens on it, tests use app.inject. */
export async function buildApp(
  config: Config,
  stores: Stores,
  options: BuildOptions = {},
): Promise<FastifyInstance> {
  const app = Fastify({
    loggerInstance: options.log ?? createLogger(config, options.logStream),
    ...(options.unloggedRequestToken
      ? {
          logController: new LogController({
            disableRequestLogging: (request) =>
              request.headers[UNLOGGED_REQUEST_HEADER] === options.unloggedRequestToken,
          }),
        }
      : {}),
    trustProxy: config.trustProxy,
    bodyLimit: API_BODY_LIMIT,
    // A caller's own request id is kept when it looks like one, so logs join up across services.
    genReqId: (request) => {
      const given = request.headers[REQUEST_ID_HEADER];
      return typeof given === 'string' && REQUEST_ID_PATTERN.test(given) ? given : randomUUID();
    },
    return503OnClosing: true,
    // Ids in paths go up to 128 characters (S2S ids; forensics looks them up): Fastify's default is 100.
    routerOptions: { maxParamLength: 256 },
    forceCloseConnections: 'idle',
    ...serverTimeouts(config.connections),
  }).withTypeProvider<ZodTypeProvider>();

  app.setValidatorCompiler(validatorCompiler);
  app.setSerializerCompiler(serializerCompiler);
  // Callback hooks, not async ones: these run on every request, the collector's included.
  app.addHook('onRequest', (request, reply, done) => {
    reply.header(REQUEST_ID_HEADER, request.id);
    done();
  });
  // While closing, answers still in flight end their keep-alive connection, so close() can finish.
  let closing = false;
  app.addHook('preClose', async () => {
    closing = true;
  });
  app.addHook('onSend', (_request, reply, payload, done) => {
    if (closing) reply.header('connection', 'close');
    done(null, payload);
  });
  installErrorHandler(app);
  // Headers first: an answer refused by the connection limits carries them too.
  await registerSecurityHeaders(app, config.publicUrl, thirdPartySources(config));
  installConnectionLimits(app, config.connections, config.trustProxy);

  const apiRoutes: ApiRoute[] = [];
  app.decorate('apiRoutes', apiRoutes);
  const clock = options.clock ?? systemClock;
  const services: Services = {
    config,
    db: stores.accounts.db,
    mailer: createMailer(stores.accounts.db, config.smtpUrl, app.log),
    rateLimiter: createRateLimiter(stores.shared, 'auth', options.rateLimits ?? RATE_LIMITS),
    clock,
    requestLimits: authRequestLimits(stores.shared, options.rateLimits ?? RATE_LIMITS),
    googleAds: createGoogleAdsIntegration(config, stores.accounts.db, app.log, clock, options.googleAds),
    adChannels: createAdChannelsIntegration({
      db: stores.accounts.db,
      log: app.log,
      clock,
      secretKey: config.secretKey,
      drivers: options.adChannelDrivers ?? configuredDrivers(config, clock),
    }),
    accountChanges: new AccountChanges(),
    hubspot: createHubspotIntegration({
      db: stores.accounts.db,
      log: app.log,
      clock,
      config,
      ...(options.hubspotClient ? { clientOptions: options.hubspotClient } : {}),
    }),
  };

  const billing = createBillingIntegration({
    config,
    db: services.db,
    events: stores.events,
    clock: services.clock,
    log: app.log,
    ...(options.billingProvider ? { provider: options.billingProvider } : {}),
  });
  app.decorate('billing', billing);

  const ingest = await createIngest(stores, app.log, {
    rateLimits: config.ingestRateLimits,
    sensorPath: config.sensorPath,
    secretKey: config.secretKey,
    accounts: { ttlMs: config.ingestAccountCacheMs },
    firewallWaitForSync: config.firewallWaitForSync,
    clock: services.clock,
    ...options.ingest,
  });
  app.decorate('ingest', ingest);
  services.accountChanges.subscribe((relationshipId) => ingest.accounts.forget(relationshipId));
  if (stores.shared) shareAccountChanges(services.accountChanges, stores.shared);
  app.decorate('alertDeps', {
    db: services.db,
    events: stores.events,
    mailer: services.mailer,
    publicUrl: config.publicUrl,
    log: app.log,
  } satisfies AlertDeps);
  const reports = new ReportRunner(
    {
      db: services.db,
      events: stores.events,
      mailer: services.mailer,
      publicUrl: config.publicUrl,
      log: app.log,
      clock: services.clock,
      dataDir: config.dataDir,
    },
    `reports-${randomUUID()}`,
  );
  const jobs = createJobScheduler(
    config,
    app.alertDeps,
    services.clock,
    { services, events: stores.events, log: app.log },
    reports,
    { events: stores.events, pipeline: ingest.pipeline, accounts: ingest.accounts, log: app.log },
  );
  app.decorate('jobs', jobs);
  app.decorate('reports', reports);

  await app.register(
    async (api) => {
      installAccessControl(api, services.db, apiRoutes);
      // The dashboard's API speaks JSON only: any other body type is answered 415.
      api.removeAllContentTypeParsers();
      // Fastify's parser (it refuses __proto__ and constructor keys), then the one rule for text
      // (http/json-text.ts): unpaired surrogates become U+FFFD, a NUL is refused on its field.
      const parseJson = api.getDefaultJsonParser('error', 'error');
      api.addContentTypeParser(
        'application/json',
        { parseAs: 'string', bodyLimit: API_BODY_LIMIT },
        (request, body, done) => {
          parseJson(request, body as string, (error, value) => {
            if (error) return done(error, undefined);
            try {
              done(null, dashboardText(value));
            } catch (textError) {
              done(textError as Error, undefined);
            }
          });
        },
      );
      await api.register(
        healthRoutes(
          stores.checks,
          () => ({ pending: stores.journal.pending, quarantined: stores.journal.quarantined }),
          config.publicUrlSet ? config.publicUrl : null,
        ),
      );
      await api.register(clientConfigRoutes(config));
      await api.register(clientErrorsRoutes(stores.shared, options.clientErrorRate));
      await api.register(authRoutes(services));
      await api.register(meRoutes(services));
      await api.register(billingRoutes(services, billing));
      await api.register(accountRoutes(services));
      await api.register(invitationsRoutes(services));
      await api.register(campaignsRoutes(services));
      await api.register(firewallCampaignsRoutes(services));
      await api.register(offersRoutes(services));
      await api.register(trafficSourcesRoutes(services));
      await api.register(heldConversionsRoutes(services, stores.events));
      await api.register(recentHitsRoutes(stores.events));
      await api.register(forensicsRoutes(services, stores.events));
      await api.register(conversionsRoutes(services, stores.events));
      await api.register(analyticsRoutes(services, stores.events));
      await api.register(homeRoutes(stores.events));
      await api.register(performanceRoutes(services, stores.events));
      await api.register(benchmarkRoutes({ db: services.db, events: stores.events }));
      await api.register(exclusionWidgetsRoutes(services, stores.events));
      await api.register(alertsRoutes(services));
      await api.register(reportsRoutes(reports));
      await api.register(googleAdsRoutes(services, stores.events));
      await api.register(adChannelsRoutes(services, stores.events));
      await api.register(hubspotRoutes(services));
      await api.register(supportRoutes(services));
      await api.register(unsubscribeRoutes(services));
      await api.register(outboxRoutes(services));
      await api.register(ipSettingsRoutes(services));
      await api.register(postbackSecurityRoutes(services));
      await api.register(domainSecurityRoutes(services, stores.events));
      await api.register(changelogRoutes(services));
      await api.register(sensorSettingsRoutes(services));
      await api.register(appSecurityRoutes(services));
      for (const routes of options.extraApiRoutes ?? []) await api.register(routes);
    },
    { prefix: '/api' },
  );

  // The journal loads what it acknowledged into the event store after the last request is answered,
  // before the stores close (a new app on the same stores reads it there); a read of the stored ids
  // still going stops first.
  app.addHook('onClose', async () => {
    await jobs.stop();
    await reports.drain();
    await ingest.pipeline.storedIds?.stop();
    await ingest.sessionsRestored;
    await stores.journal.drain();
  });
  await app.register(ingest.routes);
  if (billing.builtin) await app.register(testModePagesRoutes(billing.builtin));

  await registerDashboard(app, config.webDist);
  return app;
}
