import {
  AD_CHANNEL_AUDIENCE_MINIMUM,
  AD_CHANNEL_NAMES,
  AD_CHANNEL_SEGMENTS,
  type AdChannel,
  type AdChannelAudience,
  EXCLUSION_AUDIENCE_RETENTION_DAYS,
} from '@veracity/contracts/ad-channels';
import { formatNumber } from '../../lib/format';

/** The words of the Meta, Microsoft and TikTok pages. */

export const overviewPath = (channel: AdChannel) => `/integrations/${AD_CHANNEL_SEGMENTS[channel]}/overview`;
export const linkingPath = (channel: AdChannel) => `/integrations/${AD_CHANNEL_SEGMENTS[channel]}/linking`;

/** The platform's own name, without "Ads". */
export const PLATFORM_NAMES = {
  meta: 'Meta',
  microsoft: 'Microsoft',
  tiktok: 'TikTok',
} as const satisfies Record<AdChannel, string>;

/** The upsell flags of spec 02 §3 (fads, mads) and TikTok's, in the same words. */
export const AD_CHANNEL_UPSELL = {
  meta: {
    title: 'Meta Ads protection',
    summary:
      'Keep the bots and click farms Veracity finds out of your Facebook and Instagram campaigns: they join an exclusion audience your ad sets leave out.',
    benefits: [
      'Invalid traffic and exclusion events of your Meta campaigns, day by day',
      `An exclusion audience built from the Meta pixel, ${EXCLUSION_AUDIENCE_RETENTION_DAYS} days retention`,
      'Created and attached to your ad sets for you, or step by step by hand',
    ],
  },
  microsoft: {
    title: 'Microsoft Ads protection',
    summary:
      'Keep invalid visitors out of your Microsoft Advertising campaigns: a UET remarketing list excluded from them, and the invalid IPs ready to paste.',
    benefits: [
      'Invalid traffic and exclusion events of your Microsoft campaigns',
      `A remarketing list of invalid visitors from UET, ${EXCLUSION_AUDIENCE_RETENTION_DAYS} days membership`,
      'Attached as a campaign exclusion for you, and up to 100 invalid IPs a campaign to paste',
    ],
  },
  tiktok: {
    title: 'TikTok Ads protection',
    summary:
      'Keep invalid visitors out of your TikTok campaigns: an audience from the TikTok pixel that your ad groups exclude.',
    benefits: [
      'Invalid traffic and exclusion events of your TikTok campaigns',
      `A custom audience from the TikTok pixel, ${EXCLUSION_AUDIENCE_RETENTION_DAYS} days retention`,
      'Created and excluded from your ad groups for you, or by hand',
    ],
  },
} as const satisfies Record<AdChannel, { title: string; summary: string; benefits: readonly string[] }>;

/** "Populating", "120 of 300 people: Microsoft serves it from 300", "4,210 people: ready". */
export function audienceStatusText(channel: AdChannel, audience: AdChannelAudience): string {
  const platform = PLATFORM_NAMES[channel];
  const minimum = formatNumber(AD_CHANNEL_AUDIENCE_MINIMUM[channel]);
  switch (audience.status) {
    case 'populating':
      return `Populating: ${platform} reports no size yet. It fills as the sensor reports invalid visitors.`;
    case 'too_small':
      return `${formatNumber(audience.size)} of ${minimum} people: ${platform} excludes it once it reaches ${minimum}.`;
    case 'ready':
      return `${formatNumber(audience.size)} people: ready, ${platform} excludes it.`;
  }
}

export const channelTitle = (channel: AdChannel) => AD_CHANNEL_NAMES[channel];
