import { readFile } from 'node:fs/promises';
import path from 'node:path';
import type { FastifyBaseLogger } from 'fastify';
import type { EventStore } from '../event-store.js';
import { foldSessions } from '../session-merge.js';
import { type EventWrite, journalRows, parseSegment } from './journal-format.js';
import { type JournalQuarantine, loadSettingAside } from './journal-quarantine.js';

/**
 * Moves sealed journal segments into the event store. A store that reads segment files itself
 * (`EventStore.loadJournal`, DuckDB) is handed the file names, so no row passes through the event loop
 * twice; the others get the rows {@link parseSegment} reads. A line the store refuses while it is up is
 * set aside in the quarantine (`journal-quarantine.ts`) and the other lines are stored; while the store
 * is down the load fails and the segments stay in the journal.
 */
export class JournalLoader {
  readonly #store: EventStore;
  readonly #dir: string;
  readonly #quarantine: JournalQuarantine;
  readonly #log: FastifyBaseLogger | undefined;

  constructor(store: EventStore, journalDir: string, quarantine: JournalQuarantine, log?: FastifyBaseLogger) {
    this.#store = store;
    this.#dir = journalDir;
    this.#quarantine = quarantine;
    this.#log = log;
  }

  /** Stores the writes of the segment files; a line the store refuses is set aside (quarantine). */
  load(files: readonly string[]): Promise<void> {
    return loadSettingAside(files, {
      load: (some) => this.#loadFiles(some),
      healthy: async () => {
        try {
          return (await this.#store.health()).status === 'up';
        } catch {
          return false;
        }
      },
      quarantine: this.#quarantine,
      journalDir: this.#dir,
    });
  }

  async #loadFiles(files: readonly string[]): Promise<void> {
    const started = performance.now();
    if (this.#store.loadJournal) {
      await this.#store.loadJournal(files);
      this.#log?.debug(
        { segments: files.length, ms: Math.round(performance.now() - started) },
        'ingest journal loaded into the event store',
      );
      return;
    }
    const writes: EventWrite[] = [];
    for (const file of files) {
      writes.push(
        ...parseSegment(await readFile(file, 'utf8'), (line) => {
          throw new Error(`line ${line} of ${path.basename(file)} is not JSON`);
        }),
      );
    }
    const rows = journalRows(writes);
    const sessions = foldSessions(rows.sessions);
    // In slices: validating and staging a slice runs on the event loop, so requests go on in between.
    for (const slice of slices(rows.hits)) await this.#store.insertHits(slice);
    for (const slice of slices(rows.conversions)) await this.#store.insertConversions(slice);
    for (const slice of slices(rows.exclusionFirings)) await this.#store.insertExclusionFirings(slice);
    for (const slice of slices(rows.engagements)) await this.#store.insertEngagements(slice);
    for (const slice of slices(sessions)) await this.#store.insertSessions(slice);
    this.#log?.debug(
      {
        hits: rows.hits.length,
        conversions: rows.conversions.length,
        exclusionFirings: rows.exclusionFirings.length,
        engagements: rows.engagements.length,
        sessions: sessions.length,
        ms: Math.round(performance.now() - started),
      },
      'ingest journal loaded into the event store',
    );
  }
}

/** Rows handed to the store per call during a load. */
const LOAD_SLICE_ROWS = 2_000;

function slices<Row>(rows: readonly Row[]): Row[][] {
  const result: Row[][] = [];
  for (let start = 0; start < rows.length; start += LOAD_SLICE_ROWS) {
    result.push(rows.slice(start, start + LOAD_SLICE_ROWS));
  }
  return result;
}
