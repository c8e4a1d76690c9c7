import { appendFile, readFile, rm, writeFile } from 'node:fs/promises';
import path from 'node:path';
import type { FastifyBaseLogger } from 'fastify';

/** The file, in DATA_DIR, that keeps the journal lines the event store refused. */
export const INGEST_QUARANTINE_FILE = 'ingest-quarantine.jsonl';
/** The file in the journal folder that holds the lines of one attempt while refused lines are sought. */
export const QUARANTINE_SCRATCH_FILE = 'retry.jsonl';

/** A journal line the event store refused, as the quarantine file keeps it (one JSON object a line). */
export interface QuarantinedLine {
  /** When it was set aside (ISO 8601). */
  at: string;
  /** The segment file it came from, and its line number there. */
  segment: string;
  line: number;
  /** The store's error. */
  error: string;
  /** The journal line itself, exactly as written (without its newline): it can be loaded again. */
  write: string;
}

interface JournalLine {
  segment: string;
  line: number;
  text: string;
}

/**
 * The lines of the ingestion journal the event store would not load, kept aside instead of dropped:
 * appended to `DATA_DIR/ingest-quarantine.jsonl`, counted (`GET /api/health` shows the count, read
 * again at start) and logged as errors. A line lands here only when the store refuses it alone while
 * its health probe answers: a store that is down keeps every segment in the journal, to be retried.
 */
export class JournalQuarantine {
  readonly file: string;
  readonly #log: FastifyBaseLogger | undefined;
  #count = 0;

  constructor(file: string, log?: FastifyBaseLogger) {
    this.file = file;
    this.#log = log;
  }

  /** Lines in the quarantine file. */
  get count(): number {
    return this.#count;
  }

  /** Counts the lines earlier runs set aside. */
  async open(): Promise<void> {
    const text = await readFile(this.file, 'utf8').catch((error: NodeJS.ErrnoException) => {
      if (error.code === 'ENOENT') return '';
      throw error;
    });
    this.#count = text.split('\n').filter((line) => line !== '').length;
    if (this.#count > 0) {
      this.#log?.error(
        { file: this.file, lines: this.#count },
        'ingest journal: lines the event store refused are kept aside',
      );
    }
  }

  /** Appends the line (synced) and logs it as an error. */
  async keep(line: JournalLine, error: unknown): Promise<void> {
    const entry: QuarantinedLine = {
      at: new Date().toISOString(),
      segment: line.segment,
      line: line.line,
      error: error instanceof Error ? error.message : String(error),
      write: line.text,
    };
    await appendFile(this.file, `${JSON.stringify(entry)}\n`, { flush: true });
    this.#count += 1;
    this.#log?.error(
      { file: this.file, segment: line.segment, line: line.line, error: entry.error },
      'ingest journal: the event store refused a line; it was set aside',
    );
  }
}

/**
 * Loads the segment files into the store. When the store refuses them and its health probe answers,
 * the lines it refuses are found by halving (each half loaded from a scratch file in `journalDir`;
 * loading a line twice stores nothing twice) and set aside; the others are stored. When the store is
 * down, the error is thrown and the segments stay in the journal.
 */
export async function loadSettingAside(
  files: readonly string[],
  deps: {
    load: (files: readonly string[]) => Promise<void>;
    healthy: () => Promise<boolean>;
    quarantine: JournalQuarantine;
    journalDir: string;
  },
): Promise<void> {
  try {
    await deps.load(files);
    return;
  } catch (error) {
    if (!(await deps.healthy())) throw error;
    const lines: JournalLine[] = [];
    for (const file of files) {
      const text = await readFile(file, 'utf8');
      text.split('\n').forEach((line, index) => {
        if (line.trim() !== '') lines.push({ segment: path.basename(file), line: index + 1, text: line });
      });
    }
    await isolate(lines, error, deps);
  }
}

async function isolate(
  lines: readonly JournalLine[],
  error: unknown,
  deps: Parameters<typeof loadSettingAside>[1],
): Promise<void> {
  const [only] = lines;
  if (lines.length === 1 && only) {
    if (!(await deps.healthy())) throw error;
    await deps.quarantine.keep(only, error);
    return;
  }
  const middle = Math.ceil(lines.length / 2);
  for (const half of [lines.slice(0, middle), lines.slice(middle)]) {
    if (half.length === 0) continue;
    const scratch = path.join(deps.journalDir, QUARANTINE_SCRATCH_FILE);
    await writeFile(scratch, `${half.map((line) => line.text).join('\n')}\n`);
    try {
      await deps.load([scratch]);
    } catch (refused) {
      await isolate(half, refused, deps);
    } finally {
      await rm(scratch, { force: true });
    }
  }
}
