import type { PerformanceCampaign, PerformanceChannel } from '@veracity/contracts/performance';
import { channelPalette, seriesPalette } from '../../../lib/series-palette';
import { trafficTypeName } from '../../../lib/traffic-types';
import type { ChartSeries } from './PerformanceChart';

export function campaignLabel(campaign: { campaignId: string; name: string | null }): string {
  return campaign.name ?? `Campaign ${campaign.campaignId}`;
}

/** Channels as chart lines, each in its channel's colour. */
export function channelSeries(channels: readonly PerformanceChannel[]): ChartSeries[] {
  const colours = channelPalette(channels.map((channel) => channel.type));
  return channels.map((channel, index) => ({
    key: channel.type,
    label: trafficTypeName(channel.type),
    colour: colours[index] ?? 'var(--series-1)',
    series: channel.series,
  }));
}

/** Google Ads campaigns as chart lines, in the series colours' order. */
export function campaignSeries(campaigns: readonly PerformanceCampaign[]): ChartSeries[] {
  const colours = seriesPalette(campaigns.length);
  return campaigns.map((campaign, index) => ({
    key: campaign.campaignId,
    label: campaignLabel(campaign),
    colour: colours[index] ?? 'var(--series-1)',
    series: campaign.series,
  }));
}
