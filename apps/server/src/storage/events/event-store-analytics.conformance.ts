import { expect, it } from 'vitest';
import type { AnalyticsQuery, TimeBucket } from './dialect.js';
import type { ConformanceContext } from './event-store.conformance.js';
import {
  MIDNIGHT_HITS,
  makeConversion,
  makeHit,
  OTHER_RELATIONSHIP,
  RELATIONSHIP,
} from './event-store.fixtures.js';
import { inList, sql } from './sql.js';

/** Hits a day by risk tier with the high-risk share, for one relationship, in a time zone. */
function hitsByRiskTier(timeZone: string, bucket: TimeBucket = 'day'): AnalyticsQuery {
  return (d) => sql`
    select ${d.dateBucket('ts', bucket, timeZone)} as bucket,
           count(*) as hits,
           ${d.countIf(sql`risk_level = ${'high'}`)} as high_risk_hits,
           ${d.countIf(sql`risk_level = ${'medium'}`)} as medium_risk_hits,
           ${d.countIf(sql`risk_level = ${'low'}`)} as low_risk_hits,
           ${d.safeDivide(d.countIf(sql`risk_level = ${'high'}`), sql`count(*)`)} as high_risk_share
    from hits
    where relationship_id = ${RELATIONSHIP}
    group by bucket
    order by bucket`;
}

