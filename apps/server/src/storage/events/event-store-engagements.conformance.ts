import { expect, it } from 'vitest';
import type { ConformanceContext } from './event-store.conformance.js';
import { makeHit, OTHER_RELATIONSHIP, RELATIONSHIP } from './event-store.fixtures.js';
import { type EngagementRow, EventValidationError } from './event-store.js';
import { sql } from './sql.js';

function engagement(hitId: string, overrides: Partial<EngagementRow> = {}): EngagementRow {
  return {
    relationshipId: RELATIONSHIP,
    id: hitId,
    sessionId: `session-of-${hitId}`,
    ts: new Date('2024-03-10T12:00:30.000Z'),
    visibleMs: 9_000,
    dwellMs: 12_345,
    pointerMoves: 80,
    clicks: 3,
    keys: 40,
    scrolls: 12,
    touches: 0,
    ...overrides,
  };
}

async function storedEngagements(context: ConformanceContext, relationshipId = RELATIONSHIP) {
  return context.store.query(
    () => sql`select id, session_id, ts, visible_ms, dwell_ms, pointer_moves, clicks, key_presses, scrolls,
      touches from engagements where relationship_id = ${relationshipId} order by id`,
  );
}

/**
 * Engagements (once per page view) and the device facts of a hit (screen, time zone, languages); runs
 * inside the conformance suite's hooks.
 */
export function describeEngagementsConformance(context: ConformanceContext) {
  it("stores a page view's engagement once, in a batch and across batches; figures may be missing", async () => {
    await expect(
      context.store.insertEngagements([
        engagement('hit-1'),
        // A beacon whose behaviour was outside its shape keeps what it held in shape.
        engagement('hit-2', {
          dwellMs: null,
          pointerMoves: null,
          clicks: null,
          keys: null,
          scrolls: null,
          touches: null,
        }),
        // The same page view again in the batch: the first copy wins.
        engagement('hit-1', { visibleMs: 1 }),
      ]),
    ).resolves.toEqual({ inserted: 2, duplicates: 1 });
    await expect(
      context.store.insertEngagements([engagement('hit-2', { visibleMs: 2 }), engagement('hit-3')]),
    ).resolves.toEqual({ inserted: 1, duplicates: 1 });
    // Another tenant's page view with the same id is its own.
    await expect(
      context.store.insertEngagements([engagement('hit-1', { relationshipId: OTHER_RELATIONSHIP })]),
    ).resolves.toEqual({ inserted: 1, duplicates: 0 });

    expect(await storedEngagements(context)).toEqual([
      {
        id: 'hit-1',
        session_id: 'session-of-hit-1',
        ts: '2024-03-10T12:00:30.000Z',
        visible_ms: 9_000,
        dwell_ms: 12_345,
        pointer_moves: 80,
        clicks: 3,
        key_presses: 40,
        scrolls: 12,
        touches: 0,
      },
      {
        id: 'hit-2',
        session_id: 'session-of-hit-2',
        ts: '2024-03-10T12:00:30.000Z',
        visible_ms: 9_000,
        dwell_ms: null,
        pointer_moves: null,
        clicks: null,
        key_presses: null,
        scrolls: null,
        touches: null,
      },
      expect.objectContaining({ id: 'hit-3' }),
    ]);
    expect(await storedEngagements(context, OTHER_RELATIONSHIP)).toHaveLength(1);
  });

  it('refuses an engagement batch with a negative or fractional figure, writing nothing', async () => {
    const error = await context.store
      .insertEngagements([engagement('hit-0'), engagement('hit-1', { clicks: -1, visibleMs: 1.5 })])
      .catch((caught: unknown) => caught);
    expect(error).toBeInstanceOf(EventValidationError);
    expect((error as EventValidationError).issues.map((issue) => [issue.row, issue.field])).toEqual([
      [1, 'visibleMs'],
      [1, 'clicks'],
    ]);
    expect(await storedEngagements(context)).toEqual([]);
  });

  it("stores a hit's screen, time zone and languages as sent, null when it had none", async () => {
    const sensed = makeHit({
      id: 'hit-sensed',
      screenWidth: 1440,
      screenHeight: 900,
      timeZone: 'America/Argentina/Buenos_Aires',
      languages: '["es-AR","es","en-US"]',
    });
    // What a browser names is text, whatever it holds: stored and read back unchanged.
    const odd = makeHit({
      id: 'hit-odd',
      screenWidth: 0,
      screenHeight: 0,
      timeZone: "<script>alert('tz')</script>",
      languages: '[]',
    });
    await context.store.insertHits([sensed, odd, makeHit({ id: 'hit-s2s' })]);
    const rows = await context.store.query(
      () => sql`select id, screen_width, screen_height, time_zone, languages from hits
        where relationship_id = ${RELATIONSHIP} order by id`,
    );
    expect(rows).toEqual([
      {
        id: 'hit-odd',
        screen_width: 0,
        screen_height: 0,
        time_zone: "<script>alert('tz')</script>",
        languages: '[]',
      },
      { id: 'hit-s2s', screen_width: null, screen_height: null, time_zone: null, languages: null },
      {
        id: 'hit-sensed',
        screen_width: 1440,
        screen_height: 900,
        time_zone: 'America/Argentina/Buenos_Aires',
        languages: '["es-AR","es","en-US"]',
      },
    ]);
  });
}
