import { sensorPageViewMissing } from '@veracity/detection/sensor-proof';
import type { FastifyBaseLogger } from 'fastify';
import type { SqlDialect } from '../storage/events/dialect.js';
import type { EventStore } from '../storage/events/event-store.js';
import { inList, rawSql, type Sql, sql } from '../storage/events/sql.js';
import type { AccountDirectory } from './account-directory.js';
import type { IngestPipeline } from './pipeline.js';

/**
 * Paid clicks sent over S2S that the visitor's browser never followed with a sensor page view
 * (issue 38, docs/detection.md "sensor:no_page_view"). A real visitor's browser loads the landing page
 * and runs the sensor within seconds of the click; a bot that replays clicks from a server, or a
 * browser with scripts off, never does. Only accounts whose pages run the sensor are judged: one with
 * a sensor page view (with valid proof) in the day before.
 *
 * A click is covered by a sensor page view with valid proof of the same account that carries its click
 * id, or comes from its address with its user agent, within the wait before or after it (give or take
 * the job's period: views are looked for across the whole checked window widened by the wait).
 */

/** How far back a sensor page view shows that an account's pages run the sensor. */
export const SENSOR_INSTALLED_LOOKBACK_MS = 24 * 3_600_000;
/** Clicks checked in one run at most; more are left unjudged, and the run says so in the log. */
export const COVERAGE_CHECK_LIMIT = 10_000;
/** Clicks whose sessions are judged at once. */
const CONCURRENCY = 50;

export interface SensorCoverageDeps {
  events: EventStore;
  pipeline: Pick<IngestPipeline, 'laterFindings'>;
  accounts: Pick<AccountDirectory, 'byRelationshipId'>;
  log: FastifyBaseLogger;
}

export interface CoverageResult {
  /** S2S paid clicks of accounts running the sensor in the window. */
  checked: number;
  /** Those without a sensor page view, whose sessions took `sensor:no_page_view`. */
  marked: number;
}

type Click = {
  relationship_id: number;
  id: string;
  click_id: string | null;
  ip: string | null;
  user_agent: string | null;
};

/** A sensor page view: a hit with the sensor's device facts and no fault in its proof. */
const sensorPageView = (d: SqlDialect): Sql =>
  sql`(screen_width is not null or time_zone is not null) and not ${d.arrayContains('threats', 'sensor:no_proof')}`;

const keys = (click: Pick<Click, 'relationship_id' | 'click_id' | 'ip' | 'user_agent'>): string[] => {
  const account = String(click.relationship_id);
  const found: string[] = [];
  if (click.click_id) found.push(`${account}\u0000click\u0000${click.click_id}`);
  if (click.ip && click.user_agent)
    found.push(`${account}\u0000device\u0000${click.ip}\u0000${click.user_agent}`);
  return found;
};

/**
 * Judges the S2S paid clicks stored in `[from, to)`: `waitMs` must have passed since `to`. Each click of
 * an account running the sensor that no sensor page view covers gets `sensor:no_page_view` in its
 * session.
 */
export async function checkSensorCoverage(
  deps: SensorCoverageDeps,
  window: { from: Date; to: Date },
  waitMs: number,
): Promise<CoverageResult> {
  const { events } = deps;
  // S2S page views carry no sensor facts; a paid one carries a click id.
  const clicks = await events.query<Click>(
    () =>
      sql`select relationship_id, id, click_id, ip, user_agent from hits
        where ts >= ${window.from} and ts < ${window.to} and click_id is not null and click_id <> ''
          and screen_width is null and time_zone is null
        order by ts limit ${rawSql(String(COVERAGE_CHECK_LIMIT))}`,
  );
  if (clicks.length === 0) return { checked: 0, marked: 0 };
  if (clicks.length === COVERAGE_CHECK_LIMIT) {
    deps.log.warn(
      { ...window, limit: COVERAGE_CHECK_LIMIT },
      'sensor coverage: clicks beyond the limit left unjudged',
    );
  }
  const accountIds = [...new Set(clicks.map((click) => Number(click.relationship_id)))];
  const viewsFrom = new Date(window.from.getTime() - waitMs);
  const viewsTo = new Date(window.to.getTime() + waitMs);
  const installed = await events.query<{ relationship_id: number }>(
    (d) =>
      sql`select distinct relationship_id from hits
        where ${inList(sql`relationship_id`, accountIds)}
          and ts >= ${new Date(viewsTo.getTime() - SENSOR_INSTALLED_LOOKBACK_MS)} and ts < ${viewsTo}
          and ${sensorPageView(d)}`,
  );
  const running = new Set(installed.map((row) => Number(row.relationship_id)));
  const judged = clicks.filter((click) => running.has(Number(click.relationship_id)));
  if (judged.length === 0) return { checked: 0, marked: 0 };
  const views = await events.query<Omit<Click, 'id'>>(
    (d) =>
      sql`select relationship_id, click_id, ip, user_agent from hits
        where ${inList(sql`relationship_id`, [...running])}
          and ts >= ${viewsFrom} and ts < ${viewsTo} and ${sensorPageView(d)}`,
  );
  const covered = new Set(views.flatMap(keys));
  const uncovered = judged.filter((click) => !keys(click).some((key) => covered.has(key)));
  const finding = sensorPageViewMissing(waitMs);
  let marked = 0;
  for (let start = 0; start < uncovered.length; start += CONCURRENCY) {
    const results = await Promise.all(
      uncovered.slice(start, start + CONCURRENCY).map(async (click) => {
        const account = await deps.accounts.byRelationshipId(Number(click.relationship_id));
        return account !== undefined && (await deps.pipeline.laterFindings(account, click.id, [finding]));
      }),
    );
    marked += results.filter(Boolean).length;
  }
  return { checked: judged.length, marked };
}