/** Analytics behaviour every store must show; runs inside the conformance suite's fresh-store hooks. */
export function describeAnalyticsConformance(context: ConformanceContext) {
  it('buckets days in the requested time zone, so hits near midnight land on their local day', async () => {
    await context.store.insertHits(MIDNIGHT_HITS);
    const local = await context.store.query(hitsByRiskTier('America/New_York'));
    expect(local).toEqual([
      {
        bucket: '2024-03-09',
        hits: 2,
        high_risk_hits: 1,
        medium_risk_hits: 0,
        low_risk_hits: 1,
        high_risk_share: 0.5,
      },
      {
        bucket: '2024-03-10',
        hits: 2,
        high_risk_hits: 1,
        medium_risk_hits: 1,
        low_risk_hits: 0,
        high_risk_share: 0.5,
      },
      {
        bucket: '2024-03-11',
        hits: 1,
        high_risk_hits: 0,
        medium_risk_hits: 0,
        low_risk_hits: 1,
        high_risk_share: 0,
      },
    ]);
    const utc = await context.store.query(hitsByRiskTier('UTC'));
    expect(utc.map((row) => [row.bucket, row.hits])).toEqual([
      ['2024-03-10', 3],
      ['2024-03-11', 2],
    ]);
  });

  it('buckets hours and months in the requested time zone', async () => {
    await context.store.insertHits([
      makeHit({ id: 'in-1', ts: new Date('2024-03-10T18:29:00.000Z') }), // 23:59 in Kolkata (+05:30)
      makeHit({ id: 'in-2', ts: new Date('2024-03-10T18:30:00.000Z') }), // 00:00 the next day
      makeHit({ id: 'mo-1', ts: new Date('2024-04-01T03:00:00.000Z') }), // 31 March 23:00 in New York
    ]);
    const hours = await context.store.query(hitsByRiskTier('Asia/Kolkata', 'hour'));
    expect(hours.map((row) => [row.bucket, row.hits])).toEqual([
      ['2024-03-10T23:00', 1],
      ['2024-03-11T00:00', 1],
      ['2024-04-01T08:00', 1],
    ]);
    const months = await context.store.query(hitsByRiskTier('America/New_York', 'month'));
    expect(months.map((row) => [row.bucket, row.hits])).toEqual([['2024-03', 3]]);
  });

  it('breaks hits down by threat reason through unnest, and filters by a reason', async () => {
    await context.store.insertHits(MIDNIGHT_HITS);
    const byThreat = await context.store.query(
      (d) => sql`
        select threat, count(*) as hits
        from (select ${d.unnest('threats')} as threat from hits where relationship_id = ${RELATIONSHIP}) as t
        group by threat
        order by hits desc, threat`,
    );
    expect(byThreat).toEqual([
      { threat: 'network:datacenter', hits: 3 },
      { threat: 'automation:webdriver', hits: 1 },
    ]);
    const withReason = await context.store.query(
      (d) => sql`
        select count(*) as hits from hits
        where relationship_id = ${RELATIONSHIP} and ${d.arrayContains('threats', 'automation:webdriver')}`,
    );
    expect(withReason).toEqual([{ hits: 1 }]);
  });

  it('keeps each relationship to its own events in analytics', async () => {
    await context.store.insertHits(MIDNIGHT_HITS);
    const forOther = await context.store.query(
      (d) => sql`
        select count(*) as hits, ${d.countIf(sql`risk_level = ${'high'}`)} as high_risk_hits
        from hits where relationship_id = ${OTHER_RELATIONSHIP}`,
    );
    expect(forOther).toEqual([{ hits: 1, high_risk_hits: 1 }]);
  });

  it('hands a query over in chunks, in its order, waiting for each, as query converts them', async () => {
    const hits = Array.from({ length: 25 }, (_, index) =>
      makeHit({
        id: `chunk-${index}`,
        sessionId: `chunk-session-${index}`,
        ts: new Date(Date.UTC(2024, 2, 10, 0, index)),
        isp: `ISP ${String(index).padStart(2, '0')}`,
      }),
    );
    await context.store.insertHits(hits);
    const byCountry: AnalyticsQuery = (d) => sql`
      select isp, count(*) as hits, ${d.safeDivide(d.countIf(sql`risk_level = ${'high'}`), sql`count(*)`)} as share
      from hits where relationship_id = ${RELATIONSHIP} group by isp order by isp desc`;
    const whole = await context.store.query(byCountry);
    const chunks: number[] = [];
    const rows: unknown[] = [];
    let inHandler = false;
    const handed = await context.store.queryChunks(byCountry, 10, async (chunk) => {
      expect(inHandler).toBe(false);
      inHandler = true;
      await new Promise((resolve) => setTimeout(resolve, 5));
      chunks.push(chunk.length);
      rows.push(...chunk);
      inHandler = false;
    });
    expect(handed).toBe(25);
    expect(chunks).toEqual([10, 10, 5]);
    expect(rows).toEqual(whole);
    expect(rows[0]).toEqual({ isp: 'ISP 24', hits: 1, share: 0 });
    // A handler that fails stops the read with its error.
    await expect(
      context.store.queryChunks(byCountry, 10, async () => {
        throw new Error('disk full');
      }),
    ).rejects.toThrow('disk full');
    // The store still answers afterwards.
    expect(await context.store.query((d) => sql`select count(*) as hits from ${d.ident('hits')}`)).toEqual([
      { hits: 25 },
    ]);
  });

  it('divides safely: a zero denominator gives null, counts come back as JS numbers', async () => {
    const [row] = await context.store.query(
      (d) => sql`
        select count(*) as hits, ${d.safeDivide(d.countIf(sql`risk_level = ${'high'}`), sql`count(*)`)} as share
        from hits where relationship_id = ${RELATIONSHIP}`,
    );
    expect(row).toEqual({ hits: 0, share: null });
    expect(typeof row?.hits).toBe('number');
  });

  it('binds dates, value lists and sums conditionally', async () => {
    await context.store.insertHits(
      MIDNIGHT_HITS.map((hit, index) => ({ ...hit, country: index < 2 ? 'ES' : 'FR' })),
    );
    const from = new Date('2024-03-10T04:00:00.000Z');
    const to = new Date('2024-03-11T04:00:00.000Z');
    const [window] = await context.store.query(
      (d) => sql`
        select count(*) as hits from hits
        where relationship_id = ${RELATIONSHIP} and ts >= ${from} and ts < ${to}
          and ${inList(d.ident('country'), ['ES', 'PT'])}`,
    );
    expect(window).toEqual({ hits: 1 });

    await context.store.insertConversions([
      makeConversion({ id: 'conv-1', value: 75 }),
      makeConversion({ id: 'conv-2', value: 20.5, status: 'not_reported' }),
      makeConversion({ id: 'conv-3', value: null, status: 'reported' }),
    ]);
    const [revenue] = await context.store.query(
      (d) => sql`
        select ${d.countIf(sql`status = ${'reported'}`)} as conversions_reported,
               ${d.sumIf('value', sql`status = ${'reported'}`)} as reported_revenue,
               ${d.sumIf('value', sql`status = ${'paused'}`)} as paused_revenue
        from conversions where relationship_id = ${RELATIONSHIP}`,
    );
    expect(revenue).toEqual({ conversions_reported: 2, reported_revenue: 75, paused_revenue: 0 });
  });
}
