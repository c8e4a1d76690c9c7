import type { AnalyticsAccess } from '@veracity/contracts/analytics/dimensions';
import { type ReactNode, useState } from 'react';
import { Button } from '../../../components/Button/Button';
import { Icon } from '../../../components/Icon/Icon';
import { ReportFilters, type ReportFiltersValue } from '../report-filters/ReportFilters';
import styles from './AnalyticsPage.module.css';

/** The props of the report filters editor (features/intelligence/report-filters/ReportFilters.tsx). */
export interface ReportFiltersSlotProps {
  value: ReportFiltersValue;
  onChange: (next: ReportFiltersValue) => void;
  access: AnalyticsAccess;
  /** The active filters' chips, shown while the editor is closed. */
  children?: ReactNode;
}

/**
 * The analytics page's report filters: a Filters button that opens the editor (spec 02 §2 "Report
 * filters"); while it is closed, the active filters show as chips (children). On the free plan the
 * editor opens to explore, every column unavailable with the spec's tooltip (spec 02 §6).
 */
export function ReportFiltersSlot({ value, onChange, access, children }: ReportFiltersSlotProps) {
  const [editing, setEditing] = useState(false);
  const count = value.filters.length;
  return (
    <section
      className={styles.filters}
      aria-label="Report filters"
      data-testid="report-filters-slot"
      data-match-type={value.matchType}
    >
      <Button
        size="s"
        variation="white"
        aria-expanded={editing}
        onClick={() => setEditing((open) => !open)}
        data-testid="filters-toggle"
      >
        <Icon name="filter" size={14} /> {count > 0 ? `Filters (${count})` : 'Filters'}
      </Button>
      {editing ? <ReportFilters value={value} onChange={onChange} access={access} /> : children}
    </section>
  );
}
