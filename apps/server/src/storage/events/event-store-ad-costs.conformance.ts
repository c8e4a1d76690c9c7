import { expect, it } from 'vitest';
import type { AdCostRow } from './ad-costs.js';
import type { ConformanceContext } from './event-store.conformance.js';
import { OTHER_RELATIONSHIP, RELATIONSHIP } from './event-store.fixtures.js';
import { EventValidationError } from './event-store.js';
import { sql } from './sql.js';

const cost = (overrides: Partial<AdCostRow> = {}): AdCostRow => ({
  relationshipId: RELATIONSHIP,
  provider: 'google_ads',
  customerId: '1234567890',
  campaignId: '555',
  day: '2024-03-10',
  clicks: 40,
  costMicros: 30_000_000,
  currency: 'EUR',
  ...overrides,
});

interface StoredCost extends Record<string, string | number> {
  customer_id: string;
  campaign_id: string;
  day: string;
  clicks: number;
  cost_micros: number;
  currency: string;
}

async function storedCosts(
  context: ConformanceContext,
  relationshipId = RELATIONSHIP,
): Promise<StoredCost[]> {
  return context.store.query<StoredCost>(
    () => sql`SELECT customer_id, campaign_id, CAST(day AS VARCHAR) AS day, clicks, cost_micros, currency
      FROM ad_costs WHERE relationship_id = ${relationshipId} ORDER BY campaign_id, day`,
  );
}

/** Imported ad costs, upserted by campaign day; runs inside the conformance suite's hooks. */
export function describeAdCostsConformance(context: ConformanceContext) {
  it('stores ad costs and replaces a campaign day when it is imported again', async () => {
    const first = await context.store.upsertAdCosts([
      cost(),
      cost({ day: '2024-03-11', clicks: 10, costMicros: 5_500_000 }),
      cost({ campaignId: '777', customerId: '123-456-7890', clicks: 0, costMicros: 0 }),
    ]);
    expect(first).toEqual({ stored: 3 });
    // A re-import of the 10th replaces its figures; the 11th, not in it, keeps its own.
    const again = await context.store.upsertAdCosts([
      cost({ clicks: 45, costMicros: 36_000_000 }),
      cost({ clicks: 50, costMicros: 40_000_000, currency: 'USD' }),
    ]);
    expect(again).toEqual({ stored: 1 });
    expect(await storedCosts(context)).toEqual([
      {
        customer_id: '1234567890',
        campaign_id: '555',
        day: '2024-03-10',
        clicks: 50,
        cost_micros: 40_000_000,
        currency: 'USD',
      },
      {
        customer_id: '1234567890',
        campaign_id: '555',
        day: '2024-03-11',
        clicks: 10,
        cost_micros: 5_500_000,
        currency: 'EUR',
      },
      {
        customer_id: '1234567890',
        campaign_id: '777',
        day: '2024-03-10',
        clicks: 0,
        cost_micros: 0,
        currency: 'EUR',
      },
    ]);
    expect(await storedCosts(context, OTHER_RELATIONSHIP)).toEqual([]);
  });

  it('keeps the same key apart for two accounts, and rejects an invalid batch whole', async () => {
    await context.store.upsertAdCosts([cost(), cost({ relationshipId: OTHER_RELATIONSHIP, clicks: 1 })]);
    const invalid = context.store.upsertAdCosts([
      cost({ clicks: 99 }),
      cost({ day: '2024-02-30' }),
      cost({ costMicros: 1.5, currency: 'eur' }),
    ]);
    await expect(invalid).rejects.toBeInstanceOf(EventValidationError);
    await expect(invalid).rejects.toThrow(/adCosts\[1\]\.day .*adCosts\[2\]\.costMicros/);
    expect((await storedCosts(context)).map((row) => row.clicks)).toEqual([40]);
    expect((await storedCosts(context, OTHER_RELATIONSHIP)).map((row) => row.clicks)).toEqual([1]);
    expect(await context.store.upsertAdCosts([])).toEqual({ stored: 0 });
  });
}
