import { CHANNEL_ALERT_DRAFT } from '@veracity/contracts/alerts';
import type { TrafficType } from '@veracity/contracts/detection';
import type { ViewId } from '@veracity/contracts/views';
import { trafficTypeName } from '../../../lib/traffic-types';
import { ANALYTICS_PATH } from '../../session/base-route';

/**
 * Where a channel card's back leads (spec 02 §2): the analytics page filtered on the channel, the
 * alert form with the channel's draft (a modal on the overview), and the channel's own page.
 */

/**
 * "Go to Analytics": dimension trafficType, the date range, the channel's filter and threats=0, in the
 * address format of the analytics page (lib/url-state.ts): `filters` is the JSON list of filter lines.
 */
export function channelAnalyticsHref(type: TrafficType, range: { from: string; to: string }): string {
  const filters = [{ column: 'trafficType', type: 'equals', values: [type] }];
  const params: [string, string][] = [
    ['dimensions', 'trafficType'],
    ['from', range.from],
    ['to', range.to],
    ['filters', JSON.stringify(filters)],
    ['threats', '0'],
  ];
  const query = params.map(([key, value]) => `${key}=${encodeURIComponent(value)}`).join('&');
  return `${ANALYTICS_PATH}?${query}`;
}

/**
 * A channel card's draft alert (spec 02 §2 "Alerts form", §9: threshold 3 %, 500 minimum events): the
 * user completes it in the home alert form, whose dimensions stay fixed.
 */
export interface ChannelAlertDraft {
  name: string;
  dimensions: ['trafficType'];
  values: { trafficType: [TrafficType] };
  threshold: number;
  minEvents: number;
}

export function channelAlertDraft(type: TrafficType): ChannelAlertDraft {
  return {
    name: `${trafficTypeName(type)} invalid traffic`,
    dimensions: ['trafficType'],
    values: { trafficType: [type] },
    threshold: CHANNEL_ALERT_DRAFT.threshold,
    minEvents: CHANNEL_ALERT_DRAFT.minEvents,
  };
}

/** "See Channel Page": Google search/display, and the Facebook, Microsoft and TikTok overviews. */
export const CHANNEL_PAGES: Partial<Record<TrafficType, { path: string; view: ViewId }>> = {
  google: { path: '/integrations/google-ads/search-display', view: 'search_display' },
  facebook: { path: '/integrations/facebook-ads/overview', view: 'facebook_ads' },
  microsoft: { path: '/integrations/microsoft-ads/overview', view: 'microsoft_main' },
  tiktok: { path: '/integrations/tiktok-ads/overview', view: 'tiktok_ads' },
};
