import type { RouteObject } from 'react-router';
import { AudiencePage } from './AudiencePage';
import { PmaxPage } from './PmaxPage';
import { SearchDisplayPage } from './SearchDisplayPage';
import { ShoppingPage } from './ShoppingPage';

/** The Google Ads channel pages (spec 02 §2: /integrations/google-ads/*), each with its view id. */
export const GOOGLE_ADS_CHANNEL_PATHS = {
  searchDisplay: '/integrations/google-ads/search-display',
  shopping: '/integrations/google-ads/shopping',
  pmax: '/integrations/google-ads/pmax',
  audience: '/integrations/google-ads/audience',
} as const;

export const googleAdsChannelRoutes: RouteObject[] = [
  {
    path: GOOGLE_ADS_CHANNEL_PATHS.searchDisplay.slice(1),
    element: <SearchDisplayPage />,
    handle: { view: 'search_display', title: 'Search & Display' },
  },
  {
    path: GOOGLE_ADS_CHANNEL_PATHS.shopping.slice(1),
    element: <ShoppingPage />,
    handle: { view: 'shopping', title: 'Shopping' },
  },
  {
    path: GOOGLE_ADS_CHANNEL_PATHS.pmax.slice(1),
    element: <PmaxPage />,
    handle: { view: 'pmax', title: 'Performance Max' },
  },
  {
    path: GOOGLE_ADS_CHANNEL_PATHS.audience.slice(1),
    element: <AudiencePage />,
    handle: { view: 'audiences', title: 'Audience' },
  },
];
