import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';

import { parseEvidence } from '../event-evidence.js';
import { makeHit, RELATIONSHIP } from '../event-store.fixtures.js';
import type { EventStore } from '../event-store.js';
import { journalLine, journalRows, parseSegment, sessionOfHit } from '../journal/journal-format.js';
import { rawSql, sql } from '../sql.js';
import { openDuckDbEventStore } from './duckdb-event-store.js';

/**
 * A journal line as the version before evidence wrote it (`journalLine` of a hit and its session): no
 * `evidence` field anywhere. Segments left by that version are loaded by the next one at start.
 */
const PREVIOUS_VERSION_LINE =
  '{"hits":[{"relationshipId":101,"id":"hit-old","sessionId":"session-old","ts":"2026-11-21T10:00:00.000Z",' +
  '"url":"https://shop.example/landing","trafficType":"direct","riskLevel":"high",' +
  '"threats":["automation:webdriver"],"hitStatus":"delivered","score":100}],' +
  '"hitSessions":[{"hits":1,"startedAt":"2026-11-21T10:00:00.000Z"}]}\n';

const EVIDENCE = {
  'automation:webdriver': { probe: 'navigator.webdriver', value: true },
  'network:datacenter': { asn: 16509, organisation: 'AMAZON-02', class: 'cloud' },
} as const;

const withEvidence = makeHit({
  id: 'hit-new',
  sessionId: 'session-new',
  riskLevel: 'high',
  threats: Object.keys(EVIDENCE),
  evidence: EVIDENCE,
});

describe('the ingestion journal carries the evidence', () => {
  let dir: string;
  let store: EventStore;

  beforeEach(async () => {
    dir = await mkdtemp(join(tmpdir(), 'veracity-journal-evidence-'));
    store = await openDuckDbEventStore({ path: join(dir, 'events.duckdb') });
    await store.migrate();
  });

  afterEach(async () => {
    await store.close();
    await rm(dir, { recursive: true, force: true });
  });

  const stored = async (table: string) => {
    const rows = await store.query<{ id: string; evidence: string | null }>(
      () =>
        sql`select id, evidence from ${rawSql(table)} where relationship_id = ${RELATIONSHIP} order by id`,
    );
    return Object.fromEntries(rows.map((row) => [row.id, parseEvidence(row.evidence)]));
  };

  const segment = () =>
    PREVIOUS_VERSION_LINE +
    journalLine({
      hits: [withEvidence],
      hitSessions: [{ hits: 1, startedAt: withEvidence.ts }],
      // What a visit adds to its session (an engagement's reasons, with the hit's it joined) carries
      // evidence of its own; a hit's snapshot of its session does not (the hit keeps it).
      sessions: [sessionOfHit(withEvidence, { hits: 1, startedAt: withEvidence.ts }, withEvidence)],
    });

  it('loads lines of the previous version (no evidence) and of this one, when DuckDB reads the segment', async () => {
    const file = join(dir, 'segment-1.jsonl');
    await writeFile(file, segment());
    await store.loadJournal?.([file]);
    expect(await stored('hits')).toEqual({ 'hit-new': EVIDENCE, 'hit-old': null });
    expect(await stored('sessions')).toEqual({ 'session-new': EVIDENCE, 'session-old': null });
  });

  it('loads the same through the parsed lines, as a store without its own reader does', async () => {
    const rows = journalRows(parseSegment(segment()));
    await store.insertHits(rows.hits);
    await store.insertSessions(rows.sessions);
    expect(await stored('hits')).toEqual({ 'hit-new': EVIDENCE, 'hit-old': null });
    expect(await stored('sessions')).toEqual({ 'session-new': EVIDENCE, 'session-old': null });
  });
});
