import { S2S_CONVERSIONS_PATH, S2S_HITS_PATH } from '@veracity/contracts/s2s';
import { describe, expect, it } from 'vitest';
import { simulateTraffic } from './model/traffic-model.js';
import { sendTimeline } from './send-timeline.js';
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
