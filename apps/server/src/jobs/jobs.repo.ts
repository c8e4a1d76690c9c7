import type { Kysely } from 'kysely';
import type { Database } from '../storage/oltp/schema.js';

export interface JobRow {
  name: string;
  version: number;
  lastWindowStart: string | null;
  runningWindowStart: string | null;
  leaseOwner: string | null;
  leaseUntil: string | null;
  runs: number;
  lastFinishedAt: string | null;
  lastError: string | null;
}

/** Creates the job's row the first time any process registers it; a no-op afterwards. */
export async function ensureJob(db: Kysely<Database>, name: string): Promise<void> {
  await db
    .insertInto('scheduled_jobs')
    .values({ name })
    .onConflict((conflict) => conflict.column('name').doNothing())
    .execute();
}

export async function findJob(db: Kysely<Database>, name: string): Promise<JobRow | undefined> {
  const row = await db.selectFrom('scheduled_jobs').selectAll().where('name', '=', name).executeTakeFirst();
  if (!row) return undefined;
  return {
    name: row.name,
    version: Number(row.version),
    lastWindowStart: row.last_window_start,
    runningWindowStart: row.running_window_start,
    leaseOwner: row.lease_owner,
    leaseUntil: row.lease_until,
    runs: Number(row.runs),
    lastFinishedAt: row.last_finished_at,
    lastError: row.last_error,
  };
}

/**
 * Takes the job's lease for `windowStart` if the row is still as read (`version`): of several
 * processes claiming at once, exactly one changes the row. Returns the new version, or undefined.
 */
export async function claimJob(
  db: Kysely<Database>,
  claim: { name: string; version: number; windowStart: string; owner: string; leaseUntil: string },
): Promise<number | undefined> {
  const result = await db
    .updateTable('scheduled_jobs')
    .set({
      version: claim.version + 1,
      running_window_start: claim.windowStart,
      lease_owner: claim.owner,
      lease_until: claim.leaseUntil,
    })
    .where('name', '=', claim.name)
    .where('version', '=', claim.version)
    .executeTakeFirst();
  return Number(result.numUpdatedRows) === 1 ? claim.version + 1 : undefined;
}

/** Extends a lease this process still holds; false when another process took it over. */
export async function renewJobLease(
  db: Kysely<Database>,
  lease: { name: string; version: number; owner: string; leaseUntil: string },
): Promise<boolean> {
  const result = await db
    .updateTable('scheduled_jobs')
    .set({ lease_until: lease.leaseUntil })
    .where('name', '=', lease.name)
    .where('version', '=', lease.version)
    .where('lease_owner', '=', lease.owner)
    .executeTakeFirst();
  return Number(result.numUpdatedRows) === 1;
}

/**
 * Records the window as run and frees the lease, if this process still holds it; false when another
 * process took it over meanwhile (that one's run counts).
 */
export async function finishJob(
  db: Kysely<Database>,
  run: {
    name: string;
    version: number;
    owner: string;
    windowStart: string;
    finishedAt: string;
    error?: string;
  },
): Promise<boolean> {
  const result = await db
    .updateTable('scheduled_jobs')
    .set((eb) => ({
      version: run.version + 1,
      last_window_start: run.windowStart,
      running_window_start: null,
      lease_owner: null,
      lease_until: null,
      runs: eb('runs', '+', 1),
      last_finished_at: run.finishedAt,
      last_error: run.error ?? null,
    }))
    .where('name', '=', run.name)
    .where('version', '=', run.version)
    .where('lease_owner', '=', run.owner)
    .executeTakeFirst();
  return Number(result.numUpdatedRows) === 1;
}
