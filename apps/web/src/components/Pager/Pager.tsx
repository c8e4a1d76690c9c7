import { useState } from 'react';
import { formatNumber } from '../../lib/format';
import { Button } from '../Button/Button';
import styles from './Pager.module.css';

/**
 * A long list shown a page at a time in the browser: the rows of the page on show, and what the
 * `Pager` below it needs. A shorter list (after a new period, say) keeps the last page there is.
 */
export function usePage<T>(items: readonly T[], size: number) {
  const [page, setPage] = useState(0);
  const pages = Math.max(1, Math.ceil(items.length / size));
  const current = Math.min(page, pages - 1);
  const rows = items.slice(current * size, (current + 1) * size);
  return {
    rows,
    pager: {
      first: current * size + 1,
      shown: rows.length,
      total: items.length,
      page: current,
      pages,
      onPage: setPage,
    },
  };
}

export interface PagerProps {
  first: number;
  shown: number;
  total: number;
  page: number;
  pages: number;
  onPage: (page: number) => void;
  /** Names the list the pages belong to, for screen readers: "Exclusions" reads "Exclusions pages". */
  label: string;
  testId?: string;
}

/** "26–50 of 198" with Previous and Next under a paged table; nothing when it fits on one page. */
export function Pager({ first, shown, total, page, pages, onPage, label, testId }: PagerProps) {
  if (pages <= 1) return null;
  return (
    <nav className={styles.pager} aria-label={`${label} pages`}>
      <span className={styles.caption} data-testid={testId}>
        {formatNumber(first)}–{formatNumber(first + shown - 1)} of {formatNumber(total)}
      </span>
      <span className={styles.buttons}>
        <Button size="s" variation="white" disabled={page === 0} onClick={() => onPage(page - 1)}>
          Previous
        </Button>
        <Button size="s" variation="white" disabled={page >= pages - 1} onClick={() => onPage(page + 1)}>
          Next
        </Button>
      </span>
    </nav>
  );
}
