import type { ExclusionWidget } from '@veracity/contracts/google-ads';
import { formatNumber, formatPercent } from '../../lib/format';
import styles from './GoogleAdsPages.module.css';

type Totals = ExclusionWidget['totals'];

export interface FigureTile {
  key: keyof Totals;
  label: string;
}

/** What every Google Ads page shows for its campaign type (issue 33). */
export const SECTION_TILES: readonly FigureTile[] = [
  { key: 'trafficVeracity', label: 'Traffic veracity' },
  { key: 'exclusionEvents', label: 'Exclusion events' },
  { key: 'exclusionEventsInvalid', label: 'Exclusion events with invalid traffic' },
];

function formatTotal(key: keyof Totals, value: number | null): string {
  return key === 'trafficVeracity' ? formatPercent(value) : formatNumber(value);
}

/** The section's key figures for the period: traffic veracity and the exclusion events that fired. */
export function ExclusionFigures({
  totals,
  tiles = SECTION_TILES,
}: {
  totals: Totals;
  tiles?: readonly FigureTile[];
}) {
  return (
    <dl className={styles.tiles}>
      {tiles.map(({ key, label }) => (
        <div key={key} className={styles.tile} data-testid={`exclusion-figure-${key}`}>
          <dt className={styles.tileLabel}>{label}</dt>
          <dd className={styles.tileValue}>{formatTotal(key, totals[key])}</dd>
        </div>
      ))}
    </dl>
  );
}
