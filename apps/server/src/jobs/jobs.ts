import type { Config } from '../config.js';
import type { AlertDeps } from '../features/alerts/alert-evaluator.js';
import type { SyncDeps } from '../features/google-ads/exclusion-sync.service.js';
import type { ReportRunner } from '../features/reports/report-runner.js';
import type { SensorCoverageDeps } from '../ingest/sensor-coverage.js';
import type { Services } from '../services.js';
import { adChannelsSyncJob } from './ad-channels-sync.js';
import { alertEvaluationJob } from './alert-evaluation.js';
import { benchmarkRefreshJob } from './benchmark-refresh.js';
import { billingUsageJob } from './billing-usage.js';
import { type Clock, systemClock } from './clock.js';
import { googleAdsCostImportJob, googleAdsSyncJob } from './google-ads-sync.js';
import { hubspotMatchJob } from './hubspot-match.js';
import { performanceEmailJob } from './performance-email.js';
import { postbackDeliveryJob } from './postback-delivery.js';
import { reportRunsJob } from './report-runs.js';
import { JobScheduler } from './scheduler.js';
import { sensorCoverageJob } from './sensor-coverage.js';

/**
 * The server's one scheduler with every job of the product registered. main.ts starts it; a test
 * app gets it unstarted and ticks it with an injected clock. ALERTS_CHECK_SECONDS=0 leaves alert
 * evaluation out of this process (another server runs it), GOOGLE_ADS_SYNC_MINUTES=0 the exclusion
 * sync, GOOGLE_ADS_COST_IMPORT_HOURS=0 the cost import, AD_CHANNELS_SYNC_MINUTES=0 the Meta, Microsoft and
 * TikTok audience sync, HUBSPOT_MATCH_SECONDS=0 the HubSpot leads' matching, POSTBACK_DELIVERY_SECONDS=0 postback delivery,
 * REPORTS_CHECK_SECONDS=0 the full reports' schedules and runs, BILLING_USAGE_CHECK_SECONDS=0 the plan usage
 * notices, SENSOR_COVERAGE_CHECK_SECONDS=0 the check of S2S paid clicks without a sensor page view,
 * PERFORMANCE_EMAIL_CHECK_SECONDS=0 the weekly performance mail,
 * BENCHMARK_REFRESH_MINUTES=0 the industry benchmark's refresh.
 */
export function createJobScheduler(
  config: Pick<
    Config,
    | 'alertsCheckSeconds'
    | 'googleAdsSyncMinutes'
    | 'googleAdsCostImportHours'
    | 'postbackDeliverySeconds'
    | 'adChannelsSyncMinutes'
    | 'hubspotMatchSeconds'
    | 'reportsCheckSeconds'
    | 'billingUsageCheckSeconds'
    | 'sensorCoverageCheckSeconds'
    | 'sensorPageViewWaitSeconds'
    | 'performanceEmailCheckSeconds'
    | 'secretKey'
    | 'benchmarkRefreshMinutes'
    | 'outbound'
  >,
  alertDeps: AlertDeps,
  clock?: Clock,
  googleAds?: SyncDeps & { services: Pick<Services, 'adChannels' | 'hubspot'> },
  reports?: ReportRunner,
  sensorCoverage?: SensorCoverageDeps,
): JobScheduler {
  const scheduler = new JobScheduler(alertDeps.db, alertDeps.log, clock ? { clock } : {});
  if (config.alertsCheckSeconds > 0) scheduler.add(alertEvaluationJob(alertDeps, config.alertsCheckSeconds));
  if (googleAds && config.googleAdsSyncMinutes > 0) {
    scheduler.add(googleAdsSyncJob(googleAds, config.googleAdsSyncMinutes));
  }
  if (googleAds && config.googleAdsCostImportHours > 0) {
    scheduler.add(googleAdsCostImportJob(googleAds, config.googleAdsCostImportHours));
  }
  if (googleAds && config.adChannelsSyncMinutes > 0) {
    scheduler.add(adChannelsSyncJob(googleAds, config.adChannelsSyncMinutes));
  }
  if (googleAds && config.hubspotMatchSeconds > 0) {
    scheduler.add(hubspotMatchJob(googleAds, config.hubspotMatchSeconds));
  }
  if (reports && config.reportsCheckSeconds > 0) {
    scheduler.add(reportRunsJob(reports, config.reportsCheckSeconds));
  }
  if (config.billingUsageCheckSeconds > 0) {
    // The alerts' dependencies are the usage check's: the accounts, the event store, the mailer.
    scheduler.add(billingUsageJob(alertDeps, config.billingUsageCheckSeconds));
  }
  if (sensorCoverage && config.sensorCoverageCheckSeconds > 0) {
    scheduler.add(
      sensorCoverageJob(sensorCoverage, config.sensorCoverageCheckSeconds, config.sensorPageViewWaitSeconds),
    );
  }
  if (config.performanceEmailCheckSeconds > 0) {
    // The alerts' dependencies are the weekly mail's too, with the secret its unsubscribe links are signed with.
    const deps = { ...alertDeps, secretKey: config.secretKey };
    scheduler.add(performanceEmailJob(deps, config.performanceEmailCheckSeconds));
  }
  if (config.benchmarkRefreshMinutes > 0) {
    // The alerts' dependencies hold what the refresh reads and writes: the accounts and the event store.
    scheduler.add(benchmarkRefreshJob(alertDeps, config.benchmarkRefreshMinutes));
  }
  if (config.postbackDeliverySeconds > 0) {
    const postbacks = {
      db: alertDeps.db,
      log: alertDeps.log,
      clock: clock ?? systemClock,
      outbound: config.outbound,
    };
    scheduler.add(postbackDeliveryJob(postbacks, config.postbackDeliverySeconds));
  }
  return scheduler;
}
