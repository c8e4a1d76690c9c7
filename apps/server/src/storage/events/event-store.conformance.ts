import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import {
  countRows,
  makeConversion,
  makeHit,
  makeSession,
  OTHER_RELATIONSHIP,
  RELATIONSHIP,
} from './event-store.fixtures.js';
import {
  type ConversionRow,
  type EventStore,
  EventValidationError,
  type HitRow,
  type SessionRow,
} from './event-store.js';
import { describeAdCostsConformance } from './event-store-ad-costs.conformance.js';
import { describeAnalyticsConformance } from './event-store-analytics.conformance.js';
import { describeEngagementsConformance } from './event-store-engagements.conformance.js';
import { describeEvidenceConformance } from './event-store-evidence.conformance.js';
import { describeExclusionFiringsConformance } from './event-store-exclusion-firings.conformance.js';
import { sql } from './sql.js';

/** Creates an isolated store location per test; `open` may be called again after `close` to reopen it. */
export interface EventStoreHarness {
  /** Opens the store at the harness's durable location (creating it on first call). */
  open(): Promise<EventStore>;
  /** Removes everything the harness created. */
  cleanup(): Promise<void>;
}

export interface ConformanceContext {
  readonly store: EventStore;
}

/**
 * The behaviour every EventStore implementation must show. Each test gets a fresh, migrated store;
 * `makeHarness` decides where it lives (a temporary folder for DuckDB, a throwaway database for ClickHouse).
 */
