import { describe, expect, it } from 'vitest';
import { assess } from './assess.js';
import { IP_BURST } from './policy.js';
import { aHit } from './test-support/hits.js';

const reasonsOf = (changes: Parameters<typeof aHit>[0]) => assess(aHit(changes)).reasons;
const ids = (changes: Parameters<typeof aHit>[0]) => reasonsOf(changes).map((reason) => reason.id);

describe('frequency:ip_burst', () => {
  it('fires at a few hits from a hosting network, with the full weight', () => {
    const reasons = reasonsOf({
      enrichment: { hosting: true, isp: null },
      history: { sameIp: IP_BURST.hosting.minHits },
    });
    expect(reasons.find((reason) => reason.id === 'frequency:ip_burst')?.weight).toBe(
      IP_BURST.hosting.weight,
    );
  });

  it('needs many more hits from an ISP or a mobile carrier, and weighs less there (carrier-grade NAT)', () => {
    expect(ids({ history: { sameIp: IP_BURST.hosting.minHits } })).toEqual([]);
    const isp = reasonsOf({ history: { sameIp: IP_BURST.isp.minHits } });
    expect(isp.map((reason) => reason.id)).toEqual(['frequency:ip_burst']);
    expect(IP_BURST.carrier.minHits).toBeGreaterThan(IP_BURST.isp.minHits);
    const carrier = reasonsOf({
      enrichment: { carrier: 'Movistar' },
      history: { sameIp: IP_BURST.isp.minHits },
    });
    expect(carrier).toEqual([]);
    const busyCarrier = reasonsOf({ enrichment: { carrier: 'Movistar' }, history: { sameIp: 500 } });
    expect(busyCarrier[0]?.weight).toBeLessThan(IP_BURST.hosting.weight);
  });

  it('keeps a busy carrier address legitimate when nothing else is wrong', () => {
    expect(assess(aHit({ enrichment: { carrier: 'Vodafone' }, history: { sameIp: 5_000 } })).riskLevel).toBe(
      'low',
    );
    expect(assess(aHit({ history: { sameIp: 5_000 } })).riskLevel).toBe('low');
  });
});

describe('frequency:device_burst', () => {
  it('fires for many hits from one device', () => {
    expect(ids({ history: { sameDevice: 12 } })).toEqual(['frequency:device_burst']);
  });

  it('does not fire for a few page views', () => {
    expect(ids({ history: { sameDevice: 4 } })).toEqual([]);
  });
});

describe('frequency:click_replay', () => {
  it('fires when a click id arrives a third time', () => {
    expect(ids({ history: { sameClickId: 2 } })).toEqual(['frequency:click_replay']);
  });

  it('does not fire for a reload, nor for conversions sharing their click’s id', () => {
    expect(ids({ history: { sameClickId: 1 } })).toEqual([]);
    expect(ids({ kind: 'conversion', history: { sameClickId: 5, sinceClickMs: 60_000 } })).toEqual([]);
  });
});
