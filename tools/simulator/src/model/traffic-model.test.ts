import {
  type AssessmentInput,
  CLICK_ID_PARAMS,
  type ClickIdParam,
  NO_ACTIVITY_HISTORY,
  type RiskLevel,
  zAssessmentInput,
} from '@veracity/contracts/detection';
import {
  type S2sConversion,
  type S2sHit,
  type S2sVisitorHeaders,
  zS2sConversion,
  zS2sHit,
} from '@veracity/contracts/s2s';
import { assess } from '@veracity/detection/assess';
import { enrich } from '@veracity/detection/enrich';
import { ipIntelligence } from '@veracity/detection/ip/create-ip-intelligence';
import { describe, expect, it } from 'vitest';
import { isPaidTrafficType } from './landing.js';
import { COUNTRIES } from './networks.js';
import { DEFAULT_CHANNEL_MIX, type SimulatedVisit, simulateTraffic } from './traffic-model.js';
import { BOT_KINDS, type VisitKind } from './visit-draft.js';

const FROM = new Date('2026-11-10T00:00:00Z');
const TO = new Date('2026-11-17T00:00:00Z');
const OPTIONS = { seed: 'veracity', from: FROM, to: TO, visits: 4000 };
const visits = simulateTraffic(OPTIONS);
const intel = ipIntelligence();

const allHits = visits.flatMap((visit) => visit.hits.map((hit, index) => ({ visit, hit, index })));
const ms = (ts: S2sHit['ts']) => (typeof ts === 'number' ? ts : Date.parse(ts ?? ''));

function clickIdsOf(url: string): Partial<Record<ClickIdParam, string>> {
  const params = new URL(url).searchParams;
  const ids: Partial<Record<ClickIdParam, string>> = {};
  for (const param of CLICK_ID_PARAMS) {
    const value = params.get(param);
    if (value) ids[param] = value;
  }
  return ids;
}

/**
 * What the S2S collector will hand the engine, built from the body alone: request facts from the
 * visitor's IP, agent, headers and URL; enrichment from the shipped IP data; the signals as the
 * sensor payload; the channel's campaign context on the landing hit (later page views are internal
 * navigation, not clicks); and the activity history the counters would see, counted over the run.
 */
function hitInput(
  hit: S2sHit,
  visit: SimulatedVisit,
  index: number,
  history: Partial<AssessmentInput['history']>,
) {
  // The simulator sends the headers it picks, by lower-case name (no `headersForwarded`).
  const headers = (hit.headers ?? {}) as S2sVisitorHeaders;
  const request = {
    ip: hit.ip,
    userAgent: hit.userAgent,
    acceptLanguage: headers['accept-language'],
    secChUa: headers['sec-ch-ua'],
    secChUaMobile: headers['sec-ch-ua-mobile'],
    secChUaPlatform: headers['sec-ch-ua-platform'],
    secChUaPlatformVersion: headers['sec-ch-ua-platform-version'],
    secChUaFullVersionList: headers['sec-ch-ua-full-version-list'],
    secFetchSite: headers['sec-fetch-site'],
    secFetchMode: headers['sec-fetch-mode'],
    secFetchDest: headers['sec-fetch-dest'],
    secFetchUser: headers['sec-fetch-user'],
    referrer: hit.referrer,
    landingUrl: hit.url,
    clickIds: clickIdsOf(hit.url),
  };
  return zAssessmentInput.parse({
    kind: 'hit',
    channel: 's2s',
    at: ms(hit.ts),
    request,
    enrichment: enrich(request, intel),
    sensor: hit.signals ?? null,
    campaign: { paid: index === 0 && isPaidTrafficType(visit.trafficType), trafficType: visit.trafficType },
    history,
  });
}

