import type { ReactNode } from 'react';
import styles from './PageHeader.module.css';

interface PageHeaderProps {
  title: ReactNode;
  /** Small line under the title: breadcrumb, context. */
  eyebrow?: ReactNode;
  /** The date-range picker slot, on the same line as the title. */
  dateRange?: ReactNode;
  /** Other actions beside the date range. */
  actions?: ReactNode;
}

/** Page title and the date-range picker on one line (DESIGN.md, layout). */
export function PageHeader({ title, eyebrow, dateRange, actions }: PageHeaderProps) {
  return (
    <header className={styles.header}>
      <div className={styles.heading}>
        {eyebrow ? <p className={styles.eyebrow}>{eyebrow}</p> : null}
        <h1 className={styles.title}>{title}</h1>
      </div>
      {dateRange || actions ? (
        <div className={styles.tools}>
          {actions}
          {dateRange ? <div data-slot="date-range">{dateRange}</div> : null}
        </div>
      ) : null}
    </header>
  );
}
