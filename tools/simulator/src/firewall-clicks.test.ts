import { ipIntelligence } from '@veracity/detection/ip/create-ip-intelligence';
import { describe, expect, it } from 'vitest';
import { firewallClicks } from './firewall-clicks.js';

const FROM = new Date('2026-03-01T00:00:00.000Z');
const TO = new Date('2026-03-11T00:00:00.000Z');
const OPTIONS = {
  seed: 'veracity',
  from: FROM,
  to: TO,
  campaigns: [
    { weight: 3, payout: 4 },
    { weight: 1, payout: 10 },
  ],
  clicksPerDay: 100,
};
const clicks = firewallClicks(OPTIONS);
const intel = ipIntelligence();

describe('firewall clicks of the demo', () => {
  it('gives the same clicks for the same seed, in time order within the range, at the rate asked', () => {
    expect(firewallClicks(OPTIONS)).toEqual(clicks);
    expect(firewallClicks({ ...OPTIONS, seed: 'other' })).not.toEqual(clicks);
    expect(clicks).toHaveLength(1000);
    expect(firewallClicks({ ...OPTIONS, clicksPerDay: 0 })).toEqual([]);
    const times = clicks.map((click) => click.at);
    expect(times).toEqual([...times].sort((a, b) => a - b));
    expect(Math.min(...times)).toBeGreaterThanOrEqual(FROM.getTime());
    expect(Math.max(...times)).toBeLessThan(TO.getTime());
    const share = clicks.filter((click) => click.campaign === 0).length / clicks.length;
    expect(share).toBeGreaterThan(0.65);
    expect(share).toBeLessThan(0.85);
  });

  it('sends people from consumer networks with browsers, and scripts from hosting networks', () => {
    const kinds = new Set(clicks.map((click) => click.kind));
    expect(kinds).toEqual(new Set(['person', 'http_library', 'headless']));
    for (const click of clicks) {
      expect(intel.lookup(click.ip).hosting, `${click.kind} ${click.ip}`).toBe(click.kind !== 'person');
      expect(click.headers['user-agent']).toBeTruthy();
      if (click.kind === 'person') expect(click.headers['user-agent']).toMatch(/^Mozilla\/5\.0 /);
      if (click.kind === 'headless') expect(click.headers['user-agent']).toMatch(/HeadlessChrome/);
    }
  });

  it('has some clicks convert: most after minutes, some seconds after the click', () => {
    const converting = clicks.filter((click) => click.conversion !== undefined);
    expect(converting.length).toBeGreaterThan(30);
    const fast = converting.filter((click) => (click.conversion?.afterMs ?? 0) < 5_000);
    expect(fast.length).toBeGreaterThan(0);
    expect(fast.length).toBeLessThan(converting.length / 2);
    for (const click of converting) expect(click.conversion?.payout).toBeGreaterThan(0);
  });
});