export function describeEventStoreConformance(name: string, makeHarness: () => Promise<EventStoreHarness>) {
  describe(`EventStore conformance: ${name}`, () => {
    let harness: EventStoreHarness;
    let store: EventStore;
    const context: ConformanceContext = {
      get store() {
        return store;
      },
    };

    beforeEach(async () => {
      harness = await makeHarness();
      store = await harness.open();
      await store.migrate();
    });

    afterEach(async () => {
      await store.close();
      await harness.cleanup();
    });

    it('migrates idempotently, recording the schema version', async () => {
      const again = await store.migrate();
      expect(again.toVersion).toBeGreaterThan(0);
      expect(again.fromVersion).toBe(again.toVersion);
    });

    it('stores a hit with every field and reads it back', async () => {
      const full = makeHit({
        id: 'hit-full',
        referrer: 'https://www.google.com/',
        utmSource: 'google',
        utmMedium: 'cpc',
        utmCampaign: 'spring',
        utmContent: 'banner',
        utmTerm: 'shoes',
        campaignId: 42,
        offerId: 7,
        trafficSourceId: 3,
        subPublisher: 'pub-9',
        clickId: 'Cj0KCQ',
        clickIdType: 'gclid',
        ip: '203.0.113.9',
        country: 'ES',
        isp: 'Example Telecom',
        asn: 4_200_000_000,
        deviceType: 'Phone',
        osName: 'Android',
        browser: 'Chrome Mobile',
        userAgent: 'Mozilla/5.0',
        riskLevel: 'medium',
        threats: ['network:datacenter', 'automation:webdriver'],
        hitStatus: 'paused',
        cost: 0.35,
        vars: { var1: 'alpha', var20: 'omega' },
      });
      await expect(store.insertHits([full, makeHit({ id: 'hit-minimal' })])).resolves.toEqual({
        inserted: 2,
        duplicates: 0,
      });
      const rows = await store.query((d) => {
        const columns = sql`id, session_id, ts, url, referrer, traffic_type, utm_source, utm_term, campaign_id,
          offer_id, traffic_source_id, sub_publisher, click_id, click_id_type, ip, country, isp, asn,
          device_type, os_name, browser, user_agent, risk_level, threats, hit_status, cost, var1, var2, var20`;
        return sql`select ${columns} from ${d.ident('hits')} where relationship_id = ${RELATIONSHIP} order by id`;
      });
      expect(rows).toEqual([
        {
          id: 'hit-full',
          session_id: 'session-1',
          ts: '2024-03-10T12:00:00.000Z',
          url: 'https://shop.example/landing',
          referrer: 'https://www.google.com/',
          traffic_type: 'google',
          utm_source: 'google',
          utm_term: 'shoes',
          campaign_id: 42,
          offer_id: 7,
          traffic_source_id: 3,
          sub_publisher: 'pub-9',
          click_id: 'Cj0KCQ',
          click_id_type: 'gclid',
          ip: '203.0.113.9',
          country: 'ES',
          isp: 'Example Telecom',
          asn: 4_200_000_000,
          device_type: 'Phone',
          os_name: 'Android',
          browser: 'Chrome Mobile',
          user_agent: 'Mozilla/5.0',
          risk_level: 'medium',
          threats: ['network:datacenter', 'automation:webdriver'],
          hit_status: 'paused',
          cost: 0.35,
          var1: 'alpha',
          var2: null,
          var20: 'omega',
        },
        expect.objectContaining({
          id: 'hit-minimal',
          referrer: null,
          campaign_id: null,
          threats: [],
          var1: null,
        }),
      ]);
    });

    it('stores conversions and reads them back', async () => {
      const conversion = makeConversion({ id: 'conv-1', value: 19.99, riskLevel: 'high', threats: ['x:y'] });
      await expect(store.insertConversions([conversion])).resolves.toEqual({ inserted: 1, duplicates: 0 });
      const rows = await store.query(
        () => sql`select id, session_id, hit_id, ts, name, value, currency, risk_level, threats, status
          from conversions where relationship_id = ${RELATIONSHIP}`,
      );
      expect(rows).toEqual([
        {
          id: 'conv-1',
          session_id: 'session-1',
          hit_id: 'hit-1',
          ts: '2024-03-10T12:30:00.000Z',
          name: 'purchase',
          value: 19.99,
          currency: 'EUR',
          risk_level: 'high',
          threats: ['x:y'],
          status: 'reported',
        },
      ]);
    });

    it('stores an id repeated within one batch once, keeping the first copy', async () => {
      const batch = [
        makeHit({ id: 'hit-1', url: 'https://shop.example/first' }),
        makeHit({ id: 'hit-2' }),
        makeHit({ id: 'hit-1', url: 'https://shop.example/second' }),
      ];
      await expect(store.insertHits(batch)).resolves.toEqual({ inserted: 2, duplicates: 1 });
      const rows = await store.query(() => sql`select url from hits where id = ${'hit-1'}`);
      expect(rows).toEqual([{ url: 'https://shop.example/first' }]);
    });

    it('stores a re-sent batch once and counts the overlap of a later batch as duplicates', async () => {
      const batch = [makeHit({ id: 'hit-1' }), makeHit({ id: 'hit-2' })];
      await store.insertHits(batch);
      await expect(store.insertHits(batch)).resolves.toEqual({ inserted: 0, duplicates: 2 });
      await expect(store.insertHits([makeHit({ id: 'hit-2' }), makeHit({ id: 'hit-3' })])).resolves.toEqual({
        inserted: 1,
        duplicates: 1,
      });
      expect(await countRows(store, 'hits')).toBe(3);

      const conversions = [makeConversion({ id: 'conv-1' }), makeConversion({ id: 'conv-1' })];
      await expect(store.insertConversions(conversions)).resolves.toEqual({ inserted: 1, duplicates: 1 });
      await expect(store.insertConversions(conversions)).resolves.toEqual({ inserted: 0, duplicates: 2 });
    });

    it('keys identity by relationship: the same id in two relationships is two events', async () => {
      const result = await store.insertHits([
        makeHit({ id: 'hit-1' }),
        makeHit({ id: 'hit-1', relationshipId: OTHER_RELATIONSHIP }),
      ]);
      expect(result).toEqual({ inserted: 2, duplicates: 0 });
      expect(await countRows(store, 'hits', RELATIONSHIP)).toBe(1);
      expect(await countRows(store, 'hits', OTHER_RELATIONSHIP)).toBe(1);
    });

    it('serialises concurrent writes: overlapping batches sent at once store each hit once', async () => {
      const range = (from: number, to: number) =>
        Array.from({ length: to - from }, (_, index) => makeHit({ id: `hit-${from + index}` }));
      const results = await Promise.all([
        store.insertHits(range(0, 50)),
        store.insertHits(range(25, 75)),
        store.insertHits(range(0, 75)),
      ]);
      expect(results.reduce((sum, result) => sum + result.inserted, 0)).toBe(75);
      expect(await countRows(store, 'hits')).toBe(75);
    });

    describe('session upsert', () => {
      const readSession = async (id: string) => {
        const rows = await store.query(
          () => sql`select started_at, last_seen_at, landing_url, country, hits, risk_level, threats
            from sessions where relationship_id = ${RELATIONSHIP} and id = ${id}`,
        );
        return rows[0];
      };
      const first = makeSession({
        id: 'session-1',
        landingUrl: 'https://shop.example/first',
        country: 'ES',
        hits: 2,
        threats: ['network:datacenter'],
      });

      it('merges later snapshots: latest lastSeenAt, largest hit count, highest risk, union of threats', async () => {
        await expect(store.insertSessions([first])).resolves.toEqual({ inserted: 1, merged: 0 });
        const later: SessionRow = {
          ...first,
          lastSeenAt: new Date('2024-03-10T10:20:00.000Z'),
          landingUrl: 'https://shop.example/other',
          country: 'FR',
          hits: 5,
          riskLevel: 'high',
          threats: ['automation:webdriver'],
        };
        await expect(store.insertSessions([later])).resolves.toEqual({ inserted: 0, merged: 1 });
        const merged = {
          started_at: '2024-03-10T10:00:00.000Z',
          last_seen_at: '2024-03-10T10:20:00.000Z',
          landing_url: 'https://shop.example/first',
          country: 'ES',
          hits: 5,
          risk_level: 'high',
          threats: ['automation:webdriver', 'network:datacenter'],
        };
        expect(await readSession('session-1')).toEqual(merged);

        // A stale snapshot arriving late changes nothing: risk never de-escalates, counts never shrink.
        await expect(store.insertSessions([first])).resolves.toEqual({ inserted: 0, merged: 1 });
        expect(await readSession('session-1')).toEqual(merged);
      });

      it('takes acquisition fields from the snapshot with the earliest start', async () => {
        await store.insertSessions([first]);
        const earlier = makeSession({
          id: 'session-1',
          startedAt: new Date('2024-03-10T09:55:00.000Z'),
          lastSeenAt: new Date('2024-03-10T09:56:00.000Z'),
          landingUrl: 'https://shop.example/earlier',
          country: 'PT',
          riskLevel: 'medium',
        });
        await store.insertSessions([earlier]);
        expect(await readSession('session-1')).toEqual({
          started_at: '2024-03-10T09:55:00.000Z',
          last_seen_at: '2024-03-10T10:05:00.000Z',
          landing_url: 'https://shop.example/earlier',
          country: 'PT',
          hits: 2,
          risk_level: 'medium',
          threats: ['network:datacenter'],
        });
      });

      it('merges several snapshots of one session within a batch', async () => {
        const batch = [
          makeSession({ id: 'session-2', hits: 1 }),
          makeSession({ id: 'session-3' }),
          makeSession({
            id: 'session-2',
            lastSeenAt: new Date('2024-03-10T10:30:00.000Z'),
            hits: 3,
            riskLevel: 'medium',
            threats: ['frequency:ip_burst'],
          }),
        ];
        await expect(store.insertSessions(batch)).resolves.toEqual({ inserted: 2, merged: 1 });
        expect(await readSession('session-2')).toMatchObject({
          last_seen_at: '2024-03-10T10:30:00.000Z',
          hits: 3,
          risk_level: 'medium',
          threats: ['frequency:ip_burst'],
        });
        expect(await countRows(store, 'sessions')).toBe(2);
      });
    });

    it('treats an empty batch as a no-op', async () => {
      await expect(store.insertHits([])).resolves.toEqual({ inserted: 0, duplicates: 0 });
      await expect(store.insertConversions([])).resolves.toEqual({ inserted: 0, duplicates: 0 });
      await expect(store.insertSessions([])).resolves.toEqual({ inserted: 0, merged: 0 });
      expect(await countRows(store, 'hits')).toBe(0);
    });

    it('rejects a batch with an invalid row whole, naming the row and field, and writes nothing', async () => {
      const invalid = { ...makeHit({ id: 'hit-2' }), riskLevel: 'severe' } as unknown as HitRow;
      const attempt = store.insertHits([makeHit({ id: 'hit-1' }), invalid]);
      await expect(attempt).rejects.toThrow(EventValidationError);
      await expect(attempt).rejects.toThrow(
        /hits\[1\]\.riskLevel must be one of low, medium, high \(got "severe"\)/,
      );
      expect(await countRows(store, 'hits')).toBe(0);

      const backwards = makeSession({ id: 'session-1', lastSeenAt: new Date('2024-03-10T09:00:00.000Z') });
      await expect(store.insertSessions([backwards])).rejects.toThrow(/sessions\[0\]\.lastSeenAt/);
      const noName = { ...makeConversion({ id: 'conv-1' }), name: undefined } as unknown as ConversionRow;
      await expect(store.insertConversions([noName])).rejects.toThrow(/conversions\[0\]\.name is required/);

      // A rejected batch does not block the writes queued after it.
      await expect(store.insertHits([makeHit({ id: 'hit-1' })])).resolves.toEqual({
        inserted: 1,
        duplicates: 0,
      });
    });

    it('keeps data across close and reopen', async () => {
      await store.insertHits([makeHit({ id: 'hit-1' }), makeHit({ id: 'hit-2' })]);
      await store.insertSessions([makeSession({ id: 'session-1', hits: 2 })]);
      await store.insertConversions([makeConversion({ id: 'conv-1' })]);
      await store.close();

      store = await harness.open();
      const migration = await store.migrate();
      expect(migration.fromVersion).toBe(migration.toVersion);
      expect(await countRows(store, 'hits')).toBe(2);
      expect(await countRows(store, 'sessions')).toBe(1);
      expect(await countRows(store, 'conversions')).toBe(1);
      await expect(store.insertHits([makeHit({ id: 'hit-2' })])).resolves.toEqual({
        inserted: 0,
        duplicates: 1,
      });
    });

    it('reports health, and refuses work once closed', async () => {
      const up = await store.health();
      expect(up.status).toBe('up');
      expect(up.latencyMs).toBeGreaterThanOrEqual(0);
      await store.close();
      await expect(store.close()).resolves.toBeUndefined();
      expect(await store.health()).toMatchObject({ status: 'down', detail: expect.stringMatching(/closed/) });
      await expect(store.insertHits([makeHit({ id: 'hit-1' })])).rejects.toThrow(/closed/);
    });

    describeAnalyticsConformance(context);
    describeEvidenceConformance(context);
    describeExclusionFiringsConformance(context);
    describeEngagementsConformance(context);
    describeAdCostsConformance(context);
  });
}
