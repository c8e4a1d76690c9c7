import { IP_BURST } from '@veracity/detection/policy';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { clickhouseRows, createS2sKey, journalLoaded, type SentHit, sendHit } from './scale-out-api.js';
import {
  ADMIN,
  ALERTS_CHECK_SECONDS,
  startTwoServers,
  type TwoServers,
  twoServersEnvironment,
} from './two-servers.js';

/**
 * Issue 41: several servers on PostgreSQL + ClickHouse behave as one. Two built servers behind a
 * round-robin proxy (two-servers.ts) with CI's PostgreSQL and Redis (TEST_DATABASE_URL and
 * TEST_REDIS_URL, started by .ci/run) and ClickHouse through the chdb front. Without them the suite is
 * skipped, and says so.
 */
const environment = twoServersEnvironment();

/** A landing URL with a click id of its own, so each burst counts its own click replays. */
function landing(clickId: string): string {
  return `https://shop.example/landing?gclid=${clickId}`;
}

/** One more hit than the IP burst threshold of an address of no known network (a test address). */
const BURST = IP_BURST.unknown.minHits + 3;

/** The burst, one hit after the other, from one visitor address with one click id. */
async function sendBurst(baseUrl: string, key: string, name: string, ip: string): Promise<SentHit[]> {
  const hits: SentHit[] = [];
  for (let index = 0; index < BURST; index += 1) {
    hits.push(await sendHit(baseUrl, key, { id: `${name}-${index}`, ip, url: landing(name) }));
  }
  return hits;
}

/** The threat reasons of each hit, in order. */
function reasons(hits: SentHit[]): string[][] {
  return hits.map((hit) => hit.verdict.threats.map((threat) => threat.id).sort());
}
const JOB = 'alerts.evaluate';

