import { CHANNEL_COLOURS } from '../../../lib/series-palette';
import styles from './AnalyticsTable.module.css';

/**
 * A traffic type's mark: its monogram on its channel colour (lib/series-palette), the same colour its
 * chart series takes, so a row and its line read as one. Decorative: the name is always beside it.
 */
const MONOGRAMS: Readonly<Record<string, string>> = {
  organic_search: 'OS',
  referral: 'RF',
  direct: 'D',
  google: 'G',
  facebook: 'f',
  tiktok: 'Tt',
  microsoft: 'Ms',
  pinterest: 'P',
  yandex: 'Y',
  twitter: 'X',
  criteo: 'C',
  linkedin: 'in',
  outbrain: 'Ob',
  taboola: 'Tb',
  tradedoubler: 'Td',
  reddit: 'R',
};

export function trafficTypeMonogram(type: string): string {
  return MONOGRAMS[type] ?? (type.charAt(0).toUpperCase() || '?');
}

export function TrafficTypeMark({ type, colour }: { type: string; colour?: string }) {
  return (
    <span
      className={styles.mark}
      style={{ background: colour ?? CHANNEL_COLOURS[type] ?? 'var(--color-text-muted)' }}
      aria-hidden="true"
      data-traffic-type={type}
    >
      {trafficTypeMonogram(type)}
    </span>
  );
}
