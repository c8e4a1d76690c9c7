import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';

import { makeHit, RELATIONSHIP } from '../event-store.fixtures.js';
import type { EngagementRow, EventStore } from '../event-store.js';
import { journalLine, journalRows, parseSegment } from '../journal/journal-format.js';
import { sql } from '../sql.js';
import { openDuckDbEventStore } from './duckdb-event-store.js';

/**
 * A segment the release before engagements and device facts left (a hit and its session, as its
 * `journalLine` wrote them: no screen, time zone, languages nor `engagements`), followed by lines of
 * this release. Segments left by that release are loaded by this one at start.
 */
const PREVIOUS_RELEASE_LINE =
  '{"hits":[{"relationshipId":101,"id":"hit-old","sessionId":"session-old","ts":"2026-11-27T10:00:00.000Z",' +
  '"url":"https://shop.example/landing","trafficType":"direct","riskLevel":"low","threats":[],' +
  '"hitStatus":"delivered","deviceId":"d-1","score":0}],' +
  '"hitSessions":[{"hits":1,"startedAt":"2026-11-27T10:00:00.000Z"}]}\n';

const withDevice = makeHit({
  id: 'hit-new',
  sessionId: 'session-new',
  screenWidth: 390,
  screenHeight: 844,
  timeZone: 'Europe/Madrid',
  languages: '["es-ES","es"]',
});

const engagement: EngagementRow = {
  relationshipId: RELATIONSHIP,
  id: 'hit-new',
  sessionId: 'session-new',
  ts: new Date('2026-11-27T10:01:00.000Z'),
  visibleMs: 41_000,
  dwellMs: 45_250,
  pointerMoves: 0,
  clicks: 2,
  keys: 17,
  scrolls: 9,
  touches: 31,
};

describe('the ingestion journal carries device facts and engagements', () => {
  let dir: string;
  let store: EventStore;

  beforeEach(async () => {
    dir = await mkdtemp(join(tmpdir(), 'veracity-journal-engagement-'));
    store = await openDuckDbEventStore({ path: join(dir, 'events.duckdb') });
    await store.migrate();
  });

  afterEach(async () => {
    await store.close();
    await rm(dir, { recursive: true, force: true });
  });

  const segment = () =>
    PREVIOUS_RELEASE_LINE +
    journalLine({ hits: [withDevice], hitSessions: [{ hits: 1, startedAt: withDevice.ts }] }) +
    journalLine({ engagements: [engagement] });

  const stored = async () => ({
    hits: await store.query(
      () => sql`select id, screen_width, screen_height, time_zone, languages from hits
        where relationship_id = ${RELATIONSHIP} order by id`,
    ),
    engagements: await store.query(
      () => sql`select id, session_id, visible_ms, dwell_ms, pointer_moves, clicks, key_presses, scrolls,
        touches from engagements where relationship_id = ${RELATIONSHIP}`,
    ),
  });

  const expected = {
    hits: [
      {
        id: 'hit-new',
        screen_width: 390,
        screen_height: 844,
        time_zone: 'Europe/Madrid',
        languages: '["es-ES","es"]',
      },
      { id: 'hit-old', screen_width: null, screen_height: null, time_zone: null, languages: null },
    ],
    engagements: [
      {
        id: 'hit-new',
        session_id: 'session-new',
        visible_ms: 41_000,
        dwell_ms: 45_250,
        pointer_moves: 0,
        clicks: 2,
        key_presses: 17,
        scrolls: 9,
        touches: 31,
      },
    ],
  };

  it('loads lines of the previous release and of this one, when DuckDB reads the segment', async () => {
    const file = join(dir, 'segment-1.jsonl');
    await writeFile(file, segment());
    await store.loadJournal?.([file]);
    expect(await stored()).toEqual(expected);
  });

  it('loads the same through the parsed lines, as a store without its own reader does', async () => {
    const rows = journalRows(parseSegment(segment()));
    expect(rows.engagements).toEqual([engagement]);
    await store.insertHits(rows.hits);
    await store.insertEngagements(rows.engagements);
    expect(await stored()).toEqual(expected);
  });
});