describe.skipIf(environment === undefined)('two servers behind a round-robin proxy', () => {
  let two: TwoServers;
  let key: string;
  let failed = false;

  beforeAll(async () => {
    if (!environment) return;
    two = await startTwoServers(environment, {
      // Every run of a job, with its window and the process that held the lease: the scheduler keeps
      // only the last one in scheduled_jobs.
      beforeSecondServer: async (database) => {
        await database.query(`CREATE TABLE job_run_log (
          name text NOT NULL, window_start text, owner text, runs integer NOT NULL)`);
        await database.query(`CREATE FUNCTION log_job_run() RETURNS trigger AS $$
          BEGIN
            IF NEW.runs > OLD.runs THEN
              INSERT INTO job_run_log VALUES (NEW.name, NEW.last_window_start::text, OLD.lease_owner, NEW.runs);
            END IF;
            RETURN NEW;
          END $$ LANGUAGE plpgsql`);
        await database.query(`CREATE TRIGGER log_job_run AFTER UPDATE ON scheduled_jobs
          FOR EACH ROW EXECUTE FUNCTION log_job_run()`);
      },
    });
    key = await createS2sKey(two.proxy.url, ADMIN, 'Veracity');
  }, 300_000);

  afterEach(({ task }) => {
    if (task.result?.state === 'fail') failed = true;
  });

  afterAll(async () => {
    if (!two) return;
    if (failed) console.log(`two servers: logs kept in ${two.keepLogs()}`);
    await two.stop();
  }, 60_000);

  it('trips the same burst reasons on a burst split across both servers as on one server', async () => {
    const run = `${Date.now()}`;
    const split = await sendBurst(two.proxy.url, key, `split-${run}`, '203.0.113.10');
    const single = await sendBurst(two.servers[0].url, key, `single-${run}`, '203.0.113.20');
    // The proxy alternated: both servers decided half of the split burst.
    expect(new Set(split.map((hit) => hit.upstream))).toEqual(new Set([0, 1]));
    expect(reasons(single).at(-1)).toContain('frequency:ip_burst');
    expect(reasons(split)).toEqual(reasons(single));
  });

  /** The rows of the hit in ClickHouse, once both servers' journals are loaded. */
  const storedRows = async (id: string) => {
    for (const server of two.servers) await journalLoaded(server.url);
    return clickhouseRows<{ n: number }>(
      two.clickhouseUrl,
      'SELECT count() AS n FROM hits WHERE id = {id:String}',
      { id },
    );
  };

  it('stores a hit id sent to both servers once, and answers both with the first verdict', async () => {
    const id = `twice-${Date.now()}`;
    const hit = { id, ip: '198.51.100.30', url: landing(id) };
    const first = await sendHit(two.proxy.url, key, hit);
    const second = await sendHit(two.proxy.url, key, hit);
    expect(second.upstream).not.toBe(first.upstream);
    expect(first.verdict.duplicate).toBe(false);
    // Soft: the row count below is worth knowing whatever the second answer was.
    expect.soft(second.verdict).toEqual({ ...first.verdict, duplicate: true });

    expect(await storedRows(id)).toEqual([{ n: 1 }]);
  });

  it('stores a hit id sent to both servers at the same moment once, with one verdict for both', async () => {
    const id = `together-${Date.now()}`;
    const hit = { id, ip: '198.51.100.40', url: landing(id) };
    const answers = await Promise.all([sendHit(two.proxy.url, key, hit), sendHit(two.proxy.url, key, hit)]);
    expect(new Set(answers.map((answer) => answer.upstream))).toEqual(new Set([0, 1]));
    const [first, second] = [...answers].sort(
      (a, b) => Number(a.verdict.duplicate) - Number(b.verdict.duplicate),
    );
    expect.soft(first?.verdict.duplicate).toBe(false);
    expect.soft(second?.verdict).toEqual({ ...first?.verdict, duplicate: true });

    expect(await storedRows(id)).toEqual([{ n: 1 }]);
  });

  it('fires a job once per window, whichever server claims it', async () => {
    // Wait for several windows of the alert evaluation (ALERTS_CHECK_SECONDS each) to be run.
    const wanted = 5;
    let runs: { window_start: string; owner: string | null }[] = [];
    const deadline = Date.now() + 120_000;
    while (Date.now() < deadline) {
      runs = (
        await two.database.query<{ window_start: string; owner: string | null }>(
          'SELECT window_start, owner FROM job_run_log WHERE name = $1 ORDER BY runs',
          [JOB],
        )
      ).rows;
      if (runs.length >= wanted) break;
      await new Promise((resolve) => setTimeout(resolve, 250));
    }
    expect(runs.length).toBeGreaterThanOrEqual(wanted);
    const windows = runs.map((run) => run.window_start);
    // Once per window: no window twice, and each run a later window than the one before.
    expect(new Set(windows).size).toBe(windows.length);
    expect([...windows].sort()).toEqual(windows);
    // Each run was held by one of the two servers' schedulers (the owner names the process).
    const owners = new Set(runs.map((run) => run.owner));
    expect(owners.size).toBeGreaterThanOrEqual(1);
    expect(owners.size).toBeLessThanOrEqual(2);
    console.log(
      `${JOB}: ${runs.length} windows of ${ALERTS_CHECK_SECONDS} s, run by ${owners.size} server(s)`,
    );
  }, 180_000);
});

describe.skipIf(environment === undefined)('two servers without the shared state (the control)', () => {
  let two: TwoServers;
  let key: string;

  beforeAll(async () => {
    if (!environment) return;
    two = await startTwoServers(environment, { sharedState: false });
    key = await createS2sKey(two.proxy.url, ADMIN, 'Veracity');
  }, 300_000);

  afterAll(async () => {
    await two?.stop();
  }, 60_000);

  it('does not trip the IP burst on a burst split across them: each counts only its own half', async () => {
    const split = await sendBurst(two.proxy.url, key, `control-${Date.now()}`, '203.0.113.30');
    expect(new Set(split.map((hit) => hit.upstream))).toEqual(new Set([0, 1]));
    expect(reasons(split).flat()).not.toContain('frequency:ip_burst');
  });
});
