import { RISK_LEVELS, type RiskLevel } from '@veracity/contracts/detection';
import { VISIT_KINDS, type VisitKind } from './model/visit-draft.js';

/** The tally of a simulation run: what was sent, the verdicts by kind of visitor, retries, failures. */

export type LevelCounts = Record<RiskLevel, number>;

export interface SimulationSummary {
  visits: number;
  sentHits: number;
  sentConversions: number;
  /** Verdicts answered, by kind of visitor. */
  hits: Record<VisitKind, LevelCounts>;
  conversions: Record<VisitKind, LevelCounts>;
  duplicates: number;
  /** Exclusion firings reported to the collector, as the sensor reports them (send-timeline.ts). */
  exclusions: number;
  /** Retries after 429, 503 (and 502, 504, network errors), by status ("network" for no answer). */
  retries: Record<string, number>;
  /** Requests that finally failed. */
  failed: number;
  /** The first few failures, for the log. */
  errors: string[];
}

const zeroLevels = (): LevelCounts => ({ low: 0, medium: 0, high: 0 });
const MAX_ERRORS_KEPT = 10;

export function createSummary(): SimulationSummary {
  const byKind = () =>
    Object.fromEntries(VISIT_KINDS.map((kind) => [kind, zeroLevels()])) as Record<VisitKind, LevelCounts>;
  return {
    visits: 0,
    sentHits: 0,
    sentConversions: 0,
    hits: byKind(),
    conversions: byKind(),
    duplicates: 0,
    exclusions: 0,
    retries: {},
    failed: 0,
    errors: [],
  };
}

export function recordVerdict(
  summary: SimulationSummary,
  kind: VisitKind,
  event: 'hit' | 'conversion',
  verdict: { riskLevel: RiskLevel; duplicate: boolean },
): void {
  (event === 'hit' ? summary.hits : summary.conversions)[kind][verdict.riskLevel] += 1;
  if (verdict.duplicate) summary.duplicates += 1;
}

export function recordFailure(summary: SimulationSummary, message: string): void {
  summary.failed += 1;
  if (summary.errors.length < MAX_ERRORS_KEPT) summary.errors.push(message);
}

function row(cells: readonly (string | number)[], widths: readonly number[]): string {
  return cells
    .map((cell, i) => (i === 0 ? String(cell).padEnd(widths[i] ?? 0) : String(cell).padStart(widths[i] ?? 0)))
    .join('  ');
}

/** The final report: what was sent, the verdicts by kind and level, retries and failures. */
export function formatSummary(summary: SimulationSummary): string {
  const widths = [18, 7, 7, 7, 7, 7];
  const lines = [
    `Sent ${summary.sentHits} hits and ${summary.sentConversions} conversions of ${summary.visits} visits.`,
    '',
    row(['verdicts', 'low', 'medium', 'high', 'total', 'high %'], widths),
  ];
  for (const [title, table] of [
    ['hits', summary.hits],
    ['conversions', summary.conversions],
  ] as const) {
    lines.push(title);
    for (const kind of VISIT_KINDS) {
      const counts = table[kind];
      const total = RISK_LEVELS.reduce((sum, level) => sum + counts[level], 0);
      if (total === 0) continue;
      const high = `${((100 * counts.high) / total).toFixed(1)}%`;
      lines.push(row([`  ${kind}`, counts.low, counts.medium, counts.high, total, high], widths));
    }
  }
  lines.push('');
  const retries = Object.entries(summary.retries);
  lines.push(
    `Retries: ${retries.length === 0 ? 'none' : retries.map(([status, n]) => `${n} after ${status}`).join(', ')}.`,
  );
  if (summary.duplicates > 0) lines.push(`Duplicates (ids stored before): ${summary.duplicates}.`);
  lines.push(`Failed requests: ${summary.failed}.`);
  for (const error of summary.errors) lines.push(`  ${error}`);
  if (summary.failed > summary.errors.length)
    lines.push(`  ... and ${summary.failed - summary.errors.length} more`);
  return lines.join('\n');
}
