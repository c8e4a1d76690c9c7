import { execFileSync } from 'node:child_process';
import { mkdirSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { root } from '../server-process.js';
import type { SeedSet } from './random.js';
import type { Scenario } from './scenarios.js';
import type { RiskLevel, SessionVerdict } from './veracity.js';

/** Each visit's verdict, the table of the run, and where it is kept (bench/results/detection-adversarial/). */

export interface VisitResult {
  scenario: string;
  riskLevel: RiskLevel | null;
  reasons: string[];
  sessions: string[];
  /** What the server made of the visitor, per session. */
  seen: SessionVerdict['seen'][];
  /** Why it has no verdict, or what went wrong on the way. */
  problems: string[];
}

export interface ScenarioResult {
  scenario: Scenario;
  visits: VisitResult[];
  skipped?: string;
  seconds: number;
}

const share = (n: number, of: number) => (of === 0 ? '-' : `${n}/${of} (${Math.round((100 * n) / of)}%)`);

function topReasons(visits: VisitResult[], limit = 4): string {
  const counts = new Map<string, number>();
  for (const visit of visits)
    for (const reason of visit.reasons) counts.set(reason, (counts.get(reason) ?? 0) + 1);
  return (
    [...counts]
      .sort((a, b) => b[1] - a[1] || a[0].localeCompare(b[0]))
      .slice(0, limit)
      .map(([reason, count]) => `${reason} ${count}`)
      .join(', ') || '-'
  );
}

export function table(results: ScenarioResult[]): string {
  const rows = [
    '| Scenario | Who | N | Invalid | At least suspicious | False positives | No verdict | Most frequent reasons |',
    '| --- | --- | --- | --- | --- | --- | --- | --- |',
  ];
  for (const { scenario, visits, skipped } of results) {
    if (skipped) {
      rows.push(`| ${scenario.name} | ${scenario.who} | 0 | - | - | - | - | skipped: ${skipped} |`);
      continue;
    }
    const judged = visits.filter((visit) => visit.riskLevel !== null);
    const invalid = judged.filter((visit) => visit.riskLevel === 'high').length;
    const flagged = judged.filter((visit) => visit.riskLevel !== 'low').length;
    const falsePositives =
      scenario.who === 'human'
        ? `invalid ${share(invalid, judged.length)}, suspicious ${share(flagged - invalid, judged.length)}`
        : '-';
    rows.push(
      `| ${scenario.name} | ${scenario.who} | ${judged.length} | ${share(invalid, judged.length)} | ${share(flagged, judged.length)} | ${falsePositives} | ${visits.length - judged.length} | ${topReasons(judged)} |`,
    );
  }
  return rows.join('\n');
}

export function legend(results: ScenarioResult[]): string {
  return results.map(({ scenario }) => `- \`${scenario.name}\`: ${scenario.description}.`).join('\n');
}

function commit(): string {
  const git = (...args: string[]) => execFileSync('git', args, { cwd: root, encoding: 'utf8' }).trim();
  try {
    const head = git('rev-parse', '--short=10', 'HEAD');
    return git('status', '--porcelain', '--', 'apps', 'packages', 'bench/detection-adversarial').length > 0
      ? `${head}+changes`
      : head;
  } catch {
    return 'unknown';
  }
}

/** Writes `<date>-<seed set>-<commit>[-partial].md` and `.json`; returns the Markdown file's path. */
export function writeResults(
  set: SeedSet,
  results: ScenarioResult[],
  startedAt: Date,
  minutes: number,
  partial: boolean,
): string {
  const folder = path.join(root, 'bench', 'results', 'detection-adversarial');
  mkdirSync(folder, { recursive: true });
  const date = startedAt.toISOString().slice(0, 10);
  const at = commit();
  // A run of some scenarios (--only) says so in its name: it is not a table to publish.
  const name = `${date}-${set}-${at}${partial ? '-partial' : ''}`;
  const markdown = `# Adversarial evaluation, ${set} seeds

Run ${startedAt.toISOString()} on commit ${at}, ${minutes.toFixed(1)} minutes (\`npm run bench:adversarial -- --seeds ${set}\`).

${table(results)}

${legend(results)}
`;
  writeFileSync(path.join(folder, `${name}.md`), markdown);
  writeFileSync(
    path.join(folder, `${name}.json`),
    `${JSON.stringify(
      {
        seeds: set,
        commit: at,
        startedAt: startedAt.toISOString(),
        minutes,
        scenarios: results.map(({ scenario, visits, skipped, seconds }) => ({
          name: scenario.name,
          who: scenario.who,
          description: scenario.description,
          seconds,
          ...(skipped ? { skipped } : {}),
          visits,
        })),
      },
      null,
      1,
    )}\n`,
  );
  return path.join(folder, `${name}.md`);
}
