import { DuckDBInstance } from '@duckdb/node-api';
import { openDuckDbEventStore } from './src/storage/events/duckdb/duckdb-event-store.js';
import { SessionTracker } from './src/ingest/session-tracker.js';
const path = '/tmp/wtb-measure/big.duckdb';
if (process.argv[2] === 'grow') {
  const db = await DuckDBInstance.create(path);
  const c = await db.connect();
  // 50 copies of the demo's 30 days; every other copy's visits without a session id of their own.
  await c.run(`insert into hits select h.* replace (id || '-' || g as id,
      case when g % 2 = 0 then 'd-' || session_id || '-' || g else session_id || '-' || g end as session_id,
      device_id || '-' || g as device_id, ts - to_seconds(g * 7) as ts) from hits h, range(1, 50) t(g)`);
  await c.run(`insert into sessions select s.* replace (
      case when g % 2 = 0 then 'd-' || id || '-' || g else id || '-' || g end as id,
      started_at - to_seconds(g * 7) as started_at, last_seen_at - to_seconds(g * 7) as last_seen_at) from sessions s, range(1, 50) t(g)`);
  // Recent traffic: the last copy moved to the last 30 minutes' scale (hits in the window).
  const counts = await c.runAndReadAll(`select (select count(*) from hits) as hits, (select count(*) from sessions) as sessions,
      (select count(*) from hits where ts >= now() - interval 30 minute) as recent_hits`);
  console.log(counts.getRowObjects());
  c.closeSync();
  db.closeSync();
} else {
  const store = await openDuckDbEventStore({ path });
  await store.migrate();
  for (let run = 0; run < 3; run++) {
    const tracker = new SessionTracker(store, 100_000);
    const started = performance.now();
    const restored = await tracker.restore();
    console.log({ ...restored, ms: Math.round(performance.now() - started) });
  }
  await store.close();
}
