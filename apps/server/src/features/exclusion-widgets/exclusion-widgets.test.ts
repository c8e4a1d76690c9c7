import type { ExclusionPlatform, SensorHit } from '@veracity/contracts/collect';
import type { ExclusionWidget } from '@veracity/contracts/google-ads';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { insertCampaign } from '../../accounts/campaigns.repo.js';
import { eventStoreEngines } from '../../test-support/event-store-engines.js';
import { accountToken, call, createTenant } from '../../test-support/fixtures.js';
import {
  chromeSignals,
  collect,
  createIngestTenant,
  eventId,
  type IngestTenant,
  sensorHit,
  startIngestApp,
} from '../../test-support/ingest-fixtures.js';
import type { TestApp } from '../../test-support/test-app.js';

/**
 * The exclusion widgets over traffic and firings sent through the real collector, on each event store:
 * the same figures from DuckDB and ClickHouse, each channel and Google section counting its own
 * traffic, in the account's zone, and nothing of another account.
 */

const EVENT_STORES = eventStoreEngines('widgets');

/** The app's clock, moved by the test to date each event (a sensor event is dated on receipt). */
const clock = { at: new Date('2026-11-20T15:00:00.000Z'), now: () => clock.at };

/** 19 Nov 22:00 in New York; 20 Nov in UTC. */
const NIGHT = new Date('2026-11-20T03:00:00.000Z');
/** 20 Nov 10:00 in New York. */
const MORNING = new Date('2026-11-20T15:00:00.000Z');

