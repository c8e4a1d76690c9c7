import { AD_CHANNEL_NAMES, AD_CHANNEL_VIEWS, AD_CHANNELS } from '@veracity/contracts/ad-channels';
import type { RouteObject } from 'react-router';
import { UpsellGate } from '../session/UpsellGate';
import { AdChannelOverviewPage } from './AdChannelOverviewPage';
import { AD_CHANNEL_UPSELL, overviewPath } from './ad-channels-copy';

/**
 * The Meta, Microsoft and TikTok overviews (spec 02 §2), each behind its view; a self-service plan
 * without it sees what it would get (upsell flags fads, mads; spec 02 §3).
 */
export const adChannelRoutes: RouteObject[] = AD_CHANNELS.map((channel) => ({
  path: overviewPath(channel).slice(1),
  element: (
    <UpsellGate
      view={AD_CHANNEL_VIEWS[channel]}
      title="Overview"
      eyebrow={AD_CHANNEL_NAMES[channel]}
      upsell={AD_CHANNEL_UPSELL[channel]}
    >
      <AdChannelOverviewPage key={channel} channel={channel} />
    </UpsellGate>
  ),
  handle: { view: AD_CHANNEL_VIEWS[channel], title: `${AD_CHANNEL_NAMES[channel]} overview`, upsell: true },
}));
