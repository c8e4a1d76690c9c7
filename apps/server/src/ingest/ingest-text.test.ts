import { mkdir, mkdtemp, readdir, readFile, rm, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { S2S_CONVERSIONS_PATH, S2S_HITS_PATH } from '@veracity/contracts/s2s';
import { describe, expect, it } from 'vitest';
import { INGEST_QUARANTINE_FILE } from '../storage/events/journal/journal-quarantine.js';
import { rawSql } from '../storage/events/sql.js';
import { INGEST_JOURNAL_DIR } from '../storage/open-stores.js';
import {
  CHROME,
  collect,
  eventId,
  HOME_IP,
  ingestAppPerTest,
  s2s,
  sensorConversion,
  sensorHit,
  storedRows,
} from '../test-support/ingest-fixtures.js';
import { startTestApp } from '../test-support/test-app.js';

/**
 * Text as sent (docs/integration.md): what is acknowledged is stored, its strings equal to what was
 * sent, save unpaired UTF-16 surrogates, which become U+FFFD before the answer.
 */

const ingest = ingestAppPerTest();

/** A JSON body with `\uXXXX` escapes written out, as a client that builds JSON by hand sends them. */
const escaped = (body: object, marks: Record<string, string>) => {
  let text = JSON.stringify(body);
  for (const [mark, written] of Object.entries(marks)) text = text.replaceAll(mark, written);
  return text;
};

describe('text that is not well-formed', () => {
  it('stores a page view and its conversion with U+FFFD for each lone or reversed surrogate', async () => {
    const hit = sensorHit(ingest.tenant, {
      url: 'https://shop.example.com/LONE?utm_source=REVERSED',
      referrer: 'https://news.example.org/HIGH',
    });
    const response = await collect(
      ingest.t,
      escaped(hit, { LONE: '\\ud800', REVERSED: '\\udc00\\ud800', HIGH: 'x\\udbff' }),
    );
    expect(response.statusCode).toBe(200);
    const conversion = sensorConversion(ingest.tenant, hit, { name: 'leadLOW' });
    expect((await collect(ingest.t, escaped(conversion, { LOW: '\\udc00' }))).statusCode).toBe(204);

    const stored = (await storedRows(ingest.t, 'hits', [hit.eventId])).get(hit.eventId);
    expect(stored?.url).toBe('https://shop.example.com/\ufffd?utm_source=\ufffd\ufffd');
    expect(stored?.referrer).toBe('https://news.example.org/x\ufffd');
    expect(stored?.utm_source).toBe('\ufffd\ufffd');
    const converted = (await storedRows(ingest.t, 'conversions', [conversion.eventId])).get(
      conversion.eventId,
    );
    expect(converted?.name).toBe('lead\ufffd');
  });

  it('stores an S2S hit and conversion with U+FFFD in every text field that held a lone surrogate', async () => {
    const id = eventId('s2s');
    const body = {
      id,
      ip: HOME_IP,
      userAgent: `${CHROME} LONE`,
      url: 'https://shop.example.com/offer/LONE',
      referrer: 'https://ref.example.org/LONE',
      subPublisher: 'pubLONE',
      vars: { var1: 'LONE', var20: 'xLONE' },
    };
    const response = await s2s(ingest.t, ingest.tenant, S2S_HITS_PATH, escaped(body, { LONE: '\\udfff' }));
    expect(response.statusCode).toBe(200);
    const conversion = { id: eventId('s2c'), hitId: id, name: 'saleLONE' };
    const converted = await s2s(
      ingest.t,
      ingest.tenant,
      S2S_CONVERSIONS_PATH,
      escaped(conversion, { LONE: '\\ud83d' }),
    );
    expect(converted.statusCode).toBe(200);

    const stored = (await storedRows(ingest.t, 'hits', [id])).get(id);
    expect(stored).toMatchObject({
      user_agent: `${CHROME} \ufffd`,
      url: 'https://shop.example.com/offer/\ufffd',
      referrer: 'https://ref.example.org/\ufffd',
      sub_publisher: 'pub\ufffd',
      var1: '\ufffd',
      var20: 'x\ufffd',
    });
    expect((await storedRows(ingest.t, 'conversions', [conversion.id])).get(conversion.id)?.name).toBe(
      'sale\ufffd',
    );
  });

  it('keeps a leading U+FEFF, NUL, control characters and non-characters as sent', async () => {
    const odd = '\ufeffa\u0000b\u0001\u001f\u007f\ufffe\uffff\ufdd0\u{10fffe}\u{1f600}\u2028';
    const hit = sensorHit(ingest.tenant, { url: `${odd}https://shop.example.com/`, referrer: odd });
    expect((await collect(ingest.t, hit)).statusCode).toBe(200);
    const id = eventId('s2s');
    const s2sHit = {
      id,
      ip: HOME_IP,
      userAgent: odd,
      url: 'https://shop.example.com/',
      referrer: odd,
      subPublisher: odd,
      vars: { var1: odd },
    };
    expect((await s2s(ingest.t, ingest.tenant, S2S_HITS_PATH, s2sHit)).statusCode).toBe(200);
    const conversion = { id: eventId('s2c'), hitId: id, name: odd };
    expect((await s2s(ingest.t, ingest.tenant, S2S_CONVERSIONS_PATH, conversion)).statusCode).toBe(200);

    const hits = await storedRows(ingest.t, 'hits', [hit.eventId, id]);
    expect(hits.get(hit.eventId)).toMatchObject({ url: `${odd}https://shop.example.com/`, referrer: odd });
    expect(hits.get(id)).toMatchObject({ user_agent: odd, referrer: odd, sub_publisher: odd, var1: odd });
    expect((await storedRows(ingest.t, 'conversions', [conversion.id])).get(conversion.id)?.name).toBe(odd);
  });
});

describe('values the collector cuts', () => {
  it('cuts a long UTM value at a character, never inside a surrogate pair', async () => {
    const source = `a${'\u{1f600}'.repeat(300)}`;
    const hit = sensorHit(ingest.tenant, { url: `https://shop.example.com/?utm_source=${source}` });
    expect((await collect(ingest.t, hit)).statusCode).toBe(200);
    const stored = (await storedRows(ingest.t, 'hits', [hit.eventId])).get(hit.eventId);
    // 512 UTF-16 units would end with half of an emoji: the cut keeps 511.
    expect(stored?.utm_source).toBe(`a${'\u{1f600}'.repeat(255)}`);
  });
});

describe('a journal line the store cannot load', () => {
  it('is set aside in DATA_DIR, counted in /api/health and not retried, while the lines around it are stored', async () => {
    const dataDir = await mkdtemp(path.join(os.tmpdir(), 'veracity-quarantine-'));
    try {
      const line = (id: string, url: string) =>
        `{"hits":[{"relationshipId":1,"id":"${id}","sessionId":"s-${id}","ts":"2026-11-21T10:00:00.000Z","url":"${url}","trafficType":"direct","riskLevel":"low","threats":[],"hitStatus":"delivered"}],"hitSessions":[{"hits":1,"startedAt":"2026-11-21T10:00:00.000Z"}]}\n`;
      const bad = line('bad', 'https://shop.example.com/\\ud800');
      await mkdir(path.join(dataDir, INGEST_JOURNAL_DIR));
      await writeFile(
        path.join(dataDir, INGEST_JOURNAL_DIR, '000000000001.jsonl'),
        line('good1', 'https://shop.example.com/1') + bad + line('good2', 'https://shop.example.com/2'),
      );
      const other = await startTestApp({ DATA_DIR: dataDir });
      try {
        const stored = await other.stores.events.query(() => rawSql('select id from hits order by id'));
        expect(stored.map((row) => row.id)).toEqual(['good1', 'good2']);
        const quarantine = await readFile(path.join(dataDir, INGEST_QUARANTINE_FILE), 'utf8');
        const kept = quarantine
          .trim()
          .split('\n')
          .map((text) => JSON.parse(text));
        expect(kept).toHaveLength(1);
        expect(kept[0]).toMatchObject({ segment: '000000000001.jsonl', line: 2, write: bad.trimEnd() });
        expect(kept[0].error).toEqual(expect.any(String));
        const health = await other.app.inject({ method: 'GET', url: '/api/health' });
        expect(health.json().ingest).toMatchObject({ pending: 0, quarantined: 1 });
        // The segment is done with: the refused line is not tried again at every load.
        expect(await readdir(path.join(dataDir, INGEST_JOURNAL_DIR))).toEqual([]);
      } finally {
        await other.close();
      }
    } finally {
      await rm(dataDir, { recursive: true, force: true });
    }
  });
});
