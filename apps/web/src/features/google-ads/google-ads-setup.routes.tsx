import type { RouteObject } from 'react-router';
import { UpsellGate } from '../session/UpsellGate';
import { AccountSettingsPage } from './AccountSettingsPage';
import { GlobalIntelligencePage } from './GlobalIntelligencePage';
import { GOOGLE_ADS_PATHS, GOOGLE_ADS_UPSELL } from './google-ads-copy';
import { LinkingPage } from './LinkingPage';

const path = (full: string) => full.replace(/^\//, '');

/**
 * The Google Ads setup screens (spec 02 §2: linking, account-settings, global-intelligence), each with
 * its view id. `upsell: true`: a self-service plan without the view sees the upsell, not a redirect.
 * The channel pages (search-display, shopping, audience, pmax) are in google-ads-channel.routes.tsx.
 */
export const googleAdsSetupRoutes: RouteObject[] = [
  {
    path: path(GOOGLE_ADS_PATHS.linking),
    element: (
      <UpsellGate
        view="google_ppc"
        title="Link Google Ads"
        eyebrow="Google Ads"
        upsell={GOOGLE_ADS_UPSELL.gads}
      >
        <LinkingPage />
      </UpsellGate>
    ),
    handle: { view: 'google_ppc', title: 'Link Google Ads', upsell: true },
  },
  {
    path: path(GOOGLE_ADS_PATHS.accountSettings),
    element: (
      <UpsellGate
        view="account_settings"
        title="Account settings"
        eyebrow="Google Ads"
        upsell={GOOGLE_ADS_UPSELL.gads}
      >
        <AccountSettingsPage />
      </UpsellGate>
    ),
    handle: { view: 'account_settings', title: 'Google Ads account settings', upsell: true },
  },
  {
    path: path(GOOGLE_ADS_PATHS.globalIntelligence),
    element: (
      <UpsellGate
        view="gads_global_intelligence"
        title="Global intelligence"
        eyebrow="Google Ads"
        upsell={GOOGLE_ADS_UPSELL.gads_global_intelligence}
      >
        <GlobalIntelligencePage />
      </UpsellGate>
    ),
    handle: { view: 'gads_global_intelligence', title: 'Global intelligence', upsell: true },
  },
];
