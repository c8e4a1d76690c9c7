import type { Kysely } from 'kysely';
import type { Database } from '../../storage/oltp/schema.js';
import { findRelationship } from '../account/relationships.repo.js';
import { type AlertRule, insertAlert, listAlerts } from '../alerts/alerts.repo.js';

/**
 * The alerts the demo account has from the first day of its history, so that the history shows
 * alerts that fired (evaluated by the alert job as the history's clock moves, not written as rows).
 * Only the demo plan's account gets them: the pro account of the first start is the admin's own.
 */
export const DEMO_ALERTS: readonly AlertRule[] = [
  {
    name: 'Invalid clicks, every 8 hours',
    type: 'click',
    dimensions: [],
    values: {},
    threshold: 25,
    minEvents: 50,
    frequency: '8',
  },
  {
    name: 'Invalid Google Ads clicks',
    type: 'click',
    dimensions: ['trafficType'],
    values: { trafficType: ['google'] },
    threshold: 25,
    minEvents: 50,
    frequency: 'daily',
  },
];

/** Adds to a demo account the demo alerts it does not have yet (by name), created at `at` by no user. */
export async function addDemoAlerts(db: Kysely<Database>, relationshipId: number, at: Date): Promise<void> {
  if ((await findRelationship(db, relationshipId))?.planType !== 'demo') return;
  const names = new Set((await listAlerts(db, relationshipId)).map((alert) => alert.name));
  for (const rule of DEMO_ALERTS) {
    if (!names.has(rule.name)) await insertAlert(db, relationshipId, null, rule, at);
  }
}
