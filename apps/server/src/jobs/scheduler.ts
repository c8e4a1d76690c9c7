import { randomUUID } from 'node:crypto';
import os from 'node:os';
import type { FastifyBaseLogger } from 'fastify';
import type { Kysely } from 'kysely';
import type { Database } from '../storage/oltp/schema.js';
import { type Clock, systemClock } from './clock.js';
import { claimJob, ensureJob, findJob, finishJob, renewJobLease } from './jobs.repo.js';

/** How often a started scheduler looks for due jobs and renews the leases of the runs it holds. */
export const JOB_POLL_MS = 1000;
/** How long a run holds its job unless renewed; a process that died is taken over after this. */
export const JOB_LEASE_MS = 5 * 60_000;

export interface JobWindow {
  start: Date;
  end: Date;
}

export interface JobRun {
  /** The window this run covers: [start, end), aligned on multiples of the job's period since 1970. */
  window: JobWindow;
  /** The scheduler's clock when the run started. */
  now: Date;
  /** This process's id in the leases (a job may use it for leases of its own). */
  owner: string;
}

export interface Job {
  /** Unique across the jobs of the product: the row of the lease table. */
  name: string;
  /** The period: one run per window of this length. */
  everyMs: number;
  /** How long a run may go unrenewed before another process takes it over (JOB_LEASE_MS). */
  leaseMs?: number;
  run(run: JobRun): Promise<void>;
}

interface LocalRun {
  job: Job;
  version: number;
  windowStart: string;
  leaseUntil: number;
  done: Promise<void>;
}

/**
 * Runs each registered job once per window, across restarts and across every server sharing the
 * accounts database: a run first claims the job's row in `scheduled_jobs` (a compare-and-set on its
 * version), records its window when it ends, and renews its lease while it runs. A window is run
 * again only when its holder stopped renewing (died) and the lease ran out: the next scheduler
 * takes over that same window. A run that throws counts as run (logged with its error); windows
 * missed while no server ran are not replayed, a job that must catch up keeps its own progress
 * (alert evaluation does).
 */
export class JobScheduler {
  readonly owner: string;
  private readonly jobs = new Map<string, Job>();
  private readonly running = new Map<string, LocalRun>();
  private readonly ensured = new Set<string>();
  private readonly clock: Clock;
  private timer: NodeJS.Timeout | undefined;
  private ticking: Promise<void> | undefined;
  private stopped = false;

  constructor(
    private readonly db: Kysely<Database>,
    private readonly log: FastifyBaseLogger,
    options: { clock?: Clock; owner?: string } = {},
  ) {
    this.clock = options.clock ?? systemClock;
    this.owner = options.owner ?? `${os.hostname()}-${process.pid}-${randomUUID().slice(0, 8)}`;
  }

  add(job: Job): void {
    if (this.jobs.has(job.name)) throw new Error(`job ${job.name} is already registered`);
    if (!(job.everyMs > 0)) throw new Error(`job ${job.name} needs a period`);
    this.jobs.set(job.name, job);
  }

  get names(): string[] {
    return [...this.jobs.keys()];
  }

  /**
   * One pass: renews the leases of the runs this process holds, then claims and starts every job
   * whose window is due. Resolves once the claims are made (the runs go on; `idle()` waits for them).
   */
  async tick(): Promise<string[]> {
    const now = this.clock.now();
    const started: string[] = [];
    for (const run of this.running.values()) await this.renew(run, now);
    for (const job of this.jobs.values()) {
      if (this.stopped) break;
      if (this.running.has(job.name)) continue;
      if (await this.claim(job, now)) started.push(job.name);
    }
    return started;
  }

  /** Waits for the runs this process has started. */
  async idle(): Promise<void> {
    while (this.running.size > 0) await Promise.all([...this.running.values()].map((run) => run.done));
  }