/** Hits before each hit, over the policy's windows: same IP in 10 minutes, same click id in 24 hours. */
function histories(): Map<S2sHit, Partial<AssessmentInput['history']>> {
  const sorted = [...allHits].sort((a, b) => ms(a.hit.ts) - ms(b.hit.ts));
  const byIp = new Map<string, number[]>();
  const byClickId = new Map<string, number[]>();
  const result = new Map<S2sHit, Partial<AssessmentInput['history']>>();
  for (const { hit } of sorted) {
    const at = ms(hit.ts);
    const ipTimes = byIp.get(hit.ip) ?? [];
    const clickId = Object.values(clickIdsOf(hit.url))[0];
    const clickTimes = clickId === undefined ? [] : (byClickId.get(clickId) ?? []);
    result.set(hit, {
      sameIp: ipTimes.filter((t) => at - t < 10 * 60_000).length,
      sameDevice: 0,
      sameClickId: clickTimes.filter((t) => at - t < 86_400_000).length,
      sinceClickMs: null,
    });
    byIp.set(hit.ip, [...ipTimes, at]);
    if (clickId !== undefined) byClickId.set(clickId, [...clickTimes, at]);
  }
  return result;
}

const history = histories();
const levels = new Map<S2sHit, ReturnType<typeof assess>>();
for (const { visit, hit, index } of allHits) {
  levels.set(hit, assess(hitInput(hit, visit, index, history.get(hit) ?? {})));
}

function tally(kind: VisitKind): Record<RiskLevel, number> & { total: number } {
  const counts = { low: 0, medium: 0, high: 0, total: 0 };
  for (const { visit, hit } of allHits) {
    if (visit.kind !== kind) continue;
    const level = levels.get(hit)?.riskLevel ?? 'low';
    counts[level] += 1;
    counts.total += 1;
  }
  return counts;
}

