import { ALERT_TYPE_LABELS } from '@veracity/contracts/alerts';
import type { DimensionId } from '@veracity/contracts/analytics/dimensions';
import type { FastifyBaseLogger } from 'fastify';
import type { Kysely } from 'kysely';
import { NO_LOOKUPS } from '../../analytics/dimension-columns.js';
import { NO_COST_BASIS } from '../../analytics/hit-cost.js';
import { totals } from '../../analytics/results.js';
import type { EventStore } from '../../storage/events/event-store.js';
import type { Database } from '../../storage/oltp/schema.js';
import {
  findRelationship,
  membersWithPermission,
  warnUnusableTimeZone,
} from '../account/relationships.repo.js';
import type { Mailer } from '../email/mailer.js';
import { alertFiredMail } from '../email/templates.js';
import { type AlertWindow, windowsDue } from './alert-windows.js';
import {
  type AlertRecord,
  claimAlert,
  finishAlertRun,
  insertFiring,
  invalidPercent,
  listActiveAlerts,
  markFiringNotified,
  unnotifiedFirings,
} from './alerts.repo.js';
import { ALERT_MANAGER_PERMISSION, analyticsLinkOf } from './alerts.service.js';

/** How long a process holds an alert while evaluating it; a crashed holder's lease runs out. */
export const ALERT_LEASE_MS = 5 * 60_000;
/** A window is evaluated this long after it ends, so that its last events are stored. */
export const ALERT_EVALUATION_DELAY_MS = 60_000;
/** After a pause, the most recent windows evaluated per alert (older ones are let go). */
export const ALERT_MAX_CATCH_UP = 24;

export interface AlertDeps {
  db: Kysely<Database>;
  events: EventStore;
  mailer: Mailer;
  publicUrl: string;
  log: FastifyBaseLogger;
}

export interface WindowResult {
  events: number;
  invalidEvents: number;
  fires: boolean;
}

/**
 * The alert's figures over a window: the clicks (hits) or conversions matching its dimension values,
 * and how many of them are invalid (high risk). It fires when the events reach minEvents and the
 * invalid share reaches the threshold (compared exactly, in hundredths of a percent).
 */
export async function evaluateWindow(
  events: EventStore,
  alert: AlertRecord,
  timeZone: string,
  window: AlertWindow,
): Promise<WindowResult> {
  const click = alert.type === 'click';
  const figures = await totals(events, {
    relationshipId: alert.relationshipId,
    timeZone,
    from: window.start,
    to: window.end,
    metrics: click ? ['hits', 'highRiskHits'] : ['conversions', 'highRiskConversions'],
    filters: alert.dimensions.map((dimension) => ({
      dimension,
      type: 'equals' as const,
      values: (alert.values[dimension] ?? []) as string[] | number[],
    })),
    matchType: 'all',
    lookups: NO_LOOKUPS,
    // Alerts count visits and conversions only: no money.
    costs: NO_COST_BASIS,
  });
  const count = Number((click ? figures.hits : figures.conversions) ?? 0);
  const invalid = Number((click ? figures.highRiskHits : figures.highRiskConversions) ?? 0);
  const thresholdBp = Math.round(alert.threshold * 100);
  return {
    events: count,
    invalidEvents: invalid,
    fires: count > 0 && count >= alert.minEvents && invalid * 10_000 >= thresholdBp * count,
  };
}

/**
 * One pass of the scheduler: every active alert whose next window is complete is claimed (a lease in
 * the database, so that several processes share the work), evaluated window by window, its firings
 * recorded once per window and mailed, and its last window recorded. A restart resumes from the last
 * window recorded: a firing already recorded is not recorded again, and one recorded but not yet
 * mailed is mailed then.
 */
