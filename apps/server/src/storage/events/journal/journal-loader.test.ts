import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { openDuckDbEventStore } from '../duckdb/duckdb-event-store.js';
import { makeConversion } from '../event-store.fixtures.js';
import {
  type EngagementRow,
  type EventStore,
  type ExclusionFiringRow,
  type ExclusionPlatform,
  exclusionFiringId,
  type HitRow,
} from '../event-store.js';
import { rawSql } from '../sql.js';
import { BatchWriter } from './batch-writer.js';
import { hit } from './journal.fixtures.js';
import { type EventWrite, journalLine, sessionOfHit } from './journal-format.js';

describe('loading the journal into DuckDB', () => {
  const day = (time: string) => new Date(`2026-11-21T${time}Z`);
  const row = (id: string, changes: Partial<HitRow>): HitRow => ({
    ...hit(id),
    sessionId: 's1',
    referrer: 'https://www.google.com/',
    utmSource: 'google',
    country: 'ES',
    deviceType: 'Desktop',
    cost: 0.25,
    vars: { var1: 'a', var20: 'z' },
    ...changes,
  });
  const lines = [
    { hits: [row('h1', { ts: day('10:00:00') })], hitSessions: [{ hits: 1, startedAt: day('10:00:00') }] },
    {
      hits: [
        row('h2', {
          ts: day('10:05:00'),
          riskLevel: 'medium',
          threats: ['automation:x'],
          screenWidth: 1440,
          screenHeight: 900,
          timeZone: 'Europe/Madrid',
          languages: '["es-ES","en"]',
        }),
      ],
      hitSessions: [{ hits: 2, startedAt: day('10:00:00') }],
    },
    // A hit sent again (the first copy wins), a hit stored before the load, another session.
    { hits: [row('h1', { ts: day('10:06:00'), url: 'https://shop.example.com/again' })] },
    {
      hits: [row('h0', { sessionId: 's2', ts: day('11:30:00'), cost: null, vars: {} })],
      hitSessions: [{ hits: 4, startedAt: day('09:00:00') }],
    },
    {
      sessions: [
        sessionOfHit(
          row('h2', { ts: day('10:05:00') }),
          { hits: 2, startedAt: day('10:00:00') },
          {
            riskLevel: 'high',
            threats: ['behaviour:none'],
          },
        ),
      ],
    },
    {
      conversions: [
        {
          relationshipId: 1,
          id: 'c1',
          sessionId: 's1',
          hitId: 'h1',
          ts: day('10:10:00'),
          name: 'signup',
          value: 12.5,
          currency: 'EUR',
          trafficType: 'direct',
          riskLevel: 'low',
          threats: [],
          status: 'not_reported',
        },
      ],
    },
    // The sensor's exclusion firings of h2: the same hit and platform again is stored once.
    {
      exclusionFirings: [firing('h2', 'google', day('10:05:01')), firing('h2', 'facebook', day('10:05:01'))],
    },
    { exclusionFirings: [firing('h2', 'google', day('10:07:00'))] },
    // The engagement beacon of h2, and a repeat of it after a restart: the first is kept.
    { engagements: [engagement('h2', day('10:06:00'), 9_000)] },
    { engagements: [engagement('h2', day('10:08:00'), 1)] },
  ];
  function engagement(id: string, ts: Date, visibleMs: number): EngagementRow {
    return {
      relationshipId: 1,
      id,
      sessionId: 's1',
      ts,
      visibleMs,
      dwellMs: 12_000,
      pointerMoves: 40,
      clicks: 3,
      keys: 0,
      scrolls: 5,
      touches: null,
    };
  }
  function firing(hitId: string, platform: ExclusionPlatform, ts: Date): ExclusionFiringRow {
    return {
      relationshipId: 1,
      id: exclusionFiringId(hitId, platform),
      hitId,
      sessionId: 's1',
      platform,
      ts,
      riskLevel: 'medium',
      trafficType: 'google',
      googleCampaignId: null,
    };
  }
  /** Lines as `JSON.stringify` wrote them before journalLine left null cells out: both load alike. */
  const stringified = (write: object) => `${JSON.stringify(write)}\n`;
  let encode: (write: EventWrite) => string = stringified;
  const journalOf = (writes: readonly object[]) =>
    `${writes.map((line) => encode(line as EventWrite)).join('')}{"hits":[{"relationshipId":1,"id":"cut`;

  /** The store's tables after the journal is recovered into it, as comparable rows. */
  async function loaded(
    viaFiles: boolean,
    writes: readonly object[] = lines,
    storedBefore = true,
    folder = 'veracity-journal-load-',
  ) {
    const journalDir = await mkdtemp(path.join(os.tmpdir(), folder));
    const store = await openDuckDbEventStore({ path: ':memory:' });
    try {
      await store.migrate();
      if (storedBefore) await store.insertHits([row('h0', { sessionId: 's2', ts: day('11:30:00') })]);
      await writeFile(path.join(journalDir, '000000000001.jsonl'), journalOf(writes));
      const target: EventStore = viaFiles
        ? store
        : {
            dialect: store.dialect,
            migrate: () => store.migrate(),
            insertHits: (rows) => store.insertHits(rows),
            insertConversions: (rows) => store.insertConversions(rows),
            insertExclusionFirings: (rows) => store.insertExclusionFirings(rows),
            insertEngagements: (rows) => store.insertEngagements(rows),
            insertSessions: (rows) => store.insertSessions(rows),
            upsertAdCosts: (rows) => store.upsertAdCosts(rows),
            query: (query) => store.query(query),
            queryChunks: (query, chunkRows, onChunk) => store.queryChunks(query, chunkRows, onChunk),
            health: () => store.health(),
            close: () => store.close(),
          };
      expect(target.loadJournal !== undefined).toBe(viaFiles);
      const writer = new BatchWriter(target, journalDir);
      expect(await writer.open()).toEqual({ recovered: writes.length });
      await writer.close();
      const table = (name: string, order: string) =>
        store.query(() => rawSql(`select * from ${name} order by ${order}`));
      return {
        hits: await table('hits', 'id'),
        sessions: await table('sessions', 'id'),
        conversions: await table('conversions', 'id'),
        exclusionFirings: await table('exclusion_firings', 'id'),
        engagements: await table('engagements', 'id'),
        rollup: await table('hits_hourly', 'all'),
      };
    } finally {
      await store.close();
      await rm(journalDir, { recursive: true, force: true });
    }
  }

  it('stores the same rows whether DuckDB reads the segment files or the writer parses them', async () => {
    const jsPath = await loaded(false);
    const filePath = await loaded(true);
    expect(jsPath.hits.map((stored) => stored.id)).toEqual(['h0', 'h1', 'h2']);
    expect(jsPath.hits.find((stored) => stored.id === 'h1')?.url).toBe('https://shop.example.com/');
    expect(jsPath.sessions).toHaveLength(2);
    expect(jsPath.sessions[0]).toMatchObject({ id: 's1', hits: 2, risk_level: 'high', var20: 'z' });
    expect(jsPath.conversions).toHaveLength(1);
    expect(jsPath.exclusionFirings).toMatchObject([
      { id: 'h2:facebook', platform: 'facebook' },
      { id: 'h2:google', hit_id: 'h2', ts: '2026-11-21T10:05:01.000Z', risk_level: 'medium' },
    ]);
    expect(jsPath.engagements).toEqual([
      {
        relationship_id: 1,
        id: 'h2',
        session_id: 's1',
        ts: '2026-11-21T10:06:00.000Z',
        visible_ms: 9_000,
        dwell_ms: 12_000,
        pointer_moves: 40,
        clicks: 3,
        key_presses: 0,
        scrolls: 5,
        touches: null,
      },
    ]);
    expect(jsPath.hits.find((stored) => stored.id === 'h2')).toMatchObject({
      screen_width: 1440,
      screen_height: 900,
      time_zone: 'Europe/Madrid',
      languages: '["es-ES","en"]',
    });
    expect(jsPath.hits.find((stored) => stored.id === 'h1')).toMatchObject({
      screen_width: null,
      time_zone: null,
      languages: null,
    });
    expect(jsPath.rollup.reduce((sum, group) => sum + Number(group.hits), 0)).toBe(3);
    expect(filePath).toEqual(jsPath);
  });

  it('stores the same rows from lines journalLine writes as from lines with every null written out', async () => {
    const old = await loaded(true);
    encode = journalLine;
    try {
      expect(await loaded(true)).toEqual(old);
      expect(await loaded(false)).toEqual(old);
    } finally {
      encode = stringified;
    }
  });

  it('stores the same rows both ways when every hit is new', async () => {
    const fresh = lines.filter((_, index) => index !== 2);
    const jsPath = await loaded(false, fresh, false);
    expect(jsPath.rollup.reduce((sum, group) => sum + Number(group.hits), 0)).toBe(3);
    expect(await loaded(true, fresh, false)).toEqual(jsPath);
  });

  it('stores the same rows both ways when no line holds session snapshots of its own', async () => {
    // DuckDB then stages the hits' sessions in scan order, without sorting (duckdb-journal.ts).
    const hitsOnly = lines.filter((line) => !('sessions' in line));
    const jsPath = await loaded(false, hitsOnly);
    expect(jsPath.sessions).toHaveLength(2);
    expect(jsPath.sessions[0]).toMatchObject({ id: 's1', hits: 2, risk_level: 'medium' });
    expect(await loaded(true, hitsOnly)).toEqual(jsPath);
  });

  it('keeps the first copy of each id when the copies are thousands of lines apart', async () => {
    // DuckDB stages the rows in the order it reads them, without sorting (duckdb-journal.ts): the
    // first copy must still win when the copies lie in different vectors of its scan.
    const copies = 6_000;
    const conversion = (id: string, name: string) => makeConversion({ id, name, ts: day('10:10:00') });
    const copy = (index: number, which: string) => ({
      hits: [row(`h${index}`, { ts: day('10:00:00'), url: `https://shop.example.com/${which}` })],
      hitSessions: [{ hits: 1, startedAt: day('10:00:00') }],
      conversions: [conversion(`c${index}`, which)],
    });
    const ids = Array.from({ length: copies }, (_, index) => index);
    const writes = [
      ...ids.map((index) => copy(index, 'first')),
      ...ids.reverse().map((index) => copy(index, 'again')),
    ];
    const filePath = await loaded(true, writes, false);
    expect(filePath.hits).toHaveLength(copies);
    expect(new Set(filePath.hits.map((stored) => stored.url))).toEqual(
      new Set(['https://shop.example.com/first']),
    );
    expect(filePath.conversions).toHaveLength(copies);
    expect(new Set(filePath.conversions.map((stored) => stored.name))).toEqual(new Set(['first']));
    expect(filePath.rollup.reduce((sum, group) => sum + Number(group.hits), 0)).toBe(copies);
    // Every copy is a snapshot of session s1 with the same start: the first staged gives its landing.
    expect(filePath.sessions).toMatchObject([{ id: 's1', landing_url: 'https://shop.example.com/first' }]);
  });

  it('reads segment files whose folder name holds glob characters', async () => {
    const jsPath = await loaded(false);
    expect(await loaded(true, lines, true, 'veracity-[journal]*?-')).toEqual(jsPath);
  });
});
