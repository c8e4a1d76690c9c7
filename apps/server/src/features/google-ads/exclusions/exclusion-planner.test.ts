import { describe, expect, it } from 'vitest';
import { planExclusions } from './exclusion-planner.js';
import {
  applyPlan,
  CUSTOMER,
  daysAgo,
  input,
  observation,
  stored,
} from './exclusion-planner.test-support.js';

describe('planExclusions: candidates and ranges', () => {
  it('adds an invalid IP on its campaign with the threats and counts behind it', () => {
    const plan = planExclusions(
      input({
        observations: [
          observation('203.0.113.7', 'c1', { invalidSessions: 4, threats: { 'network:datacenter': 4 } }),
        ],
      }),
    );
    expect(plan.adds).toHaveLength(1);
    expect(plan.adds[0]).toMatchObject({
      customerId: CUSTOMER,
      campaignId: 'c1',
      cidr: '203.0.113.7',
      type: 'DYNAMIC',
      reason: 'invalid_ip',
      invalidSessions: 4,
      threats: { 'network:datacenter': 4 },
      lastInvalidAt: daysAgo(1),
      expiresAt: daysAgo(-29),
    });
    expect(plan.adds[0]?.detail).toContain('4 invalid sessions from 1 IP');
    expect(plan.adds[0]?.threats).toEqual({ 'network:datacenter': 4 });
  });

  it('makes a /24 of three invalid IPs when no legitimate traffic came from it, and not otherwise', () => {
    const observations = ['198.51.100.1', '198.51.100.2', '198.51.100.3'].map((ip) => observation(ip));
    const ranged = planExclusions(input({ observations }));
    expect(ranged.adds.map((add) => [add.cidr, add.reason, add.invalidIps])).toEqual([
      ['198.51.100.0/24', 'invalid_range', 3],
    ]);
    const legitimate = planExclusions(input({ observations, legitimatePrefixes: ['198.51.100.0/24'] }));
    expect(legitimate.adds.map((add) => add.cidr)).toEqual(['198.51.100.1', '198.51.100.2', '198.51.100.3']);
    // Legitimate traffic from everywhere (too many prefixes to list): single IPs only.
    const everywhere = planExclusions(input({ observations, legitimatePrefixes: ['0.0.0.0/0', '::/0'] }));
    expect(everywhere.adds.map((add) => add.cidr)).toEqual(['198.51.100.1', '198.51.100.2', '198.51.100.3']);
    const twoOnly = planExclusions(input({ observations: observations.slice(0, 2) }));
    expect(twoOnly.adds.map((add) => add.cidr)).toEqual(['198.51.100.1', '198.51.100.2']);
  });

  it('handles IPv6: a /48 of invalid addresses, canonical text, mapped IPv4 as IPv4', () => {
    const plan = planExclusions(
      input({
        observations: [
          observation('2001:DB8:0:1::5'),
          observation('2001:db8:0:2::6'),
          observation('2001:db8::7'),
          observation('2001:db9::1'),
          observation('::ffff:192.0.2.10'),
        ],
      }),
    );
    expect(plan.adds.map((add) => add.cidr)).toEqual(['192.0.2.10', '2001:db8::/48', '2001:db9::1']);
  });

  it('replaces the stored IPs of a new range (their slots freed) and keeps their last invalid time', () => {
    const plan = planExclusions(
      input({
        observations: ['198.51.100.1', '198.51.100.2', '198.51.100.3'].map((ip) => observation(ip)),
        current: [stored('198.51.100.9', { lastInvalidAt: daysAgo(0.5) })],
      }),
    );
    expect(plan.adds.map((add) => [add.cidr, add.lastInvalidAt])).toEqual([
      ['198.51.100.0/24', daysAgo(0.5)],
    ]);
    expect(plan.removals.map((removal) => [removal.cidr, removal.reason])).toEqual([
      ['198.51.100.9', 'covered_by_range'],
    ]);
  });

  it('removes a stored range once legitimate traffic comes from inside it', () => {
    const plan = planExclusions(
      input({ current: [stored('198.51.100.0/24')], legitimatePrefixes: ['198.51.100.0/24'] }),
    );
    expect(plan.removals.map((removal) => removal.reason)).toEqual(['legitimate_traffic']);
  });
});

