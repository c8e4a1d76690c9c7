import { importGoogleAdsCosts } from '../features/google-ads/cost-import.service.js';
import { relationshipsToSync } from '../features/google-ads/exclusion-sync.repo.js';
import { type SyncDeps, syncAllGoogleAdsExclusions } from '../features/google-ads/exclusion-sync.service.js';
import type { Job } from './scheduler.js';

export const GOOGLE_ADS_SYNC_JOB = 'google-ads.sync-exclusions';
export const GOOGLE_ADS_COST_IMPORT_JOB = 'google-ads.import-costs';

/**
 * The exclusion engine as a job: every `minutes` (GOOGLE_ADS_SYNC_MINUTES), one sync of every account
 * with a Google connection and a protected Google account (features/google-ads/exclusion-sync.service.ts).
 * An account backed off after a quota error is skipped until its delay has passed.
 */
export function googleAdsSyncJob(deps: SyncDeps, minutes: number): Job {
  return {
    name: GOOGLE_ADS_SYNC_JOB,
    everyMs: minutes * 60_000,
    async run() {
      // Not configured (a demo or a server without Google): nothing to sync, nothing to log.
      if (!deps.services.googleAds.api) return;
      const relationships = await relationshipsToSync(deps.services.db, {
        includeDemo: deps.services.googleAds.syncDemoAccounts,
      });
      const outcomes = await syncAllGoogleAdsExclusions(deps, relationships);
      const counts: Record<string, number> = {};
      for (const outcome of outcomes.values()) counts[outcome.status] = (counts[outcome.status] ?? 0) + 1;
      // Each account's changes are logged by the sync; the pass itself only when an account was not synced.
      if (relationships.length === 0) return;
      const allSynced = counts.synced === relationships.length;
      deps.log[allSynced ? 'debug' : 'info'](counts, 'google ads exclusion sync pass');
    },
  };
}

/** The cost import as a job: every `hours` (GOOGLE_ADS_COST_IMPORT_HOURS), the last days' costs and names. */
export function googleAdsCostImportJob(deps: SyncDeps, hours: number): Job {
  return {
    name: GOOGLE_ADS_COST_IMPORT_JOB,
    everyMs: hours * 3_600_000,
    async run() {
      if (!deps.services.googleAds.api) return;
      const relationships = await relationshipsToSync(deps.services.db, {
        includeDemo: deps.services.googleAds.syncDemoAccounts,
      });
      for (const relationshipId of relationships) {
        try {
          const result = await importGoogleAdsCosts(deps.services, deps.events, deps.log, relationshipId);
          deps.log.info({ relationshipId, ...result }, 'google ads costs imported');
        } catch (error) {
          deps.log.warn({ err: error, relationshipId }, 'google ads cost import failed');
        }
      }
    },
  };
}
