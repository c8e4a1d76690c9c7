import {
  AD_CHANNEL_AUDIENCE_MINIMUM,
  type AdChannel,
  type AdChannelState,
  adAudienceStatus,
  EXCLUSION_AUDIENCE_RETENTION_DAYS,
  META_URL_PARAMETERS,
  zAdChannelAccount,
  zAdChannelProblem,
} from '@veracity/contracts/ad-channels';
import { z } from 'zod';
import type { AdProvider } from '../../storage/oltp/schema.js';

/** The token store's provider of each channel. */
export const CHANNEL_PROVIDERS = {
  meta: 'meta_ads',
  microsoft: 'microsoft_ads',
  tiktok: 'tiktok_ads',
} as const satisfies Record<AdChannel, AdProvider>;

/**
 * What Veracity keeps of a linked channel (the `settings` JSON of its ad_integration_settings row):
 * the ad accounts the grant reaches, the one chosen, the exclusion audience, the platform's targets
 * with whether each excludes the audience, those the user chose, and the last refusal.
 */
export const zChannelRecord = z.object({
  accounts: z.array(zAdChannelAccount),
  account: zAdChannelAccount.nullable(),
  audience: z.object({ id: z.string(), name: z.string(), size: z.number().int().nullable() }).nullable(),
  targets: z.array(z.object({ id: z.string(), name: z.string(), status: z.string(), excluded: z.boolean() })),
  chosenTargetIds: z.array(z.string()),
  problem: zAdChannelProblem.nullable(),
});
export type ChannelRecord = z.infer<typeof zChannelRecord>;

export const EMPTY_RECORD: ChannelRecord = {
  accounts: [],
  account: null,
  audience: null,
  targets: [],
  chosenTargetIds: [],
  problem: null,
};

export function parseRecord(settings: string | undefined): ChannelRecord {
  if (settings === undefined) return EMPTY_RECORD;
  const parsed = zChannelRecord.safeParse(JSON.parse(settings));
  return parsed.success ? parsed.data : EMPTY_RECORD;
}

/** The state the dashboard shows, from the record, the connection and whether a client exists. */
export function channelState(input: {
  channel: AdChannel;
  configured: boolean;
  appId: string | null;
  connection: AdChannelState['connection'];
  record: ChannelRecord;
  lastSyncAt: string | null;
}): AdChannelState {
  const { channel, record } = input;
  const connected = input.connection === 'connected';
  const state: AdChannelState = {
    channel,
    configured: input.configured,
    connection: input.connection,
    accounts: connected ? record.accounts : [],
    account: record.account,
    audience: record.audience
      ? {
          ...record.audience,
          minimum: AD_CHANNEL_AUDIENCE_MINIMUM[channel],
          status: adAudienceStatus(channel, record.audience.size),
          retentionDays: EXCLUSION_AUDIENCE_RETENTION_DAYS,
        }
      : null,
    targets: record.targets,
    lastSyncAt: input.lastSyncAt,
    problem: record.problem,
  };
  if (channel === 'meta') {
    state.meta = {
      appId: input.appId,
      linkAccount: connected,
      importAccounts: connected && record.account !== null,
      trackingTemplate: META_URL_PARAMETERS,
    };
  }
  return state;
}
