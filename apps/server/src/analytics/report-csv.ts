import { DIMENSIONS, type DimensionId } from '@veracity/contracts/analytics/dimensions';
import { METRICS } from '@veracity/contracts/analytics/metrics';
import { csvCell } from '@veracity/contracts/csv';
import type { EventStore, ResultRow, ResultValue } from '../storage/events/event-store.js';
import { exportedValue, shown } from './csv-export.js';
import type { ComputedMetric } from './metric-formulas.js';
import { analyticsSql, dimensionAlias, type PlannedQuery } from './query-sql.js';
import type { QueryScope } from './results.js';

/** Rows the event store hands over at a time while a report is written. */
export const REPORT_CHUNK_ROWS = 10_000;

/** Where a report's CSV goes, a chunk of lines at a time (a file, in practice), and who hears of progress. */
export interface ReportSink {
  /** Writes a piece of the file; resolves once it may be given the next (backpressure). */
  write(text: string): Promise<void>;
  /** Rows written so far, after each chunk. */
  progress?(rows: number): Promise<void>;
}

function dimensionCell(dimension: DimensionId, value: ResultValue | undefined): string | number | null {
  if (value === undefined || value === null) return null;
  return shown(dimension, typeof value === 'string' || typeof value === 'number' ? value : String(value));
}

function metricCell(value: ResultValue | undefined): number | null {
  return exportedValue(typeof value === 'number' && Number.isFinite(value) ? value : null);
}

/**
 * A full report as CSV, flat: one line per combination of every dimension (not the analytics tree's
 * levels), the same columns and cells as the analytics export (`csv-export.ts`: spec 02 §3's metrics,
 * dimension values shown by name, formula-safe text). The rows come from the event store in chunks
 * (`EventStore.queryChunks`) and each chunk is written before the next is read, so a report of millions
 * of rows holds one chunk in memory. Resolves with the number of rows written (0: nothing but nothing
 * was written either; the header goes out with the first row).
 */
export async function writeReportCsv(
  store: EventStore,
  scope: QueryScope,
  request: { dimensions: readonly DimensionId[]; sort: PlannedQuery['sort'] },
  sink: ReportSink,
): Promise<number> {
  const metrics = scope.metrics as readonly ComputedMetric[];
  const header = [
    ...request.dimensions.map((id) => DIMENSIONS[id].label),
    ...metrics.map((key) => METRICS[key].label),
  ];
  const aliases = request.dimensions.map((_, index) => dimensionAlias(index));
  let written = 0;
  const plan: PlannedQuery = { ...scope, dimensions: request.dimensions, path: [], sort: request.sort };
  await store.queryChunks<ResultRow>(analyticsSql(plan), REPORT_CHUNK_ROWS, async (rows) => {
    let text = written === 0 ? `${header.map(csvCell).join(',')}\r\n` : '';
    for (const row of rows) {
      const cells: string[] = [];
      request.dimensions.forEach((dimension, index) => {
        cells.push(csvCell(dimensionCell(dimension, row[aliases[index] as string])));
      });
      for (const metric of metrics) cells.push(csvCell(metricCell(row[metric])));
      text += `${cells.join(',')}\r\n`;
    }
    written += rows.length;
    await sink.write(text);
    await sink.progress?.(written);
  });
  return written;
}