  /** Ticks every JOB_POLL_MS on real timers until stopped (main.ts; tests call tick() themselves). */
  start(): void {
    if (this.timer || this.stopped) return;
    const poll = () => {
      if (this.ticking || this.stopped) return;
      this.ticking = this.tick()
        .then(() => undefined)
        .catch((error: unknown) => this.log.error({ err: error }, 'job scheduler pass failed'))
        .finally(() => {
          this.ticking = undefined;
        });
    };
    this.timer = setInterval(poll, JOB_POLL_MS);
    this.timer.unref();
    poll();
  }

  /** Stops claiming and waits for the pass and the runs under way (their windows are recorded). */
  async stop(): Promise<void> {
    this.stopped = true;
    if (this.timer) clearInterval(this.timer);
    this.timer = undefined;
    await this.ticking;
    await this.idle();
  }

  private async claim(job: Job, now: Date): Promise<boolean> {
    if (!this.ensured.has(job.name)) {
      await ensureJob(this.db, job.name);
      this.ensured.add(job.name);
    }
    const row = await findJob(this.db, job.name);
    if (!row) return false;
    const nowIso = now.toISOString();
    if (row.leaseOwner !== null && row.leaseUntil !== null && row.leaseUntil > nowIso) return false;
    // A window left by a holder whose lease ran out is run again first; otherwise the current one.
    const current = new Date(Math.floor(now.getTime() / job.everyMs) * job.everyMs).toISOString();
    const windowStart = row.runningWindowStart ?? current;
    if (row.lastWindowStart !== null && row.lastWindowStart >= windowStart) return false;
    const leaseMs = job.leaseMs ?? JOB_LEASE_MS;
    const leaseUntil = now.getTime() + leaseMs;
    const version = await claimJob(this.db, {
      name: job.name,
      version: row.version,
      windowStart,
      owner: this.owner,
      leaseUntil: new Date(leaseUntil).toISOString(),
    });
    if (version === undefined) return false;
    if (row.runningWindowStart !== null) {
      this.log.warn(
        { job: job.name, window: windowStart, previousOwner: row.leaseOwner },
        'job taken over after its lease ran out',
      );
    }
    const start = new Date(windowStart);
    const local: LocalRun = { job, version, windowStart, leaseUntil, done: Promise.resolve() };
    local.done = this.execute(local, {
      window: { start, end: new Date(start.getTime() + job.everyMs) },
      now,
      owner: this.owner,
    });
    this.running.set(job.name, local);
    return true;
  }

  private async execute(local: LocalRun, run: JobRun): Promise<void> {
    let error: string | undefined;
    try {
      await local.job.run(run);
    } catch (cause) {
      error = cause instanceof Error ? cause.message : String(cause);
      this.log.error({ err: cause, job: local.job.name }, 'job failed; its next window runs it again');
    }
    try {
      const kept = await finishJob(this.db, {
        name: local.job.name,
        version: local.version,
        owner: this.owner,
        windowStart: local.windowStart,
        finishedAt: this.clock.now().toISOString(),
        ...(error === undefined ? {} : { error: error.slice(0, 2000) }),
      });
      if (!kept) {
        this.log.warn({ job: local.job.name }, 'job lease lost while running: another process took it over');
      }
    } catch (cause) {
      this.log.error({ err: cause, job: local.job.name }, 'could not record the job run');
    } finally {
      this.running.delete(local.job.name);
    }
  }

  /** Extends a lease once half of it has passed, so a live run is never taken over. */
  private async renew(local: LocalRun, now: Date): Promise<void> {
    const leaseMs = local.job.leaseMs ?? JOB_LEASE_MS;
    if (local.leaseUntil - now.getTime() > leaseMs / 2) return;
    const leaseUntil = now.getTime() + leaseMs;
    const held = await renewJobLease(this.db, {
      name: local.job.name,
      version: local.version,
      owner: this.owner,
      leaseUntil: new Date(leaseUntil).toISOString(),
    });
    if (held) local.leaseUntil = leaseUntil;
    if (!held) this.log.warn({ job: local.job.name }, 'job lease lost: another process took it over');
  }
}