describe('planExclusions: account level', () => {
  it('puts Performance Max IPs on the account list, never on the campaign', () => {
    const plan = planExclusions(
      input({
        observations: [observation('203.0.113.7', 'pm1', { campaignType: 'PERFORMANCE_MAX' })],
        current: [stored('203.0.113.8', { campaignId: 'pm1', campaignType: 'PERFORMANCE_MAX' })],
      }),
    );
    expect(plan.adds.map((add) => [add.campaignId, add.cidr, add.type, add.reason])).toEqual([
      [null, '203.0.113.7', 'ACCOUNT_REGULAR', 'performance_max'],
    ]);
    expect(plan.removals.map((removal) => [removal.campaignId, removal.reason])).toEqual([
      ['pm1', 'performance_max'],
    ]);
  });

  it('marks an IP kept on several campaigns PARALLEL while their lists have room', () => {
    const plan = planExclusions(
      input({ observations: [observation('203.0.113.7', 'c1'), observation('203.0.113.7', 'c2')] }),
    );
    expect(plan.adds.map((add) => [add.campaignId, add.type])).toEqual([
      ['c1', 'PARALLEL'],
      ['c2', 'PARALLEL'],
    ]);
  });

  it('moves an IP of several campaigns to the account list when one of their lists is full', () => {
    const plan = planExclusions(
      input({
        settings: { rotationDays: 30, now: daysAgo(0), campaignCap: 2 },
        observations: [
          observation('203.0.113.7', 'c1'),
          observation('203.0.113.7', 'c2'),
          observation('192.0.2.1', 'c1'),
          observation('192.0.2.200', 'c1'),
        ],
      }),
    );
    expect(plan.adds.map((add) => [add.campaignId, add.cidr, add.reason])).toEqual([
      [null, '203.0.113.7', 'parallel_campaigns'],
      ['c1', '192.0.2.1', 'invalid_ip'],
      ['c1', '192.0.2.200', 'invalid_ip'],
    ]);
    expect(plan.adds[0]?.invalidSessions).toBe(2);
  });

  it('adds global intelligence at account level with its type, and withdraws it when opted out', () => {
    const opted = planExclusions(
      input({
        globalIntelligence: [{ cidr: '100.64.0.0/16', type: 'GLOBAL_REGULAR', lastSeenAt: daysAgo(2) }],
      }),
    );
    expect(opted.adds.map((add) => [add.campaignId, add.cidr, add.type, add.expiresAt])).toEqual([
      [null, '100.64.0.0/16', 'GLOBAL_REGULAR', null],
    ]);
    const out = planExclusions(
      input({ current: [stored('100.64.0.0/16', { campaignId: null, type: 'GLOBAL_REGULAR' })] }),
    );
    expect(out.removals.map((removal) => removal.reason)).toEqual(['global_withdrawn']);
  });
});

