import type { RiskLevel } from '@veracity/contracts/detection';
import styles from './VerdictBadge.module.css';

/** The verdict a risk tier stands for, in the product's words. */
const VERDICT_LABELS: Readonly<Record<RiskLevel, string>> = {
  low: 'Legitimate',
  medium: 'Suspicious',
  high: 'Invalid',
};

/** A verdict pill in its tier's colour, with the reasons (already worded) under it when there are any. */
export function VerdictBadge({
  tier,
  reasons,
  testId,
  reasonsTestId,
}: {
  tier: RiskLevel;
  reasons?: string;
  testId?: string;
  reasonsTestId?: string;
}) {
  return (
    <>
      <span className={styles.badge} data-tier={tier} data-testid={testId}>
        <span className={styles.dot} aria-hidden="true" />
        {VERDICT_LABELS[tier]}
      </span>
      {reasons ? (
        <span className={styles.reasons} data-testid={reasonsTestId}>
          {reasons}
        </span>
      ) : null}
    </>
  );
}
