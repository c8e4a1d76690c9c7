import { GOOGLE_CAMPAIGN_TYPES, type GoogleCampaignType } from '../../campaigns.js';

/**
 * Google campaign types. Spec 02 §3 gives two catalogues without saying which applies where; both are kept:
 * - catalogue B (`GOOGLE_CAMPAIGN_TYPES` in campaigns.ts) is what a campaign stores and what the
 *   googleCampaignType dimension and filter take;
 * - catalogue A is the Google Ads search/display picker: SEARCH and DISPLAY shown, the rest hidden, plus
 *   UNCATEGORIZED for campaigns whose type Google does not report.
 */
export type GoogleCampaignTypeA =
  | 'SEARCH'
  | 'DISPLAY'
  | 'SHOPPING'
  | 'HOTEL'
  | 'VIDEO'
  | 'LOCAL'
  | 'SMART'
  | 'PERFORMANCE_MAX'
  | 'DISCOVERY'
  | 'DEMAND_GEN'
  | 'UNCATEGORIZED';

export interface GoogleCampaignTypeEntry<Id extends string = GoogleCampaignType> {
  readonly id: Id;
  readonly name: string;
  readonly visible: boolean;
}

const NAMES: Record<GoogleCampaignType | GoogleCampaignTypeA, string> = {
  SEARCH: 'Search',
  DISPLAY: 'Display',
  SHOPPING: 'Shopping',
  HOTEL: 'Hotel',
  VIDEO: 'Video',
  LOCAL: 'Local',
  SMART: 'Smart',
  PERFORMANCE_MAX: 'Performance Max',
  LOCAL_SERVICES: 'Local Services',
  DISCOVERY: 'Discovery',
  DEMAND_GEN: 'Demand Gen',
  APP: 'App',
  UNCATEGORIZED: 'Uncategorized',
};

const CATALOGUE_A_IDS: readonly GoogleCampaignTypeA[] = [
  'SEARCH',
  'DISPLAY',
  'SHOPPING',
  'HOTEL',
  'VIDEO',
  'LOCAL',
  'SMART',
  'PERFORMANCE_MAX',
  'DISCOVERY',
  'DEMAND_GEN',
  'UNCATEGORIZED',
];
const VISIBLE_IN_A: readonly GoogleCampaignTypeA[] = ['SEARCH', 'DISPLAY'];

export const GOOGLE_CAMPAIGN_TYPES_A: readonly GoogleCampaignTypeEntry<GoogleCampaignTypeA>[] =
  CATALOGUE_A_IDS.map((id) => ({ id, name: NAMES[id], visible: VISIBLE_IN_A.includes(id) }));

/** Catalogue B: every type is visible. */
export const GOOGLE_CAMPAIGN_TYPES_B: readonly GoogleCampaignTypeEntry[] = GOOGLE_CAMPAIGN_TYPES.map(
  (id) => ({
    id,
    name: NAMES[id],
    visible: true,
  }),
);

/** The display name of either catalogue's type; unknown ids are shown as they are. */
export function googleCampaignTypeName(id: string): string {
  return (NAMES as Record<string, string>)[id] ?? id;
}

export function findGoogleCampaignType(id: string): GoogleCampaignTypeEntry | undefined {
  return GOOGLE_CAMPAIGN_TYPES_B.find((type) => type.id === id);
}