describe.each(EVENT_STORES)('the exclusion widgets, on $name', ({ opener }) => {
  let t: TestApp;
  let tenant: IngestTenant;
  let other: IngestTenant;
  let token: string;

  /** A page view from an ad click; a robot (webdriver) is invalid and told to exclude. */
  const view = (owner: IngestTenant, query: string, robot: boolean): SensorHit =>
    sensorHit(owner, {
      url: `https://shop.example.com/landing?${query}`,
      referrer: '',
      clickIds: query.startsWith('fbclid')
        ? { fbclid: 'IwAR_widget' }
        : query.startsWith('msclkid')
          ? { msclkid: 'ms_widget' }
          : { gclid: 'Cj0KCQ_widget' },
      signals: robot ? { ...chromeSignals(), webdriver: true } : chromeSignals(),
    });

  /**
   * Minutes between one visit and the next of the same day, uneven: the visits come from one address
   * and device, and paid clicks at one instant or on a clock are evidence of their own (velocity).
   */
  const GAPS_MIN = [0, 2, 9, 4, 13, 3, 7, 11, 5, 17, 6, 8, 3, 10];
  let nth = 0;

  async function visit(
    owner: IngestTenant,
    at: Date,
    query: string,
    robot: boolean,
    fired: ExclusionPlatform[] = [],
  ): Promise<void> {
    const offset = GAPS_MIN.slice(0, (nth % GAPS_MIN.length) + 1).reduce((sum, gap) => sum + gap, 0);
    nth += 1;
    clock.at = new Date(at.getTime() + offset * 60_000);
    const hit = view(owner, query, robot);
    const answer = await collect(t, hit);
    expect(answer.statusCode, answer.body).toBe(200);
    if (fired.length === 0) return;
    const firing = await collect(t, {
      type: 'exclusion',
      key: owner.sensorKey,
      eventId: eventId('exc'),
      sessionId: hit.sessionId,
      ts: clock.at.getTime(),
      hitId: hit.eventId,
      platforms: fired,
    });
    expect(firing.statusCode, firing.body).toBe(204);
  }

  async function entry(owner: IngestTenant, campaignId: string, state: string, addedAt: Date, cidr: string) {
    await t.stores.accounts.db
      .insertInto('exclusion_entries')
      .values({
        relationship_id: owner.relationshipId,
        provider: 'google_ads',
        customer_id: '1234567890',
        campaign_id: campaignId,
        cidr,
        ip_type: campaignId === '' ? 'ACCOUNT_REGULAR' : 'DYNAMIC',
        state: state as 'active',
        added_at: addedAt.toISOString(),
        threats: '{}',
        updated_at: addedAt.toISOString(),
      })
      .execute();
  }

  beforeAll(async () => {
    const openEvents = opener();
    ({ t, tenant } = await startIngestApp({}, { clock }, openEvents ? { openEvents } : {}));
    other = await createIngestTenant(t);
    const db = t.stores.accounts.db;
    await db
      .updateTable('relationships')
      .set({ timezone: 'America/New_York' })
      .where('id', '=', tenant.relationshipId)
      .execute();
    // Campaign types: three imported by the integration, one set on an S2S campaign of the account.
    const now = new Date().toISOString();
    for (const [campaignId, type] of [
      ['2001', 'SEARCH'],
      ['2002', 'SHOPPING'],
      ['2003', 'PERFORMANCE_MAX'],
    ]) {
      await db
        .insertInto('ad_campaigns')
        .values({
          relationship_id: tenant.relationshipId,
          provider: 'google_ads',
          customer_id: '1234567890',
          campaign_id: campaignId as string,
          name: `Campaign ${campaignId}`,
          type: type as string,
          status: 'ENABLED',
          updated_at: now,
        })
        .execute();
    }
    await insertCampaign(db, tenant.relationshipId, 's2s', {
      name: 'Display retargeting',
      active: true,
      hidden: false,
      googleAccountId: null,
      googleCampaignId: '2004',
      googleCampaignType: 'DISPLAY',
    });

    // Search: a person and a robot on 19 Nov (local), a robot on 20 Nov; display: one person.
    await visit(tenant, NIGHT, 'gclid=a&campaignid=2001', false);
    await visit(tenant, NIGHT, 'gclid=b&campaignid=2001', true, ['google', 'facebook']);
    await visit(tenant, MORNING, 'gclid=c&campaignid=2001', true, ['google']);
    await visit(tenant, MORNING, 'gclid=d&campaignid=2004', false);
    // Shopping: a robot whose page had no Google tag (nothing fired on Google).
    await visit(tenant, MORNING, 'gclid=e&campaignid=2002', true, ['tiktok']);
    // Performance Max: two robots; a campaign id no campaign carries, and none: uncategorized.
    await visit(tenant, MORNING, 'gclid=f&campaignid=2003', true, ['google']);
    await visit(tenant, MORNING, 'gclid=g&campaignid=2003', true, ['google']);
    await visit(tenant, MORNING, 'gclid=h&campaignid=9999', true, ['google']);
    await visit(tenant, MORNING, 'gclid=i', false);
    // Meta: a robot, and a person whose page view the exclusion fired for anyway.
    await visit(tenant, MORNING, 'fbclid=j', true, ['facebook']);
    await visit(tenant, MORNING, 'fbclid=k', false, ['facebook']);
    // Another account's traffic and firings on the same campaign ids.
    await visit(other, MORNING, 'gclid=x&campaignid=2001', true, ['google']);
    await visit(other, MORNING, 'fbclid=y', true, ['facebook']);

    await entry(tenant, '2001', 'active', MORNING, '203.0.113.1/32');
    await entry(tenant, '2001', 'failed', MORNING, '203.0.113.2/32');
    await entry(tenant, '', 'active', NIGHT, '198.51.100.0/24');
    await entry(tenant, '2003', 'planned', MORNING, '203.0.113.3/32');
    await entry(tenant, '2002', 'removed', MORNING, '203.0.113.4/32');
    await entry(tenant, '2002', 'active', new Date('2026-10-01T12:00:00.000Z'), '203.0.113.5/32');
    await entry(other, '2001', 'active', MORNING, '192.0.2.1/32');
    await t.stores.journal.drain();
    token = await accountToken(t, tenant);
  }, 120_000);

  afterAll(async () => {
    await t.close();
  });

  async function widget(channel: string, body: Record<string, unknown> = {}): Promise<ExclusionWidget> {
    const response = await call(t, 'POST', `/widget/${channel}/exclusions`, {
      token,
      body: { from: '2026-11-19', to: '2026-11-21', ...body },
    });
    expect(response.statusCode, response.body).toBe(200);
    return response.json() as ExclusionWidget;
  }

  it('counts the search and display campaigns, by local day, with the exclusions of their campaigns', async () => {
    const search = await widget('search-display');
    expect(search.totals).toEqual({
      visits: 4,
      invalidVisits: 2,
      trafficVeracity: 50,
      exclusionEvents: 2,
      exclusionEventsInvalid: 2,
      // Campaign 2001's active exclusion and the account-level one; not the failed push.
      exclusionsActive: 2,
    });
    expect(search.series).toEqual([
      {
        day: '2026-11-19',
        visits: 2,
        invalidVisits: 1,
        exclusionEvents: 1,
        exclusionEventsInvalid: 1,
        exclusionsAdded: 1,
      },
      {
        day: '2026-11-20',
        visits: 2,
        invalidVisits: 1,
        exclusionEvents: 1,
        exclusionEventsInvalid: 1,
        exclusionsAdded: 1,
      },
      {
        day: '2026-11-21',
        visits: 0,
        invalidVisits: 0,
        exclusionEvents: 0,
        exclusionEventsInvalid: 0,
        exclusionsAdded: 0,
      },
    ]);
  });

  it("reads the picker's types: display alone, and uncategorized traffic", async () => {
    expect((await widget('search-display', { campaignTypes: ['DISPLAY'] })).totals).toMatchObject({
      visits: 1,
      invalidVisits: 0,
      trafficVeracity: 100,
      exclusionEvents: 0,
      exclusionsActive: 1,
    });
    expect((await widget('search-display', { campaignTypes: ['UNCATEGORIZED'] })).totals).toMatchObject({
      visits: 2,
      invalidVisits: 1,
      exclusionEvents: 1,
      exclusionEventsInvalid: 1,
    });
  });

  it('counts shopping and Performance Max apart, each with its own exclusions', async () => {
    expect((await widget('shopping')).totals).toEqual({
      visits: 1,
      invalidVisits: 1,
      trafficVeracity: 0,
      exclusionEvents: 0,
      exclusionEventsInvalid: 0,
      exclusionsActive: 2,
    });
    const pmax = await widget('pmax');
    expect(pmax.totals).toEqual({
      visits: 2,
      invalidVisits: 2,
      trafficVeracity: 0,
      exclusionEvents: 2,
      exclusionEventsInvalid: 2,
      exclusionsActive: 2,
    });
    expect(pmax.series.map((day) => day.exclusionsAdded)).toEqual([1, 1, 0]);
  });

  it("counts the Meta, Microsoft and TikTok channels' own traffic and firings, with no exclusions", async () => {
    expect((await widget('facebook')).totals).toEqual({
      visits: 2,
      invalidVisits: 1,
      trafficVeracity: 50,
      exclusionEvents: 2,
      exclusionEventsInvalid: 1,
      exclusionsActive: 0,
    });
    expect((await widget('microsoft')).totals).toMatchObject({ visits: 0, trafficVeracity: null });
    // The shopping robot's TikTok firing is Google traffic: not TikTok's.
    expect((await widget('tiktok')).totals).toMatchObject({ visits: 0, exclusionEvents: 0 });
  });

  it('answers a bad range 400, and a plan or flag without the page 403', async () => {
    const backwards = await call(t, 'POST', '/widget/pmax/exclusions', {
      token,
      body: { from: '2026-11-21', to: '2026-11-19' },
    });
    expect(backwards.statusCode).toBe(400);
    const free = await createTenant(t, { plan: 'free_trial' });
    const freeToken = await accountToken(t, free);
    const refused = await call(t, 'POST', '/widget/search-display/exclusions', {
      token: freeToken,
      body: { from: '2026-11-19', to: '2026-11-21' },
    });
    expect(refused.statusCode).toBe(403);
    const flagged = await createTenant(t, { plan: 'custom', features: [{ name: 'shopping', value: false }] });
    const flaggedToken = await accountToken(t, flagged);
    const body = { from: '2026-11-19', to: '2026-11-21' };
    expect(
      (await call(t, 'POST', '/widget/shopping/exclusions', { token: flaggedToken, body })).statusCode,
    ).toBe(403);
    const open = await call(t, 'POST', '/widget/pmax/exclusions', { token: flaggedToken, body });
    expect(open.statusCode).toBe(200);
    expect((open.json() as ExclusionWidget).totals).toMatchObject({ visits: 0, exclusionsActive: 0 });
  });
});
