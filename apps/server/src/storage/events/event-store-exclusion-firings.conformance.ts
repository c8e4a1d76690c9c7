import { expect, it } from 'vitest';
import type { ConformanceContext } from './event-store.conformance.js';
import { OTHER_RELATIONSHIP, RELATIONSHIP } from './event-store.fixtures.js';
import {
  EventValidationError,
  type ExclusionFiringRow,
  type ExclusionPlatform,
  exclusionFiringId,
} from './event-store.js';
import { sql } from './sql.js';

function firing(
  hitId: string,
  platform: ExclusionPlatform,
  overrides: Partial<ExclusionFiringRow> = {},
): ExclusionFiringRow {
  return {
    relationshipId: RELATIONSHIP,
    id: exclusionFiringId(hitId, platform),
    hitId,
    sessionId: `session-of-${hitId}`,
    platform,
    ts: new Date('2024-03-10T12:00:05.000Z'),
    riskLevel: 'high',
    trafficType: 'google',
    googleCampaignId: '2001',
    ...overrides,
  };
}

async function storedFirings(context: ConformanceContext, relationshipId = RELATIONSHIP) {
  return context.store.query<{
    id: string;
    hit_id: string;
    session_id: string;
    platform: string;
    ts: string;
    risk_level: string;
    traffic_type: string;
    google_campaign_id: string | null;
  }>(
    () => sql`select id, hit_id, session_id, platform, ts, risk_level, traffic_type, google_campaign_id
      from exclusion_firings where relationship_id = ${relationshipId} order by id`,
  );
}

/** Exclusion firings: stored once per hit and platform; runs inside the conformance suite's hooks. */
export function describeExclusionFiringsConformance(context: ConformanceContext) {
  it('stores a firing once per hit and platform, in a batch and across batches', async () => {
    await expect(
      context.store.insertExclusionFirings([
        firing('hit-1', 'google'),
        firing('hit-1', 'facebook', { riskLevel: 'high', trafficType: 'google' }),
        // The same hit and platform again in the batch: the first copy wins.
        firing('hit-1', 'google', { riskLevel: 'low', ts: new Date('2024-03-10T13:00:00.000Z') }),
      ]),
    ).resolves.toEqual({ inserted: 2, duplicates: 1 });
    await expect(
      context.store.insertExclusionFirings([firing('hit-1', 'google'), firing('hit-2', 'tiktok')]),
    ).resolves.toEqual({ inserted: 1, duplicates: 1 });
    // Another tenant's firing of a hit with the same id is its own.
    await expect(
      context.store.insertExclusionFirings([
        firing('hit-1', 'google', { relationshipId: OTHER_RELATIONSHIP }),
      ]),
    ).resolves.toEqual({ inserted: 1, duplicates: 0 });

    expect(await storedFirings(context)).toEqual([
      {
        id: 'hit-1:facebook',
        hit_id: 'hit-1',
        session_id: 'session-of-hit-1',
        platform: 'facebook',
        ts: '2024-03-10T12:00:05.000Z',
        risk_level: 'high',
        traffic_type: 'google',
        google_campaign_id: '2001',
      },
      expect.objectContaining({ id: 'hit-1:google', risk_level: 'high', ts: '2024-03-10T12:00:05.000Z' }),
      expect.objectContaining({ id: 'hit-2:tiktok', platform: 'tiktok' }),
    ]);
    expect(await storedFirings(context, OTHER_RELATIONSHIP)).toHaveLength(1);
  });

  it('refuses a batch with an unknown platform or an id that is not the hit and platform', async () => {
    const unknown = { ...firing('hit-1', 'google'), platform: 'myspace' as ExclusionPlatform };
    unknown.id = exclusionFiringId('hit-1', 'myspace');
    const error = await context.store
      .insertExclusionFirings([firing('hit-0', 'google'), unknown])
      .catch((caught: unknown) => caught);
    expect(error).toBeInstanceOf(EventValidationError);
    expect((error as EventValidationError).issues).toEqual([
      { row: 1, field: 'platform', message: expect.stringMatching(/must be one of google, facebook/) },
    ]);
    await expect(
      context.store.insertExclusionFirings([firing('hit-1', 'google', { id: 'hit-2:google' })]),
    ).rejects.toThrow(/exclusion_firings\[0\]\.id must be the hit id and the platform/);
    expect(await storedFirings(context)).toEqual([]);
  });
}
