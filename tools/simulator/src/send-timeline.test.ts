import { SENSOR_EVENT_PATH, zSensorExclusion } from '@veracity/contracts/collect';
import { S2S_CONVERSIONS_PATH, S2S_HITS_PATH } from '@veracity/contracts/s2s';
import { describe, expect, it } from 'vitest';
import { simulateTraffic } from './model/traffic-model.js';
import { SHOP_TAGS, sendTimeline } from './send-timeline.js';
import type { Transport } from './transport.js';

describe('sendTimeline', () => {
  it('moves the clock to each event before sending it untimed, a visit in order, accounts on one timeline', async () => {
    const from = new Date('2026-11-20T00:00:00Z');
    const to = new Date('2026-11-21T00:00:00Z');
    const accounts = ['vk_a', 'vk_b'].map((apiKey) => ({
      apiKey,
      visits: simulateTraffic({ seed: apiKey, from, to, visits: 60 }),
    }));
    const timeOf = new Map<string, number>();
    for (const { visits } of accounts)
      for (const visit of visits)
        for (const event of [...visit.hits, ...visit.conversions])
          timeOf.set(String(event.id), Date.parse(String(event.ts)));
    let clock = from.getTime();
    const sent: { id: string; path: string; token: string | undefined; at: number; timed: boolean }[] = [];
    const transport: Transport = async (request) => {
      const body = request.body as { id: string; ts?: unknown; hitId?: string };
      sent.push({ id: body.id, path: request.path, token: request.token, at: clock, timed: 'ts' in body });
      const verdict = {
        id: body.id,
        riskLevel: 'low',
        label: 'Legitimate',
        score: 0,
        threats: [],
        duplicate: false,
      };
      const answer =
        request.path === S2S_HITS_PATH ? { ...verdict, sessionId: 's', trafficType: 'direct' } : verdict;
      return { status: 200, text: JSON.stringify(answer), header: () => null };
    };
    const moves: number[] = [];
    const result = await sendTimeline(accounts, {
      transport,
      sleep: async () => {},
      log: () => {},
      advanceTo: async (at) => {
        moves.push(at.getTime());
        clock = at.getTime();
      },
    });

    expect(result.stopped).toBeNull();
    const events = accounts.flatMap(({ visits }) =>
      visits.flatMap((visit) => [...visit.hits, ...visit.conversions]),
    );
    expect(sent).toHaveLength(events.length);
    expect(result.summary.visits).toBe(120);
    // The clock only moves forward, and each event goes at its own time, with none in its body.
    expect(moves).toEqual([...moves].sort((a, b) => a - b));
    expect(sent.every((event) => !event.timed)).toBe(true);
    for (const event of sent) expect(event.at).toBeGreaterThanOrEqual(timeOf.get(event.id) ?? Number.NaN);
    expect(sent.filter((event) => event.at === timeOf.get(event.id)).length).toBeGreaterThan(
      events.length * 0.9,
    );
    // Both accounts' events, each with its key; a conversion after the hit it refers to.
    expect(new Set(sent.map((event) => event.token))).toEqual(new Set(['vk_a', 'vk_b']));
    const position = new Map(sent.map((event, index) => [event.id, index]));
    for (const { visits } of accounts)
      for (const visit of visits) {
        const order = [...visit.hits, ...visit.conversions].map(
          (event) => position.get(String(event.id)) ?? -1,
        );
        expect(order).toEqual([...order].sort((a, b) => a - b));
        for (const conversion of visit.conversions)
          expect(position.get(String(conversion.id)) ?? -1).toBeGreaterThan(
            position.get(conversion.hitId ?? '') ?? -1,
          );
      }
    expect(sent.some((event) => event.path === S2S_CONVERSIONS_PATH)).toBe(true);
  });
});

const FROM = new Date('2026-11-10T00:00:00Z');
const TO = new Date('2026-11-13T00:00:00Z');

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
