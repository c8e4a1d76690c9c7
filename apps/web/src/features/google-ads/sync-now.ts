import { type QueryClient, useMutation, useQueryClient } from '@tanstack/react-query';
import type { GoogleAdsSyncAnswer, GoogleAdsSyncSummary } from '@veracity/contracts/google-ads';
import { isApiError } from '../../lib/api-client';
import { formatNumber } from '../../lib/format';
import { useShowApiError } from '../../lib/use-api-feedback';
import {
  exclusionLogKey,
  exclusionsKey,
  googleAdsStateKey,
  storeState,
  syncGoogleAds,
} from './google-ads.api';

/** "Sync now" on the account settings: the call, what the page says after it, and the lists it reloads. */

function count(value: number, one: string, many = `${one}s`): string {
  return `${formatNumber(value)} ${value === 1 ? one : many}`;
}

/** What a run did, in the words of its protection mode. */
export function syncOutcomeText(sync: GoogleAdsSyncSummary): string {
  const changed = sync.added + sync.removed > 0;
  const main =
    sync.mode === 'protection'
      ? changed
        ? `Sync done: ${count(sync.added, 'exclusion')} pushed to Google, ${formatNumber(sync.removed)} removed.`
        : 'Sync done: Google already holds every exclusion; nothing to change.'
      : sync.mode === 'dry_run'
        ? changed
          ? `Dry run done: Google accepted ${count(sync.added, 'exclusion')} to add and ${formatNumber(sync.removed)} to remove; nothing was changed in Google Ads.`
          : 'Dry run done: nothing to add or remove.'
        : changed
          ? `Detection only: ${count(sync.added, 'exclusion')} would be added and ${formatNumber(sync.removed)} removed; nothing was sent to Google.`
          : 'Detection only: nothing new would be excluded.';
  const failed =
    sync.failed > 0 ? ` Google refused ${count(sync.failed, 'change')}; the next sync retries.` : '';
  const held = sync.held > 0 ? ` ${count(sync.held, 'IP')} held back: the lists are full.` : '';
  return `${main}${failed}${held}`;
}

/** What kept the sync from running (docs/api.md "Running the exclusion sync now"). */
const SYNC_REFUSALS: Record<string, string> = {
  GOOGLE_ADS_NOT_CONNECTED: 'Google Ads is not linked: link it first.',
  GOOGLE_ADS_RECONNECT: 'Google refused Veracity’s access: reconnect with Google to resume exclusions.',
  GOOGLE_ADS_NO_ACTIVE_ACCOUNTS: 'No account is protected: choose the accounts to protect first.',
  GOOGLE_ADS_QUOTA:
    'Google’s request quota is used up for now: the sync runs again on its own once Google allows it.',
};

/**
 * The sentence for a refused or failed sync, or null for what the error catalogue shows as for any
 * write (the demo's 418, a missing permission, no answer at all).
 */
export function syncErrorText(error: unknown): string | null {
  if (!isApiError(error) || error.status === null) return null;
  const body = typeof error.body === 'string' ? error.body : '';
  const known = SYNC_REFUSALS[body];
  if (known && (error.status === 409 || error.status === 429)) return known;
  if (error.status === 503) return 'Google Ads is not configured on this server.';
  if (error.status === 502) {
    const code = body.replace(/^GOOGLE_ADS_ERROR:\s*/, '');
    return `Google refused the sync${code ? ` (${code})` : ''}; nothing was lost, try again later.`;
  }
  return null;
}

/** The exclusion lists, the log and the channel pages' widgets: what a run may have changed. */
function reloadAfterSync(client: QueryClient): Promise<unknown> {
  return Promise.all([
    client.invalidateQueries({ queryKey: exclusionsKey }),
    client.invalidateQueries({ queryKey: exclusionLogKey }),
    client.invalidateQueries({
      predicate: (query) => {
        const [endpoint] = query.queryKey;
        return typeof endpoint === 'string' && /^\/widget\/[a-z-]+\/exclusions$/.test(endpoint);
      },
    }),
  ]);
}

export type SyncResult = { ok: true; text: string } | { ok: false; text: string };

/**
 * POST /sync: the new state in the cache, the lists reloaded, the outcome handed to the card; what the
 * error catalogue covers (the demo's 418, a missing permission, no answer) shows as for any write.
 */
export function useSyncNow(onResult: (result: SyncResult) => void) {
  const client = useQueryClient();
  const showError = useShowApiError();
  return useMutation({
    mutationFn: syncGoogleAds,
    onSuccess: async ({ sync, ...state }: GoogleAdsSyncAnswer) => {
      storeState(client, state);
      // Said once, in the card, where it stays (a notification would repeat it and fade).
      onResult({ ok: true, text: syncOutcomeText(sync) });
      await reloadAfterSync(client);
    },
    onError: (error) => {
      const text = syncErrorText(error);
      if (text === null) {
        showError(error);
        return;
      }
      onResult({ ok: false, text });
      // A refused grant or a back-off changes the state (connection, last error): read it again.
      void client.invalidateQueries({ queryKey: googleAdsStateKey });
    },
  });
}
