import type { ReportFilter } from '@veracity/contracts/analytics/filters';
import type { ReactNode } from 'react';
import { Button } from '../../../components/Button/Button';
import { Tooltip } from '../../../components/Tooltip/Tooltip';
import styles from './AnalyticsPage.module.css';

/** The value the report filters editor edits: its lines and how they combine. */
export interface ReportFiltersValue {
  matchType: 'all' | 'any';
  filters: ReportFilter[];
}

/** The props of the report filters editor (features/intelligence/report-filters/ReportFilters.tsx). */
export interface ReportFiltersSlotProps {
  value: ReportFiltersValue;
  onChange: (next: ReportFiltersValue) => void;
  disabled?: boolean;
  disabledReason?: string;
  /** The active filters' chips, shown under the editor. */
  children?: ReactNode;
}

/**
 * Where the analytics page's report filters live. The editor is built as its own component; it is
 * mounted here with these same props, in place of the disabled button:
 *
 *   <ReportFilters value={value} onChange={onChange} disabled={disabled} disabledReason={disabledReason} />
 *
 * Until then the page shows the address's filters as chips (children) and, on the free plan, the
 * disabled Filters button with the spec's tooltip (spec 02 §6).
 */
export function ReportFiltersSlot({
  value,
  disabled = false,
  disabledReason,
  children,
}: ReportFiltersSlotProps) {
  return (
    <section
      className={styles.filters}
      aria-label="Report filters"
      data-slot="report-filters"
      data-testid="report-filters-slot"
      data-match-type={value.matchType}
    >
      {/* LEAD: mount <ReportFilters {...props} /> here (the props of this slot, children aside). */}
      {disabled ? (
        <Tooltip content={disabledReason}>
          <Button
            size="s"
            variation="white"
            aria-disabled="true"
            data-testid="filters-disabled"
            data-disabled-reason={disabledReason}
          >
            Filters
          </Button>
        </Tooltip>
      ) : null}
      {children}
    </section>
  );
}