describe('simulateTraffic', () => {
  it('gives the same traffic for the same seed, and other traffic for another', () => {
    expect(simulateTraffic({ ...OPTIONS, visits: 300 })).toEqual(
      simulateTraffic({ ...OPTIONS, visits: 300 }),
    );
    const other = simulateTraffic({ ...OPTIONS, visits: 300, seed: 'other' });
    expect(other.map((visit) => visit.hits[0]?.ip)).not.toEqual(
      simulateTraffic({ ...OPTIONS, visits: 300 }).map((visit) => visit.hits[0]?.ip),
    );
  });

  it('makes the requested number of visits, in time order, within the range', () => {
    expect(visits).toHaveLength(4000);
    for (let i = 1; i < visits.length; i++) {
      expect(visits[i]?.at.getTime()).toBeGreaterThanOrEqual(visits[i - 1]?.at.getTime() ?? 0);
    }
    for (const visit of visits) {
      expect(visit.hits.length).toBeGreaterThan(0);
      expect(visit.at.getTime()).toBe(ms(visit.hits[0]?.ts));
      const sessions = new Set(visit.hits.map((hit) => hit.sessionId));
      expect(sessions.size).toBe(1);
      let previous = -1;
      for (const hit of visit.hits) {
        const at = ms(hit.ts);
        expect(at).toBeGreaterThan(previous);
        expect(at).toBeGreaterThanOrEqual(FROM.getTime());
        expect(at).toBeLessThanOrEqual(TO.getTime());
        previous = at;
      }
      for (const conversion of visit.conversions) {
        const at = ms(conversion.ts);
        const hit = visit.hits.find((candidate) => candidate.id === conversion.hitId);
        expect(hit).toBeDefined();
        expect(at).toBeGreaterThan(ms(hit?.ts));
        expect(at).toBeLessThanOrEqual(TO.getTime());
      }
    }
  });

  it('holds the bot share and spreads the bots over every kind', () => {
    const bots = visits.filter((visit) => visit.kind !== 'human');
    expect(bots).toHaveLength(1000);
    for (const kind of BOT_KINDS)
      expect(bots.filter((visit) => visit.kind === kind).length).toBeGreaterThan(100);
    expect(simulateTraffic({ ...OPTIONS, visits: 200, botShare: 0 }).every((v) => v.kind === 'human')).toBe(
      true,
    );
  });

  it("follows the channel mix for people's visits", () => {
    const humans = visits.filter((visit) => visit.kind === 'human');
    const total = Object.values(DEFAULT_CHANNEL_MIX).reduce((sum, weight) => sum + (weight ?? 0), 0);
    for (const [type, weight] of Object.entries(DEFAULT_CHANNEL_MIX)) {
      const share = humans.filter((visit) => visit.trafficType === type).length / humans.length;
      expect(Math.abs(share - (weight ?? 0) / total), type).toBeLessThan(0.025);
    }
    const googleOnly = simulateTraffic({ ...OPTIONS, visits: 200, channelMix: { google: 1 } });
    const clicks = googleOnly.filter((visit) => visit.kind !== 'declared_crawler');
    expect(clicks.every((visit) => visit.trafficType === 'google')).toBe(true);
  });

  it('gives every hit and conversion a unique id, and every body passes the S2S schemas', () => {
    const ids = visits.flatMap((visit) => [...visit.hits, ...visit.conversions].map((event) => event.id));
    expect(new Set(ids).size).toBe(ids.length);
    const sessions = new Set(visits.map((visit) => visit.hits[0]?.sessionId));
    expect(sessions.size).toBe(visits.length);
    for (const visit of visits) {
      for (const hit of visit.hits) expect(zS2sHit.safeParse(hit).error).toBeUndefined();
      for (const conversion of visit.conversions) {
        expect(zS2sConversion.safeParse(conversion).error).toBeUndefined();
      }
    }
  });

  it('spreads paid hits over the given campaigns', () => {
    const withCampaigns = simulateTraffic({ ...OPTIONS, visits: 500, campaignIds: [11, 12] });
    const landings = withCampaigns.map((visit) => visit.hits[0] as S2sHit);
    const paid = landings.filter((_hit, i) => isPaidTrafficType(withCampaigns[i]?.trafficType ?? 'direct'));
    expect(new Set(paid.map((hit) => hit.campaignId))).toEqual(new Set([11, 12]));
    expect(landings.filter((hit) => !paid.includes(hit)).every((hit) => hit.campaignId === undefined)).toBe(
      true,
    );
  });

  it('sends people from consumer networks of their country, with a matching time zone', () => {
    const countries = new Set(COUNTRIES.map((country) => country.country));
    for (const { visit, hit } of allHits) {
      if (visit.kind !== 'human') continue;
      const facts = intel.lookup(hit.ip);
      expect(facts.hosting, hit.ip).toBe(false);
      expect(facts.asn, hit.ip).not.toBeNull();
      expect(countries.has(facts.country ?? ''), hit.ip).toBe(true);
      const zone = hit.signals?.timezone;
      if (zone) {
        const profile = COUNTRIES.find((country) => country.country === facts.country);
        expect(
          profile?.timezones.map((z) => z.zone),
          `${hit.ip} ${zone}`,
        ).toContain(zone);
      }
    }
  });

  it('sends scripts and headless browsers from hosting networks', () => {
    for (const { visit, hit } of allHits) {
      if (visit.kind === 'human' || visit.kind === 'click_injection') continue;
      expect(intel.lookup(hit.ip).hosting, `${visit.kind} ${hit.ip}`).toBe(true);
    }
  });

  it('tags paid landings with the network click id, except where the bot leaves it out', () => {
    const landings = visits.filter((visit) => visit.kind === 'human' && visit.trafficType === 'google');
    const tagged = landings.filter((visit) => {
      const ids = clickIdsOf(visit.hits[0]?.url ?? '');
      return ids.gclid !== undefined || ids.gbraid !== undefined;
    });
    expect(tagged.length / landings.length).toBeGreaterThan(0.97);
    const organic = visits.filter(
      (visit) => visit.kind === 'human' && visit.trafficType === 'organic_search',
    );
    expect(
      organic.every((visit) => /google|bing|duckduckgo|ecosia/.test(visit.hits[0]?.referrer ?? '')),
    ).toBe(true);
    const direct = visits.filter((visit) => visit.kind === 'human' && visit.trafficType === 'direct');
    expect(direct.every((visit) => visit.hits[0]?.referrer === undefined)).toBe(true);
  });

  it('converts a few percent of people, seconds to minutes after the click', () => {
    const humans = visits.filter((visit) => visit.kind === 'human');
    const converted = humans.filter((visit) => visit.conversions.length > 0);
    expect(converted.length / humans.length).toBeGreaterThan(0.015);
    expect(converted.length / humans.length).toBeLessThan(0.05);
    for (const visit of converted) {
      const conversion = visit.conversions[0] as S2sConversion;
      expect(ms(conversion.ts) - visit.at.getTime()).toBeGreaterThan(5_000);
    }
    const injected = visits.filter((visit) => visit.kind === 'click_injection');
    for (const visit of injected) {
      expect(ms(visit.conversions[0]?.ts) - visit.at.getTime()).toBeLessThan(3_000);
    }
  });

  it('brings people by day more than by night, in their own time zone', () => {
    const byHour = new Array<number>(24).fill(0);
    for (const visit of visits) {
      const zone = visit.hits[0]?.signals?.timezone;
      if (visit.kind !== 'human' || !zone) continue;
      const hour = Number(
        new Intl.DateTimeFormat('en-GB', { hour: 'numeric', hourCycle: 'h23', timeZone: zone }).format(
          visit.at,
        ),
      );
      byHour[hour] = (byHour[hour] ?? 0) + 1;
    }
    const sum = (from: number, to: number) => byHour.slice(from, to).reduce((a, b) => a + b, 0);
    expect(sum(10, 16)).toBeGreaterThan(4 * sum(1, 7));
  });

  describe('as the engine sees it (S2S input built from each body)', () => {
    it('leaves nearly every human hit below high, and most of them low', () => {
      const humans = tally('human');
      expect(humans.high / humans.total).toBeLessThan(0.02);
      expect(humans.low / humans.total).toBeGreaterThan(0.9);
    });

    it.each(['declared_crawler', 'http_library', 'headless'] as const)('marks %s hits high', (kind) => {
      const counts = tally(kind);
      expect(counts.high / counts.total).toBeGreaterThanOrEqual(0.9);
    });

    it('marks click bursts high once an address keeps clicking', () => {
      const counts = tally('click_burst');
      expect(counts.low).toBe(0);
      expect(counts.high / counts.total).toBeGreaterThan(0.6);
    });

    it('catches click injection by the missing or replayed click id and the instant conversion', () => {
      for (const { visit, hit } of allHits) {
        if (visit.kind !== 'click_injection') continue;
        const reasons = levels.get(hit)?.reasons.map((reason) => reason.id) ?? [];
        const replayed = (history.get(hit)?.sameClickId ?? 0) >= 2;
        const missing = Object.keys(clickIdsOf(hit.url)).length === 0;
        if (missing) expect(reasons).toContain('paid:missing_click_id');
        if (replayed) expect(reasons).toContain('frequency:click_replay');
        const conversion = visit.conversions[0] as S2sConversion;
        const verdict = assess(
          zAssessmentInput.parse({
            ...hitInput(hit, visit, 0, NO_ACTIVITY_HISTORY),
            kind: 'conversion',
            at: ms(conversion.ts),
            history: { sinceClickMs: ms(conversion.ts) - ms(hit.ts) },
          }),
        );
        expect(verdict.reasons.map((reason) => reason.id)).toContain('conversion:too_fast');
        expect(verdict.riskLevel).not.toBe('low');
      }
    });
  });
});
