import { describe, expect, it } from 'vitest';
import { assess, withReasons } from './assess.js';
import { foreignPageHost } from './network.js';
import { REASON_POLICY } from './policy.js';
import { aHit, type HitChanges } from './test-support/hits.js';

const onPage = (landingUrl: string, rules: HitChanges['rules']) =>
  assess(aHit({ request: { landingUrl }, rules }));

describe('network:foreign_domain', () => {
  it('fires for a sensor hit on a page outside the sensor domains, with the page host as evidence', () => {
    const result = onPage('https://copycat.example/landing?gclid=Cj0KCQ', {
      sensorDomains: ['shop.example'],
    });
    expect(result.reasons).toEqual([
      {
        id: 'network:foreign_domain',
        category: 'network',
        weight: REASON_POLICY['network:foreign_domain'].weight,
        evidence: { host: 'copycat.example' },
      },
    ]);
  });

  it('flags by default: alone the hit is suspicious, weighted like the other network reasons', () => {
    const result = onPage('https://copycat.example/', { sensorDomains: ['shop.example'] });
    expect(result.riskLevel).toBe('medium');
    expect(result.score).toBe(REASON_POLICY['network:foreign_domain'].weight);
    expect(
      onPage('https://copycat.example/', { sensorDomains: ['shop.example'], foreignDomainAction: 'flag' }),
    ).toEqual(result);
  });

  it('excludes when the account says so: alone the hit is invalid', () => {
    const result = onPage('https://copycat.example/', {
      sensorDomains: ['shop.example'],
      foreignDomainAction: 'exclude',
    });
    expect(result.riskLevel).toBe('high');
    expect(result.reasons.map((reason) => reason.id)).toEqual(['network:foreign_domain']);
  });

  it('does not fire on a sensor domain or its subdomains, or when the account lists none', () => {
    expect(onPage('https://shop.example/', { sensorDomains: ['shop.example'] }).reasons).toEqual([]);
    expect(onPage('https://www.Shop.Example./a', { sensorDomains: ['shop.example'] }).reasons).toEqual([]);
    expect(onPage('https://eu.shop.example/', { sensorDomains: ['*.shop.example'] }).reasons).toEqual([]);
    expect(onPage('https://copycat.example/', { sensorDomains: [] }).reasons).toEqual([]);
    expect(onPage('https://copycat.example/', {}).reasons).toEqual([]);
  });

  it('reads look-alikes as foreign, and only judges the sensor channel', () => {
    expect(onPage('https://notshop.example/', { sensorDomains: ['shop.example'] }).riskLevel).toBe('medium');
    const rules = {
      ipAllowList: [],
      ipDenyList: [],
      excludedDomains: [],
      appAllowList: [],
      appDenyList: [],
      sensorDomains: ['shop.example'],
    };
    const request = { ip: '81.33.20.7', userAgent: '', clickIds: {}, landingUrl: 'https://other.example/' };
    expect(foreignPageHost({ channel: 'sensor', request, rules })).toBe('other.example');
    expect(foreignPageHost({ channel: 's2s', request, rules })).toBeNull();
    expect(foreignPageHost({ channel: 'firewall', request, rules })).toBeNull();
    expect(
      foreignPageHost({ channel: 'sensor', request: { ...request, landingUrl: null }, rules }),
    ).toBeNull();
  });

  it('keeps an excluded hit invalid when its engagement adds reasons later', () => {
    const excluded = onPage('https://copycat.example/', {
      sensorDomains: ['shop.example'],
      foreignDomainAction: 'exclude',
    });
    const joined = withReasons(
      { score: excluded.score, reasonIds: excluded.reasons.map((reason) => reason.id), riskLevel: 'high' },
      ['behaviour:no_interaction'],
    );
    expect(joined.riskLevel).toBe('high');
  });
});
