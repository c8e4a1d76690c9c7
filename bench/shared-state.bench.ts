// The state several servers share (issue 41): what it costs the collector, and which store holds it.
//
// 1. The collector with the shared state on Redis against the same collector with its state in the
//    process (the baseline), in the same run: the ingestion pipeline without HTTP (pipeline-harness.ts,
//    50 producers of sensor page views, the real journal and DuckDB), runs alternated A B A B so that
//    the machine's load falls on both alike. With Redis, each hit's recent activity is one script and
//    its first-verdict claim one SET NX GET, auto-pipelined.
// 2. The choice of store: recent activity for one hit (its IP and device windows, 12 buckets each)
//    counted on Redis (the product's script) and on PostgreSQL (an upsert of the hit's buckets and the
//    sum of the window in one statement, on an UNLOGGED table, written here only to measure it), 50
//    callers at once, against the in-process counters.
//
// Redis and PostgreSQL: BENCH_REDIS_URL and BENCH_DATABASE_URL, or throwaway servers started here with
// .ci/redis.sh and .ci/postgres.sh.
import { spawnSync } from 'node:child_process';
import { mkdtempSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { ACTIVITY_WINDOWS_MS } from '@veracity/detection/policy';
import pg from 'pg';
import { type ActivityEvent, InProcessRecentActivity } from '../apps/server/src/counters/recent-activity.js';
import { SharedRecentActivity } from '../apps/server/src/shared-state/shared-recent-activity.js';
import { openSharedState } from '../apps/server/src/shared-state/shared-state.js';
import { sensorPageView } from './page-views.js';
import { openPipeline } from './pipeline-harness.js';
import { writeResults } from './report.js';

const DURATION_S = Number(process.env.BENCH_DURATION_S ?? 8);
const ROUNDS = Number(process.env.BENCH_ROUNDS ?? 3);
const PRODUCERS = 50;

const started: { script: string; dir: string }[] = [];
function server(script: string, given: string | undefined): string {
  if (given) return given;
  const dir = mkdtempSync(path.join(os.tmpdir(), 'veracity-bench-server-'));
  const result = spawnSync(script, ['start', dir], {
    encoding: 'utf8',
    stdio: ['ignore', 'pipe', 'inherit'],
  });
  if (result.status !== 0) throw new Error(`${script} did not start`);
  started.push({ script, dir });
  return result.stdout.trim();
}

/** Calls `work` from PRODUCERS callers for `seconds`; answers calls a second and CPU µs a call. */
async function drive(seconds: number, work: () => Promise<unknown>) {
  const until = performance.now() + seconds * 1000;
  const cpu = process.cpuUsage();
  let calls = 0;
  await Promise.all(
    Array.from({ length: PRODUCERS }, async () => {
      while (performance.now() < until) {
        await work();
        calls += 1;
      }
    }),
  );
  const used = process.cpuUsage(cpu);
  return {
    perSecond: Math.round(calls / seconds),
    cpuUsPerCall: Math.round((used.user + used.system) / calls),
  };
}

const median = (values: number[]) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)] ?? 0;