describe('planExclusions: never-exclude, rotation and caps', () => {
  it('never adds what the never-exclude list holds, and removes what it holds now, STATIC included', () => {
    const plan = planExclusions(
      input({
        neverExclude: ['203.0.113.0/28', '2001:db8::1'],
        observations: [
          observation('203.0.113.7'),
          observation('2001:db8::1'),
          observation('203.0.113.20'),
          observation('203.0.113.21'),
          observation('203.0.113.22'),
        ],
        current: [stored('203.0.113.9', { type: 'STATIC', expiresAt: null })],
      }),
    );
    // The /24 overlaps the list: its IPs outside the list go one by one.
    expect(plan.adds.map((add) => add.cidr)).toEqual(['203.0.113.20', '203.0.113.21', '203.0.113.22']);
    expect(plan.removals.map((removal) => [removal.cidr, removal.reason])).toEqual([
      ['203.0.113.9', 'never_exclude'],
    ]);
    expect(plan.skipped.neverExclude).toBe(2);
  });

  it('removes an entry whose rotation window ended, keeps STATIC ones, extends one seen again', () => {
    const plan = planExclusions(
      input({
        observations: [observation('192.0.2.3', 'c1', { lastInvalidAt: daysAgo(0.25) })],
        current: [
          stored('192.0.2.1', { lastInvalidAt: daysAgo(31) }),
          stored('192.0.2.2', { type: 'STATIC', lastInvalidAt: daysAgo(200), expiresAt: null }),
          stored('192.0.2.3', { lastInvalidAt: daysAgo(20) }),
        ],
      }),
    );
    expect(plan.removals.map((removal) => [removal.cidr, removal.reason])).toEqual([
      ['192.0.2.1', 'expired'],
    ]);
    expect(plan.updates.map((update) => [update.cidr, update.expiresAt])).toEqual([
      ['192.0.2.3', daysAgo(-29.75)],
    ]);
    expect(plan.adds).toEqual([]);
  });

  it('when the list is full, the least recently active and then least harmful leave first', () => {
    const plan = planExclusions(
      input({
        settings: { rotationDays: 30, now: daysAgo(0), campaignCap: 3 },
        observations: [observation('192.0.2.10', 'c1', { lastInvalidAt: daysAgo(0.1), invalidSessions: 1 })],
        current: [
          stored('192.0.2.1', { lastInvalidAt: daysAgo(3), invalidSessions: 9 }),
          stored('192.0.2.2', { lastInvalidAt: daysAgo(9), invalidSessions: 50 }),
          stored('192.0.2.3', { lastInvalidAt: daysAgo(3), invalidSessions: 2 }),
          stored('192.0.2.4', { type: 'STATIC', lastInvalidAt: daysAgo(90), expiresAt: null }),
        ],
      }),
    );
    expect(plan.adds.map((add) => add.cidr)).toEqual(['192.0.2.10']);
    expect(plan.removals.map((removal) => [removal.cidr, removal.reason])).toEqual([
      ['192.0.2.2', 'rotation'],
      ['192.0.2.3', 'rotation'],
    ]);
    expect(plan.lists).toContainEqual({
      customerId: CUSTOMER,
      campaignId: 'c1',
      cap: 3,
      entries: 3,
      heldBack: 2,
    });
  });

  it('retries an entry whose push failed, and leaves other accounts alone', () => {
    const plan = planExclusions(
      input({
        observations: [observation('192.0.2.1'), observation('192.0.2.2', 'c1', { customerId: '999' })],
        current: [
          stored('192.0.2.1', { state: 'failed', lastInvalidAt: daysAgo(1), expiresAt: daysAgo(-29) }),
          stored('192.0.2.5', { customerId: '999', lastInvalidAt: daysAgo(100) }),
        ],
      }),
    );
    expect(plan.adds.map((add) => [add.cidr, add.retry])).toEqual([['192.0.2.1', true]]);
    expect(plan.removals).toEqual([]);
  });

  it('is idempotent on a worked example: the applied plan plans nothing', () => {
    const first = input({
      settings: { rotationDays: 30, now: daysAgo(0), campaignCap: 3, accountCap: 2 },
      observations: [
        ...['198.51.100.1', '198.51.100.2', '198.51.100.3'].map((ip) => observation(ip, 'c1')),
        observation('203.0.113.7', 'c1'),
        observation('203.0.113.7', 'c2'),
        observation('203.0.113.8', 'pm', { campaignType: 'PERFORMANCE_MAX' }),
        observation('192.0.2.1', 'c1'),
        observation('192.0.2.2', 'c1'),
      ],
      current: [stored('192.0.2.77', { lastInvalidAt: daysAgo(2) })],
    });
    const plan = planExclusions(first);
    expect(plan.adds.length).toBeGreaterThan(0);
    const again = planExclusions({ ...first, current: applyPlan(first.current, plan) });
    expect(again.adds).toEqual([]);
    expect(again.removals).toEqual([]);
    expect(again.updates).toEqual([]);
  });
});
