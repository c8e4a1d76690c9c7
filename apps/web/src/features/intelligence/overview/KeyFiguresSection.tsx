import type { KeyFigures, PeriodFigures } from '@veracity/contracts/home';
import { previousPeriod } from '../../../lib/date-ranges';
import {
  formatCurrency,
  formatDate,
  formatNumber,
  formatSignedPercent,
  percentChange,
} from '../../../lib/format';
import { Link } from '../../../lib/navigation';
import type { HomeRange } from './home.api';
import { useKeyFigures } from './home.api';
import styles from './OverviewPage.module.css';
import { OverviewSection } from './OverviewSection';

/** Whether a rise is good news: more legitimate visits and savings are, more invalid visits are not. */
type Meaning = 'higherIsBetter' | 'higherIsWorse' | 'neutral';

interface Tile {
  key: keyof PeriodFigures;
  label: string;
  meaning: Meaning;
}

const TILES: readonly Tile[] = [
  { key: 'legitimateVisits', label: 'Legitimate visits', meaning: 'higherIsBetter' },
  { key: 'invalidVisits', label: 'Invalid visits', meaning: 'higherIsWorse' },
  { key: 'totalVisits', label: 'Total visits', meaning: 'neutral' },
  { key: 'savings', label: 'Savings', meaning: 'higherIsBetter' },
];

function tone(change: number | null, meaning: Meaning): 'better' | 'worse' | 'flat' {
  if (change === null || change === 0 || meaning === 'neutral') return 'flat';
  return change > 0 === (meaning === 'higherIsBetter') ? 'better' : 'worse';
}

export const SETTINGS_PATH = '/account/settings';

function FigureTiles({ figures }: { figures: KeyFigures }) {
  const format = (key: keyof PeriodFigures, value: number) =>
    key === 'savings' ? formatCurrency(value, figures.currency) : formatNumber(value);
  return (
    <>
      <dl className={styles.tiles}>
        {TILES.map(({ key, label, meaning }) => {
          const current = figures.selectedPeriod[key];
          const previous = figures.previousPeriod[key];
          const change = percentChange(current, previous);
          const direction = tone(change, meaning);
          return (
            <div key={key} className={styles.tile} data-testid={`key-figure-${key}`}>
              <dt className={styles.tileLabel}>{label}</dt>
              <dd className={styles.tileValue}>{format(key, current)}</dd>
              <dd className={styles.tileComparison}>
                {change === null ? null : (
                  <span className={styles[direction]} data-testid="key-figure-change">
                    {change > 0 ? '▲ ' : change < 0 ? '▼ ' : ''}
                    {formatSignedPercent(change)}
                  </span>
                )}{' '}
                <span>vs {format(key, previous)}</span>
              </dd>
            </div>
          );
        })}
      </dl>
      {figures.errors.length > 0 ? (
        // One short notice (the server gives one line per cause), with the way to fix it.
        <p className={styles.figureErrors} role="status" data-testid="key-figure-errors">
          {figures.errors.join(' ')} <Link to={SETTINGS_PATH}>Set costs per click</Link>
        </p>
      ) : null}
    </>
  );
}

/** Key figures of the selected period against the previous one of the same length (spec 02 §2). */
export function KeyFiguresSection({ range }: { range: HomeRange | undefined }) {
  const query = useKeyFigures(range);
  const before = range ? previousPeriod(range) : undefined;
  return (
    <OverviewSection
      title="Key figures"
      testId="key-figures"
      query={query}
      skeletonRows={2}
      actions={
        before ? (
          <span className={styles.caption}>
            Compared with {formatDate(before.from)} – {formatDate(before.to)}
          </span>
        ) : null
      }
      isEmpty={(figures) =>
        figures.selectedPeriod.totalVisits === 0 && figures.previousPeriod.totalVisits === 0
      }
      empty={{
        title: 'No visits in this period',
        text: 'Visits appear here as the sensor reports them. Choose a longer date range to see earlier traffic.',
      }}
    >
      {(figures) => <FigureTiles figures={figures} />}
    </OverviewSection>
  );
}
