import { describe, expect, it } from 'vitest';
import { assess } from './assess.js';
import {
  CADENCE,
  DEVICE_CLICKS_MIN,
  IP_BURST,
  IP_CLICKS,
  IP_CLICKS_HEAVY_WEIGHT,
  TIER_THRESHOLDS,
} from './policy.js';
import { aHit, type HitChanges } from './test-support/hits.js';

const verdict = (changes: HitChanges) => assess(aHit(changes));
const ids = (changes: HitChanges) => verdict(changes).reasons.map((reason) => reason.id);

/** Gaps of `count` paid clicks one after another, around `meanMs` apart, with a seeded spread. */
function gaps(count: number, meanMs: number, spread: (index: number) => number): number[] {
  return Array.from({ length: count - 1 }, (_, index) => Math.max(0, Math.round(meanMs * spread(index))));
}
/** A small seeded generator, so the crowd's gaps are the same on every run. */
function seeded(seed: number): () => number {
  let state = seed >>> 0;
  return () => {
    state = (Math.imul(state, 1_664_525) + 1_013_904_223) >>> 0;
    return state / 2 ** 32;
  };
}
/** People arriving independently: exponential gaps. */
const crowd = (seed: number) => {
  const random = seeded(seed);
  return () => -Math.log(1 - random());
};
const clockWithJitter = (jitter: number, seed: number) => {
  const random = seeded(seed);
  return () => 1 + jitter * (2 * random() - 1);
};

describe('a burst of paid clicks from one residential address', () => {
  it('50 clicks in a minute on a clock is invalid on its own evidence, whatever the device', () => {
    // The 50th click: 49 new click ids before it within the minute, 49 hits within ten minutes.
    const burst: HitChanges = {
      history: {
        sameIp: 49,
        paidClicksSameIp: 49,
        paidClickGapsMs: gaps(16, 1_200, clockWithJitter(0.2, 7)),
      },
    };
    expect(verdict(burst).riskLevel).toBe('high');
    expect(ids(burst)).toEqual(
      expect.arrayContaining(['velocity:ip_clicks', 'cadence:regular_clicks', 'frequency:ip_burst']),
    );
    // Without the clock (jittered gaps, a new browser each click), the count alone still makes it.
    const jittered: HitChanges = {
      history: { sameIp: 49, paidClicksSameIp: 49, paidClickGapsMs: gaps(16, 1_200, crowd(3)) },
    };
    expect(ids(jittered)).not.toContain('cadence:regular_clicks');
    expect(verdict(jittered).riskLevel).toBe('high');
  });

  it('a dozen clicks a minute on a clock is invalid; jittered and from many browsers it is suspicious', () => {
    const clocked = {
      history: {
        sameIp: 12,
        paidClicksSameIp: 12,
        paidClickGapsMs: gaps(12, 5_000, clockWithJitter(0.3, 1)),
      },
    };
    expect(verdict(clocked).riskLevel).toBe('high');
    const irregular = {
      history: { sameIp: 12, paidClicksSameIp: 12, paidClickGapsMs: gaps(12, 5_000, crowd(1)) },
    };
    expect(verdict(irregular).riskLevel).toBe('medium');
  });

  it('one browser clicking many ads in a minute is suspicious, and invalid once its hour is busy too', () => {
    expect(ids({ history: { paidClicksSameDevice: DEVICE_CLICKS_MIN } })).toEqual(['velocity:device_clicks']);
    expect(verdict({ history: { paidClicksSameDevice: DEVICE_CLICKS_MIN } }).riskLevel).toBe('medium');
    expect(verdict({ history: { paidClicksSameDevice: 9, sameDevice: 10 } }).riskLevel).toBe('high');
    expect(ids({ history: { paidClicksSameDevice: DEVICE_CLICKS_MIN - 1 } })).toEqual([]);
  });
});

describe('many people behind one address', () => {
  it("a carrier's NAT (busy address, irregular gaps, one click a person) is never invalid", () => {
    for (const seed of [1, 2, 3, 4, 5, 6, 7, 8]) {
      for (const carrier of [null, 'Vodafone']) {
        const cgnat: HitChanges = {
          enrichment: { carrier },
          history: {
            sameIp: 400,
            sameDevice: 1,
            paidClicksSameIp: IP_CLICKS.isp.heavy - 1,
            paidClicksSameDevice: 0,
            paidClickGapsMs: gaps(16, 3_000, crowd(seed)),
          },
        };
        expect(ids(cgnat)).not.toContain('cadence:regular_clicks');
        expect(verdict(cgnat).riskLevel).not.toBe('high');
      }
    }
    // A few paid clicks a minute from a busy carrier address add nothing to its burst: legitimate.
    const busy = verdict({
      enrichment: { carrier: 'Vodafone' },
      history: { sameIp: 400, paidClicksSameIp: 8, paidClickGapsMs: gaps(9, 7_000, crowd(9)) },
    });
    expect(busy.reasons.map((reason) => reason.id)).toEqual(['frequency:ip_burst']);
    expect(busy.riskLevel).toBe('low');
  });

  it('a household: a few clicks a minute from two or three browsers is legitimate', () => {
    expect(
      verdict({
        history: {
          sameIp: 6,
          paidClicksSameIp: 3,
          paidClicksSameDevice: 2,
          paidClickGapsMs: [20_000, 9_000, 31_000],
        },
      }),
    ).toMatchObject({ riskLevel: 'low', reasons: [] });
  });

  it('cadence needs enough gaps, and only judges paid clicks', () => {
    const fewGaps = gaps(CADENCE.minGaps, 2_000, () => 1);
    expect(ids({ history: { paidClickGapsMs: fewGaps } })).toEqual([]);
    expect(ids({ history: { paidClickGapsMs: [...fewGaps, 2_000] } })).toEqual(['cadence:regular_clicks']);
    const organic: HitChanges = {
      campaign: { paid: false, trafficType: null },
      request: { clickIds: {}, landingUrl: 'https://shop.example/' },
      history: { paidClicksSameIp: 49, paidClicksSameDevice: 9, paidClickGapsMs: [...fewGaps, 2_000] },
    };
    expect(ids(organic)).toEqual([]);
    expect(ids({ kind: 'conversion', history: { paidClicksSameIp: 49, sinceClickMs: 60_000 } })).toEqual([]);
  });

  it('on a hosting network a few paid clicks a minute are enough', () => {
    const cloud = {
      enrichment: { hosting: true, isp: null },
      history: { paidClicksSameIp: IP_CLICKS.hosting.minClicks },
    };
    expect(ids(cloud)).toEqual(expect.arrayContaining(['network:datacenter', 'velocity:ip_clicks']));
    expect(verdict(cloud).riskLevel).toBe('high');
  });
});

describe('the velocity policy', () => {
  it('a heavy count always comes with the ten-minute burst of its address, and the two reach invalid', () => {
    for (const network of Object.keys(IP_CLICKS) as (keyof typeof IP_CLICKS)[]) {
      // Every paid click is a hit of the address, and the burst's window is the longer one.
      expect(IP_CLICKS[network].heavy).toBeGreaterThanOrEqual(IP_BURST[network].minHits);
      expect(IP_CLICKS_HEAVY_WEIGHT + IP_BURST[network].weight).toBeGreaterThanOrEqual(TIER_THRESHOLDS.high);
      // Below heavy, the count with the burst stays short of it where people share addresses.
      if (network !== 'hosting') {
        expect(IP_CLICKS[network].weight + IP_BURST[network].weight).toBeLessThan(TIER_THRESHOLDS.high);
      }
    }
  });
});
