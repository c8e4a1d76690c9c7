import { SENSOR_EVENT_PATH, zSensorExclusion } from '@veracity/contracts/collect';
import { S2S_HITS_PATH } from '@veracity/contracts/s2s';
import { describe, expect, it } from 'vitest';
import { SHOP_TAGS, sendTimeline } from '../send-timeline.js';
import type { Transport } from '../transport.js';
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

describe('exclusion firings reported as the sensor reports them', () => {
  it('follows a high-risk page view that ran the sensor with its exclusion report, and nothing else', async () => {
    const visits = simulateTraffic({ seed: 'firings', from: FROM, to: TO, visits: 300 });
    const highRisk = (hit: { userAgent: string }) =>
      /HeadlessChrome|python|curl|Go-http/i.test(hit.userAgent);
    const sent: { path: string; body: unknown }[] = [];
    const transport: Transport = async (request) => {
      sent.push({ path: request.path, body: request.body });
      if (request.path === SENSOR_EVENT_PATH) return { status: 204, text: '', header: () => null };
      const body = request.body as { id: string; userAgent: string };
      const answer = {
        id: body.id,
        riskLevel: highRisk(body) ? 'high' : 'low',
        label: highRisk(body) ? 'Invalid' : 'Legitimate',
        score: 0,
        threats: [],
        duplicate: false,
        sessionId: 's',
        trafficType: 'direct',
      };
      return { status: 200, text: JSON.stringify(answer), header: () => null };
    };
    const result = await sendTimeline([{ apiKey: 'vk_a', sensorKey: 'vs_demo_sensor_key', visits }], {
      transport,
      sleep: async () => {},
      log: () => {},
      advanceTo: async () => {},
      exclusionPath: SENSOR_EVENT_PATH,
    });
    expect(result.summary.errors).toEqual([]);
    const reports = sent.filter((request) => request.path === SENSOR_EVENT_PATH);
    const expected = visits
      .flatMap((visit) => visit.hits)
      .filter((hit) => hit.signals !== undefined && highRisk(hit))
      .map((hit) => hit.id);
    expect(expected.length).toBeGreaterThan(0);
    expect(result.summary.exclusions).toBe(expected.length);
    expect(reports.map((report) => (report.body as { hitId: string }).hitId).sort()).toEqual(expected.sort());
    for (const report of reports) {
      const parsed = zSensorExclusion.parse(report.body);
      expect(parsed.key).toBe('vs_demo_sensor_key');
      expect(parsed.platforms).toEqual([...SHOP_TAGS]);
      // Sent after the page view it reports on.
      const hitAt = sent.findIndex(
        (request) => request.path === S2S_HITS_PATH && (request.body as { id: string }).id === parsed.hitId,
      );
      expect(hitAt).toBeGreaterThanOrEqual(0);
      expect(sent.indexOf(report)).toBeGreaterThan(hitAt);
    }
  });
});
