import { describe, expect, it } from 'vitest';
import { googleClicksOf } from './google-campaigns.js';
import { simulateTraffic } from './traffic-model.js';

const FROM = new Date('2026-11-10T00:00:00Z');
const TO = new Date('2026-11-13T00:00:00Z');
const CAMPAIGNS = [
  { campaignId: '21840500101', weight: 3 },
  { campaignId: '21840500202', weight: 1 },
];

describe('Google Ads campaigns of the simulated clicks', () => {
  const plain = simulateTraffic({ seed: 'campaigns', from: FROM, to: TO, visits: 600 });
  const tagged = simulateTraffic({
    seed: 'campaigns',
    from: FROM,
    to: TO,
    visits: 600,
    googleCampaigns: CAMPAIGNS,
  });

  it('tags every Google landing with one of the campaigns, as auto-tagging and the template do, and changes nothing else', () => {
    const google = tagged.filter((visit) => visit.trafficType === 'google');
    expect(google.length).toBeGreaterThan(50);
    const seen = new Map<string, number>();
    for (const visit of google) {
      const params = new URL(visit.hits[0]?.url ?? '').searchParams;
      const campaign = params.get('gad_campaignid') ?? '';
      expect(params.get('campaignid')).toBe(campaign);
      expect(params.get('utm_source')).toBe('google');
      expect(params.get('utm_medium')).toBe('cpc');
      seen.set(campaign, (seen.get(campaign) ?? 0) + 1);
    }
    expect([...seen.keys()].sort()).toEqual(CAMPAIGNS.map((campaign) => campaign.campaignId).sort());
    expect(seen.get('21840500101') ?? 0).toBeGreaterThan(seen.get('21840500202') ?? 0);
    // The same visits otherwise: only the Google landings' URLs differ.
    expect(tagged.map((visit) => visit.hits.map((hit) => hit.id))).toEqual(
      plain.map((visit) => visit.hits.map((hit) => hit.id)),
    );
    const untagged = (url: string) => {
      const parsed = new URL(url);
      for (const name of ['gad_source', 'gad_campaignid', 'campaignid', 'utm_source', 'utm_medium'])
        parsed.searchParams.delete(name);
      return parsed.toString();
    };
    tagged.forEach((visit, index) => {
      const before = plain[index];
      if (visit.trafficType !== 'google') expect(visit).toEqual(before);
      else expect(untagged(visit.hits[0]?.url ?? '')).toBe(untagged(before?.hits[0]?.url ?? ''));
    });
  });

  it('lists the clicks per campaign with their time and cost', () => {
    const clicks = googleClicksOf(tagged);
    expect(clicks).toHaveLength(tagged.filter((visit) => visit.trafficType === 'google').length);
    expect(clicks.every((click) => click.cost > 0 && click.at >= FROM && click.at <= TO)).toBe(true);
    expect(googleClicksOf(plain)).toEqual([]);
  });
});