export async function runDueAlerts(
  deps: AlertDeps,
  now: Date,
  owner: string,
): Promise<{ evaluated: number; fired: number }> {
  let evaluated = 0;
  let fired = 0;
  const zones = new Map<number, string | undefined>();
  for (const alert of await listActiveAlerts(deps.db)) {
    if (!zones.has(alert.relationshipId)) {
      const relationship = await findRelationship(deps.db, alert.relationshipId);
      if (relationship) warnUnusableTimeZone(relationship, deps.log);
      zones.set(alert.relationshipId, relationship?.timezone);
    }
    const timeZone = zones.get(alert.relationshipId);
    if (timeZone === undefined) continue;
    const after = alert.lastEvaluatedAt ? new Date(alert.lastEvaluatedAt) : undefined;
    const ready = new Date(now.getTime() - ALERT_EVALUATION_DELAY_MS);
    const windows = windowsDue(alert.frequency, timeZone, ready, after, ALERT_MAX_CATCH_UP);
    if (windows.length === 0) continue;
    if (!(await claimAlert(deps.db, alert.id, owner, now, new Date(now.getTime() + ALERT_LEASE_MS))))
      continue;
    // Recorded only once every window is evaluated and every firing mailed: after a failure (or a
    // crash, once the lease runs out) the windows are evaluated again, which finds the firings
    // already recorded and mails those not mailed yet.
    let lastEnd: Date | undefined;
    try {
      for (const window of windows) {
        const result = await evaluateWindow(deps.events, alert, timeZone, window);
        evaluated += 1;
        if (result.fires) {
          const id = await insertFiring(deps.db, {
            alertId: alert.id,
            relationshipId: alert.relationshipId,
            windowStart: window.start,
            windowEnd: window.end,
            events: result.events,
            invalidEvents: result.invalidEvents,
            thresholdBp: Math.round(alert.threshold * 100),
            firedAt: now,
          });
          if (id !== undefined) fired += 1;
        }
      }
      await notifyFirings(deps, alert, timeZone, now);
      lastEnd = windows[windows.length - 1]?.end;
    } catch (error) {
      deps.log.error({ err: error, alertId: alert.id }, 'alert evaluation failed; retried at the next check');
    } finally {
      await finishAlertRun(deps.db, alert.id, owner, lastEnd);
    }
  }
  return { evaluated, fired };
}

/** Mails each firing of the alert not mailed yet to the account's users who manage alerts. */
async function notifyFirings(
  deps: AlertDeps,
  alert: AlertRecord,
  timeZone: string,
  now: Date,
): Promise<void> {
  const pending = await unnotifiedFirings(deps.db, alert.id);
  if (pending.length === 0) return;
  const relationship = await findRelationship(deps.db, alert.relationshipId);
  const recipients = await membersWithPermission(deps.db, alert.relationshipId, ALERT_MANAGER_PERMISSION);
  for (const firing of pending) {
    const window = { start: new Date(firing.window_start), end: new Date(firing.window_end) };
    const link = analyticsLinkOf(deps.publicUrl, alert, timeZone, window);
    for (const recipient of recipients) {
      await deps.mailer.send(
        alertFiredMail(recipient.email, {
          firstName: recipient.firstName,
          companyName: relationship?.companyName ?? '',
          alertName: alert.name,
          kind: ALERT_TYPE_LABELS[alert.type].toLowerCase(),
          slice: sliceText(alert.dimensions, alert.values),
          window: windowText(window, timeZone),
          events: firing.events,
          invalidEvents: firing.invalid_events,
          invalidPercent: invalidPercent(firing.invalid_events, firing.events),
          threshold: firing.threshold_bp / 100,
          link,
        }),
      );
    }
    await markFiringNotified(deps.db, firing.id, recipients.length, now);
  }
}

function sliceText(dimensions: readonly DimensionId[], values: Record<string, (string | number)[]>): string {
  if (dimensions.length === 0) return 'all traffic';
  return dimensions.map((dimension) => `${dimension} = ${(values[dimension] ?? []).join(', ')}`).join('; ');
}

function windowText(window: AlertWindow, timeZone: string): string {
  const format = new Intl.DateTimeFormat('en-GB', {
    timeZone,
    dateStyle: 'medium',
    timeStyle: 'short',
  });
  return `${format.format(window.start)} to ${format.format(window.end)} (${timeZone})`;
}
