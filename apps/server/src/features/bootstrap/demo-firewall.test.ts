import type { FakeService } from '@veracity/fakes/kit/fake-service';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { listFirewallCampaigns } from '../../accounts/firewall-campaigns.repo.js';
import { listTrafficSources } from '../../accounts/traffic-sources.repo.js';
import { runDemoSeed } from '../../demo-seed.js';
import { sql } from '../../storage/events/sql.js';
import { startTestApp, type TestApp } from '../../test-support/test-app.js';
import { DEMO_POSTBACK_HOST } from './demo-firewall.js';
import { scheduleDemoTraffic } from './demo-traffic.js';
import { ENTERPRISE_COMPANY_NAME } from './first-start.js';

let t: TestApp;
beforeEach(async () => {
  t = await startTestApp();
});
afterEach(async () => {
  await t.close();
});

async function enterpriseId(): Promise<number> {
  const row = await t.stores.accounts.db
    .selectFrom('relationships')
    .select('id')
    .where('company_name', '=', ENTERPRISE_COMPANY_NAME)
    .executeTakeFirstOrThrow();
  return row.id;
}

describe('the demo history of Veracity Enterprise', () => {
  it('plays firewall clicks through the click link: delivered, paused and blocked, on the seed clock', async () => {
    const relationshipId = await enterpriseId();
    await scheduleDemoTraffic(t.stores.accounts.db, [relationshipId]);
    const now = new Date('2026-11-20T00:00:00.000Z');
    let receiver: FakeService | undefined;
    const stored = await runDemoSeed(t.config, t.stores, t.app.log, {
      now,
      days: 3,
      visitsPerDay: 20,
      firewallClicksPerDay: 80,
      onPostbackReceiver: (started) => {
        receiver = started;
      },
    });
    expect(stored?.firewallClicks).toBeGreaterThan(200);

    // The entities, as the dashboard would have created them.
    const db = t.stores.accounts.db;
    const campaigns = await listFirewallCampaigns(db, relationshipId);
    expect(campaigns.map((campaign) => campaign.security.medium)).toEqual(['pause', 'block', 'deliver']);
    const sources = await listTrafficSources(db, relationshipId);
    expect(sources).toHaveLength(3);
    for (const source of sources) {
      expect(new URL(source.postbackUrl ?? '').hostname).toBe(DEMO_POSTBACK_HOST);
    }
    expect(receiver).toBeDefined();

    // Every click is a hit of one of the campaigns, stored with the decision the click path made.
    const hits = await t.stores.events.query<{ status: string; campaign: number; n: number; first: string }>(
      () => sql`select hit_status as status, campaign_id as campaign, count(*)::INTEGER as n,
        min(ts)::VARCHAR as first from hits where relationship_id = ${relationshipId}
        and traffic_source_id is not null group by all`,
    );
    const byStatus = (status: string) =>
      hits.filter((row) => row.status === status).reduce((sum, row) => sum + row.n, 0);
    expect(byStatus('delivered')).toBeGreaterThan(0);
    expect(byStatus('paused')).toBeGreaterThan(0);
    expect(byStatus('blocked')).toBeGreaterThan(0);
    expect(hits.reduce((sum, row) => sum + row.n, 0)).toBe(stored?.firewallClicks);
    expect(new Set(hits.map((row) => row.campaign))).toEqual(new Set(campaigns.map((c) => c.id)));
    // Stamped with the seed clock: the history's days, not the test's.
    const first = hits.map((row) => row.first).sort()[0] ?? '';
    expect(first.slice(0, 10)).toBe('2026-11-17');

    // The advertiser's postbacks: legitimate conversions reported, those seconds after the click held.
    const conversions = await t.stores.events.query<{ status: string; n: number }>(
      () => sql`select status, count(*)::INTEGER as n from conversions
        where relationship_id = ${relationshipId} and traffic_source_id is not null group by all`,
    );
    const ofStatus = (status: string) => conversions.find((row) => row.status === status)?.n ?? 0;
    expect(ofStatus('reported')).toBeGreaterThan(0);
    expect(ofStatus('paused')).toBeGreaterThan(0);
    expect(ofStatus('reported') + ofStatus('paused') + ofStatus('not_reported')).toBe(
      stored?.firewallConversions,
    );
    // Each reported one was delivered to its source's receiver during the run: none is left pending.
    const deliveries = await db
      .selectFrom('postback_deliveries')
      .select(['state', 'url'])
      .where('relationship_id', '=', relationshipId)
      .execute();
    expect(deliveries).toHaveLength(ofStatus('reported'));
    expect(new Set(deliveries.map((delivery) => delivery.state))).toEqual(new Set(['delivered']));
    expect(receiver?.requestsTo('postback')).toHaveLength(deliveries.length);
    const sample = new URL(deliveries[0]?.url ?? '');
    expect(sample.hostname).toBe(DEMO_POSTBACK_HOST);
    expect(sample.searchParams.get('clickid')).toMatch(/^[0-9a-f]{16}$/);
  }, 600_000);
});
