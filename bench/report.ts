import { writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

export interface Measurement {
  name: string;
  /** Milliseconds of each repetition. */
  samples: number[];
  /** Items handled per repetition, for a throughput column. */
  items?: number;
}

export async function measure(
  name: string,
  repetitions: number,
  run: () => Promise<unknown>,
  items?: number,
) {
  const samples: number[] = [];
  for (let i = 0; i < repetitions; i++) {
    const started = performance.now();
    await run();
    samples.push(performance.now() - started);
  }
  return { name, samples, ...(items === undefined ? {} : { items }) } satisfies Measurement;
}

function quantile(sorted: number[], q: number): number {
  return sorted[Math.min(sorted.length - 1, Math.floor(q * sorted.length))] ?? Number.NaN;
}

/**
 * Prints min / median / max (and items per second at the median) and writes the JSON next to it,
 * with any further figures the bench printed itself (`extra`).
 */
export function report(
  bench: string,
  measurements: Measurement[],
  extra: Record<string, unknown> = {},
): void {
  const rows = measurements.map((m) => {
    const sorted = [...m.samples].sort((a, b) => a - b);
    const median = quantile(sorted, 0.5);
    return {
      name: m.name,
      runs: m.samples.length,
      minMs: round(sorted[0] ?? Number.NaN),
      medianMs: round(median),
      maxMs: round(sorted[sorted.length - 1] ?? Number.NaN),
      perSecond: m.items === undefined ? null : Math.round(m.items / (median / 1000)),
    };
  });
  console.table(rows.map((row) => ({ ...row, perSecond: row.perSecond ?? '' })));
  writeResults(bench, { rows, ...extra });
}

/** Writes bench/results/<bench>.json with the machine it ran on, and says where. */
export function writeResults(bench: string, results: Record<string, unknown>): void {
  const cpus = os.cpus();
  const file = path.join(path.dirname(fileURLToPath(import.meta.url)), 'results', `${bench}.json`);
  const machine = { cpus: cpus.length, model: cpus[0]?.model, node: process.version };
  writeFileSync(
    file,
    `${JSON.stringify({ bench, at: new Date().toISOString(), machine, ...results }, null, 2)}\n`,
  );
  console.log(
    `machine: ${machine.cpus} x ${machine.model}, node ${machine.node}; written ${path.relative(process.cwd(), file)}`,
  );
}

function round(ms: number): number {
  return Math.round(ms * 10) / 10;
}
