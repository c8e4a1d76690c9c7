import type { Random } from './random.js';
import type { DraftVisit } from './visit-draft.js';

/**
 * The Google Ads campaigns an account's Google clicks come from, when the model is given them (the
 * server's demo history gives the campaigns of the Google Ads account it links). Each Google visit's
 * landing then carries what Google adds to an ad click of that campaign: auto-tagging's
 * `gad_source` and `gad_campaignid` next to the click id, and the ValueTrack values of Veracity's
 * tracking template (`campaignid`, the paid traffic's `utm_source=google&utm_medium=cpc`).
 */

export interface GoogleCampaignTag {
  /** The Google Ads campaign id (digits). */
  campaignId: string;
  /** Share of the account's Google clicks (relative; default 1). */
  weight?: number;
}

/** One Google Ads click of a simulated visit: its campaign, time and cost. */
export interface GoogleClick {
  campaignId: string;
  at: Date;
  cost: number;
}

/** The landing URL of a click on `campaignId`, as Google's auto-tagging and the tracking template leave it. */
export function tagGoogleLanding(url: string, campaignId: string): string {
  const tagged = new URL(url);
  tagged.searchParams.set('gad_source', '1');
  tagged.searchParams.set('gad_campaignid', campaignId);
  tagged.searchParams.set('utm_source', 'google');
  tagged.searchParams.set('utm_medium', 'cpc');
  tagged.searchParams.set('campaignid', campaignId);
  return tagged.toString();
}

/**
 * Gives every Google visit one of the campaigns (by weight) on its landing hit. Draws from its own
 * random stream, so the rest of the model is the same with or without campaigns.
 */
export function assignGoogleCampaigns(
  drafts: readonly DraftVisit[],
  campaigns: readonly GoogleCampaignTag[],
  random: Random,
): void {
  if (campaigns.length === 0) return;
  const weights = Object.fromEntries(
    campaigns.map((campaign) => [campaign.campaignId, campaign.weight ?? 1]),
  );
  for (const draft of drafts) {
    const landing = draft.hits[0];
    if (draft.trafficType !== 'google' || !landing) continue;
    landing.body.url = tagGoogleLanding(landing.body.url, random.weighted(weights));
  }
}

/** The Google Ads clicks of the visits: each Google visit's landing that names a campaign. */
export function googleClicksOf(
  visits: readonly {
    trafficType: string;
    hits: readonly { url: string; ts?: string | number; cost?: number }[];
  }[],
): GoogleClick[] {
  const clicks: GoogleClick[] = [];
  for (const visit of visits) {
    const landing = visit.hits[0];
    if (visit.trafficType !== 'google' || !landing) continue;
    const campaignId = new URL(landing.url).searchParams.get('gad_campaignid');
    if (!campaignId) continue;
    clicks.push({ campaignId, at: new Date(landing.ts ?? 0), cost: landing.cost ?? 0 });
  }
  return clicks;
}
