import { AD_CHANNELS } from '@veracity/contracts/ad-channels';
import type { FastifyBaseLogger } from 'fastify';
import { CHANNEL_PROVIDERS } from '../features/ad-channels/ad-channel-record.js';
import { listChannelRows } from '../features/ad-channels/ad-channels.repo.js';
import { type ChannelServices, syncChannel } from '../features/ad-channels/ad-channels.service.js';
import type { Job } from './scheduler.js';

export const AD_CHANNELS_SYNC_JOB = 'ad-channels.sync-audiences';

/**
 * Every `minutes` (AD_CHANNELS_SYNC_MINUTES), each linked Meta, Microsoft and TikTok account with a
 * chosen ad account: the audience's size read again, the targets listed again, and the exclusion put
 * back where the user chose it and the platform lost it (features/ad-channels/ad-channels.service.ts).
 * A refusal is kept as that channel's problem; one account's failure does not stop the others.
 */
export function adChannelsSyncJob(
  deps: { services: ChannelServices; log: FastifyBaseLogger },
  minutes: number,
): Job {
  return {
    name: AD_CHANNELS_SYNC_JOB,
    everyMs: minutes * 60_000,
    async run() {
      const channels = AD_CHANNELS.filter((channel) => deps.services.adChannels.drivers[channel]);
      if (channels.length === 0) return;
      const providers = channels.map((channel) => CHANNEL_PROVIDERS[channel]);
      const rows = await listChannelRows(deps.services.db, providers);
      let failed = 0;
      for (const row of rows) {
        const channel = channels.find((item) => CHANNEL_PROVIDERS[item] === row.provider);
        if (!channel) continue;
        try {
          await syncChannel(deps.services, channel, row.relationship_id, deps.log);
        } catch (error) {
          failed += 1;
          deps.log.warn(
            { err: error, relationshipId: row.relationship_id, channel },
            'ad channel sync failed',
          );
        }
      }
      if (rows.length > 0) deps.log.debug({ channels: rows.length, failed }, 'ad channels sync pass');
    },
  };
}