const redisUrl = server('.ci/redis.sh', process.env.BENCH_REDIS_URL);
const databaseUrl = server('.ci/postgres.sh', process.env.BENCH_DATABASE_URL);
try {
  // 1. The collector, in process and on Redis, alternated.
  const collector: Record<'inProcess' | 'redis', number[]> = { inProcess: [], redis: [] };
  const cpu: Record<'inProcess' | 'redis', number[]> = { inProcess: [], redis: [] };
  for (let round = 0; round < ROUNDS; round++) {
    for (const kind of ['inProcess', 'redis'] as const) {
      const harness = await openPipeline(os.tmpdir(), undefined, kind === 'redis' ? redisUrl : undefined);
      try {
        const runId = `${kind}${round}${Date.now().toString(36)}`;
        let sequence = 0;
        const pageView = () => harness.pageView(sensorPageView(sequence++, `vs_${runId}bench`, runId));
        await drive(2, pageView);
        const measured = await drive(DURATION_S, pageView);
        collector[kind].push(measured.perSecond);
        cpu[kind].push(measured.cpuUsPerCall);
        await harness.journal.close();
        const stored = await harness.stored(`bench${runId}`);
        if (stored !== harness.acknowledged.length) throw new Error(`${kind}: acknowledged hits not stored`);
        console.log(
          `collector ${kind} round ${round + 1}: ${measured.perSecond} hits/s, ${measured.cpuUsPerCall} µs CPU a hit`,
        );
      } finally {
        await harness.close();
      }
    }
  }

  // 2. Recent activity alone: in process, Redis, PostgreSQL.
  let n = 0;
  const event = (): ActivityEvent => {
    n += 1;
    // 200 addresses and 5,000 devices, in turn: every key is counted again within its window.
    return { ip: `10.0.${n % 200}.1`, deviceId: `d${n % 5000}` };
  };
  const inProcess = new InProcessRecentActivity();
  const shared = await openSharedState(redisUrl, { prefix: `veracity-bench:${Date.now()}:` });
  const onRedis = new SharedRecentActivity(shared);
  const pool = new pg.Pool({ connectionString: databaseUrl, max: 10 });
  await pool.query(
    'create unlogged table if not exists bench_activity (key text, bucket bigint, hits int not null, primary key (key, bucket))',
  );
  const BUCKETS = 12;
  const onPostgres = async (hit: ActivityEvent) => {
    const now = Date.now();
    const keys = [`ip:${hit.ip}`, `device:${hit.deviceId}`];
    const buckets = [
      Math.floor(now / (ACTIVITY_WINDOWS_MS.ip / BUCKETS)),
      Math.floor(now / (ACTIVITY_WINDOWS_MS.device / BUCKETS)),
    ];
    // The select sees the table as it was before the upsert: the hits before this one.
    await pool.query(
      `with now_keys(key, bucket) as (select * from unnest($1::text[], $2::bigint[])),
       up as (insert into bench_activity (key, bucket, hits) select key, bucket, 1 from now_keys
              on conflict (key, bucket) do update set hits = bench_activity.hits + 1)
       select n.key, coalesce(sum(c.hits), 0) as before from now_keys n
       left join bench_activity c on c.key = n.key and c.bucket > n.bucket - ${BUCKETS} group by n.key`,
      [keys, buckets],
    );
  };
  const activity: Record<'inProcess' | 'redis' | 'postgres', number[]> = {
    inProcess: [],
    redis: [],
    postgres: [],
  };
  for (let round = 0; round < ROUNDS; round++) {
    activity.inProcess.push(
      (await drive(DURATION_S / 2, async () => inProcess.recordNow(event()))).perSecond,
    );
    activity.redis.push((await drive(DURATION_S / 2, () => onRedis.record(event()))).perSecond);
    activity.postgres.push((await drive(DURATION_S / 2, () => onPostgres(event()))).perSecond);
    console.log(
      `activity round ${round + 1}: in process ${activity.inProcess.at(-1)}/s, Redis ${activity.redis.at(-1)}/s, PostgreSQL ${activity.postgres.at(-1)}/s`,
    );
  }
  await pool.query('drop table bench_activity');
  await pool.end();
  const keys = await shared.redis.keys(`${shared.prefix}*`);
  for (let i = 0; i < keys.length; i += 1000) await shared.redis.del(...keys.slice(i, i + 1000));
  await shared.close();

  const results = {
    collector: {
      inProcessHitsPerSecond: median(collector.inProcess),
      redisHitsPerSecond: median(collector.redis),
      ratioRedisToInProcess: Math.round((median(collector.redis) / median(collector.inProcess)) * 100) / 100,
      cpuUsPerHit: { inProcess: median(cpu.inProcess), redis: median(cpu.redis) },
      rounds: collector,
    },
    recentActivity: {
      inProcessPerSecond: median(activity.inProcess),
      redisPerSecond: median(activity.redis),
      postgresPerSecond: median(activity.postgres),
      ratioRedisToPostgres: Math.round((median(activity.redis) / median(activity.postgres)) * 100) / 100,
      rounds: activity,
    },
    durationS: DURATION_S,
    producers: PRODUCERS,
    loadAverage: os.loadavg(),
  };
  console.table([
    {
      measure: 'collector hits/s, state in process (baseline)',
      value: results.collector.inProcessHitsPerSecond,
    },
    { measure: 'collector hits/s, state on Redis', value: results.collector.redisHitsPerSecond },
    { measure: 'ratio Redis / in process', value: results.collector.ratioRedisToInProcess },
    { measure: 'recent activity/s in process', value: results.recentActivity.inProcessPerSecond },
    { measure: 'recent activity/s on Redis', value: results.recentActivity.redisPerSecond },
    { measure: 'recent activity/s on PostgreSQL', value: results.recentActivity.postgresPerSecond },
    { measure: 'ratio Redis / PostgreSQL', value: results.recentActivity.ratioRedisToPostgres },
  ]);
  writeResults('shared-state', results);
} finally {
  for (const { script, dir } of started) spawnSync(script, ['stop', dir], { stdio: 'ignore' });
}
