import type { AnalyticsThreat, TierCounts } from '@veracity/contracts/analytics/query';
import {
  THREAT_CATEGORY_LABELS,
  THREAT_REASONS,
  type ThreatCategory,
} from '@veracity/contracts/threat-reasons';
import { Button } from '../../../components/Button/Button';
import { LoadError, SkeletonRows } from '../../../components/PageStates/PageStates';
import { formatNumber, formatPercent } from '../../../lib/format';
import styles from './ThreatBreakdown.module.css';

/** A threat reason's name and category; an id the catalogue does not know reads as it is. */
export function threatLabel(id: string): { label: string; category: string } {
  const known = (THREAT_REASONS as Record<string, { category: ThreatCategory; label: string }>)[id];
  if (known) return { label: known.label, category: THREAT_CATEGORY_LABELS[known.category] };
  const namespace = id.split(':')[0] ?? '';
  const category = (THREAT_CATEGORY_LABELS as Record<string, string>)[namespace] ?? namespace;
  return { label: id, category };
}

interface ThreatBreakdownProps {
  /** The row's name, for the heading. */
  rowLabel: string;
  threats: AnalyticsThreat[] | undefined;
  loading: boolean;
  error: unknown;
  onRetry: () => void;
  /** Count conversions instead of visits (the address's threatconv). */
  conversions: boolean;
  onConversionsChange: (conversions: boolean) => void;
}

/**
 * The threat reasons behind one row (POST /api/analytics/threats with its path): per reason, the
 * visits or the conversions it marked, by analysis level. An event with several reasons counts under
 * each, so the reasons do not add up to the row.
 */
export function ThreatBreakdown({
  rowLabel,
  threats,
  loading,
  error,
  onRetry,
  conversions,
  onConversionsChange,
}: ThreatBreakdownProps) {
  const measure = (threat: AnalyticsThreat): TierCounts => (conversions ? threat.conversions : threat.hits);
  const listed = (threats ?? [])
    .filter((threat) => measure(threat).total > 0)
    .sort((a, b) => measure(b).total - measure(a).total || a.threat.localeCompare(b.threat));
  const unit = conversions ? 'conversions' : 'visits';

  return (
    <section
      className={styles.breakdown}
      aria-label={`Threats of ${rowLabel}`}
      data-testid="threat-breakdown"
    >
      <header className={styles.header}>
        <h3 className={styles.title}>
          Threats <span className={styles.rowName}>· {rowLabel}</span>
        </h3>
        <fieldset className={styles.switch} aria-label="Count">
          <Button
            size="binary"
            variation="white"
            pressed={!conversions}
            onClick={() => onConversionsChange(false)}
            data-testid="threats-hits"
          >
            Visits
          </Button>
          <Button
            size="binary"
            variation="white"
            pressed={conversions}
            onClick={() => onConversionsChange(true)}
            data-testid="threats-conversions"
          >
            Conversions
          </Button>
        </fieldset>
      </header>
      {loading ? (
        <SkeletonRows rows={3} testId="threats-loading" />
      ) : error ? (
        <LoadError error={error} onRetry={onRetry} />
      ) : listed.length === 0 ? (
        <p className={styles.empty} data-testid="threats-empty">
          No threats marked any of this row's {unit} in the period.
        </p>
      ) : (
        <div className={styles.tableWrap}>
          <table className={styles.table}>
            <thead>
              <tr>
                <th scope="col">Threat</th>
                <th scope="col">Category</th>
                <th scope="col" className={styles.numeric}>
                  <span className={styles.tierDot} data-tier="invalid" aria-hidden="true" />
                  Invalid
                </th>
                <th scope="col" className={styles.numeric}>
                  <span className={styles.tierDot} data-tier="suspicious" aria-hidden="true" />
                  Suspicious
                </th>
                <th scope="col" className={styles.numeric}>
                  <span className={styles.tierDot} data-tier="legitimate" aria-hidden="true" />
                  Legitimate
                </th>
                <th scope="col" className={styles.numeric}>
                  Total {unit}
                </th>
                <th scope="col" className={styles.numeric}>
                  Invalid share
                </th>
              </tr>
            </thead>
            <tbody>
              {listed.map((threat) => {
                const counts = measure(threat);
                const { label, category } = threatLabel(threat.threat);
                return (
                  <tr key={threat.threat} data-testid="threat-row" data-threat={threat.threat}>
                    <th scope="row">{label}</th>
                    <td className={styles.category}>{category}</td>
                    <td className={styles.numeric}>{formatNumber(counts.high)}</td>
                    <td className={styles.numeric}>{formatNumber(counts.medium)}</td>
                    <td className={styles.numeric}>{formatNumber(counts.low)}</td>
                    <td className={styles.numeric}>{formatNumber(counts.total)}</td>
                    <td className={styles.numeric}>
                      {formatPercent(counts.total > 0 ? (counts.high / counts.total) * 100 : null)}
                    </td>
                  </tr>
                );
              })}
            </tbody>
          </table>
        </div>
      )}
    </section>
  );
}
