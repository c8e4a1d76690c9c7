import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { gzipSync } from 'node:zlib';
import { afterAll, describe, expect, it } from 'vitest';
import { type SpawnedClickHouseFront, spawnClickHouseFront } from './spawn-clickhouse-front.js';

// The HTTP interface as a client without the official library sees it (the official client's requests
// run the event store's conformance suite in apps/server: clickhouse-http-front.test.ts).

const folder = await mkdtemp(join(tmpdir(), 'veracity-front-'));
const front: SpawnedClickHouseFront = await spawnClickHouseFront({ dataDir: folder });

afterAll(async () => {
  await front.stop();
  await rm(folder, { recursive: true, force: true });
});

function post(search: Record<string, string>, body = '', headers: Record<string, string> = {}) {
  return fetch(`${front.url}/?${new URLSearchParams(search)}`, { method: 'POST', body, headers });
}

describe('the chdb front', () => {
  it('answers /ping and a GET with the query in the URL', async () => {
    expect(await (await fetch(`${front.url}/ping`)).text()).toBe('Ok.\n');
    const answer = await fetch(`${front.url}/?query=${encodeURIComponent('SELECT 1 + 1')}`);
    expect(await answer.text()).toBe('2\n');
  });

  it('sends an error as ClickHouse does: 500, the code in a header, the code and type in the text', async () => {
    const answer = await post({}, 'SELECT * FROM no_such_table');
    expect(answer.status).toBe(500);
    expect(answer.headers.get('x-clickhouse-exception-code')).toBe('60');
    expect(await answer.text()).toMatch(
      /^Code: 60\. DB::Exception: .*\(UNKNOWN_TABLE\) \(version [\d.]+\)\n$/s,
    );
    const empty = await post({}, '');
    expect(empty.headers.get('x-clickhouse-exception-code')).toBe('62');
  });

  it('binds typed parameters from their escaped text, quotes and tabs included', async () => {
    const answer = await post(
      { param_s: "it\\'s\\ta", param_ids: "['x','y\\'z']", param_n: '\\N' },
      'SELECT {s:String} AS s, {ids:Array(String)} AS ids, {n:Nullable(UInt8)} AS n FORMAT JSONEachRow',
    );
    expect(await answer.json()).toEqual({ s: "it's\ta", ids: ['x', "y'z"], n: null });
  });

  it('applies URL settings to their own statement only', async () => {
    const quoted = await post(
      { output_format_json_quote_64bit_integers: '1' },
      'SELECT toUInt64(7) AS n FORMAT JSONEachRow',
    );
    expect(await quoted.json()).toEqual({ n: '7' });
    const plain = await post({}, 'SELECT toUInt64(7) AS n FORMAT JSONEachRow');
    expect(await plain.json()).toEqual({ n: 7 });
  });

  it('runs a statement in the database named, and takes INSERT rows from the body, gzipped or not', async () => {
    await post({}, 'CREATE DATABASE IF NOT EXISTS front_test');
    await post({ database: 'front_test' }, 'CREATE TABLE t (id String) ENGINE = MergeTree ORDER BY id');
    const inserted = await post(
      { database: 'front_test', query: 'INSERT INTO t FORMAT JSONEachRow' },
      '{"id":"a"}\n{"id":"b"}\n',
    );
    expect(inserted.status).toBe(200);
    await fetch(
      `${front.url}/?${new URLSearchParams({ database: 'front_test', query: 'INSERT INTO t FORMAT JSONEachRow' })}`,
      {
        method: 'POST',
        body: gzipSync('{"id":"c"}\n'),
        headers: { 'Content-Encoding': 'gzip' },
      },
    );
    const answer = await post(
      { database: 'front_test', enable_http_compression: '1' },
      'SELECT groupArray(id) AS ids, currentDatabase() AS db FROM (SELECT id FROM t ORDER BY id) FORMAT JSONEachRow',
      { 'Accept-Encoding': 'gzip' },
    );
    expect(answer.headers.get('x-clickhouse-format')).toBe('JSONEachRow');
    // fetch undoes the gzip itself; the header says it was sent compressed.
    expect(answer.headers.get('content-encoding')).toBe('gzip');
    expect(await answer.json()).toEqual({ ids: ['a', 'b', 'c'], db: 'front_test' });
  });

  it('refuses what it does not implement rather than ignore it', async () => {
    const answer = await post({ session_id: 's1' }, 'SELECT 1');
    expect(answer.status).toBe(500);
    expect(await answer.text()).toMatch(/does not implement 'session_id'/);
  });
});
