import type { DimensionId } from '@veracity/contracts/analytics/dimensions';
import type { ReportFilter } from '@veracity/contracts/analytics/filters';
import { Icon } from '../../../components/Icon/Icon';
import { DEFAULT_TERMS, type Terms } from '../../../lib/terms';
import styles from './AnalyticsPage.module.css';
import { filterDimension, filterLabel, filterValueLabel, type ValueNames } from './dimension-values';

interface ActiveFiltersProps {
  filters: readonly ReportFilter[];
  matchType: 'all' | 'any';
  names: Partial<Record<DimensionId, ValueNames>>;
  onRemove: (column: string) => void;
  onClear: () => void;
  terms?: Terms;
}

/** Values shown on a chip before "+n more". */
const CHIP_VALUES = 3;

/** One filter line in words: "Traffic Type is Google, Meta (Facebook and Instagram)". */
export function describeFilter(
  filter: ReportFilter,
  names: Partial<Record<DimensionId, ValueNames>> = {},
  terms: Terms = DEFAULT_TERMS,
): { label: string; verb: string; values: string } {
  const dimension = filterDimension(filter.column);
  const labels = filter.values.map((value) =>
    filterValueLabel(filter.column, value, dimension ? names[dimension] : undefined),
  );
  const shown = labels.slice(0, CHIP_VALUES).join(', ');
  const more = labels.length > CHIP_VALUES ? ` +${labels.length - CHIP_VALUES} more` : '';
  return {
    label: filterLabel(filter.column, terms),
    verb: filter.type === 'equals' ? 'is' : 'is not',
    values: `${shown}${more}`,
  };
}

/**
 * The filters the address holds, read-only: a chip per line with a remove button, and a button that
 * removes them all (the date range stays, spec 02 §2). Editing happens in the report filters editor.
 */
export function ActiveFilters({
  filters,
  matchType,
  names,
  onRemove,
  onClear,
  terms = DEFAULT_TERMS,
}: ActiveFiltersProps) {
  if (filters.length === 0) return null;
  return (
    <div className={styles.activeFilters} data-testid="active-filters">
      <span className={styles.matchText}>
        {filters.length > 1 ? `Match ${matchType === 'all' ? 'all' : 'any'} of` : 'Filtered by'}
      </span>
      <ul className={styles.chips}>
        {filters.map((filter) => {
          const { label, verb, values } = describeFilter(filter, names, terms);
          return (
            <li key={filter.column} className={styles.chip} data-testid="filter-chip">
              <span>
                <strong>{label}</strong> {verb} {values}
              </span>
              <button
                type="button"
                className={styles.chipRemove}
                aria-label={`Remove the ${label} filter`}
                onClick={() => onRemove(filter.column)}
              >
                <Icon name="close" />
              </button>
            </li>
          );
        })}
      </ul>
      <button type="button" className={styles.clearFilters} onClick={onClear} data-testid="clear-filters">
        Remove all filters
      </button>
    </div>
  );
}
