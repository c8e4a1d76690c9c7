import { type DimensionValue, ROW_SESSIONS_PAGE_SIZE } from '@veracity/contracts/analytics/query';
import type { RiskLevel } from '@veracity/contracts/detection';
import { useState } from 'react';
import { Link } from 'react-router';
import { Button } from '../../../components/Button/Button';
import { Pager } from '../../../components/Pager/Pager';
import { LoadError, SkeletonRows } from '../../../components/PageStates/PageStates';
import { VerdictBadge } from '../../../components/VerdictBadge/VerdictBadge';
import { trafficTypeName } from '../../../lib/traffic-types';
import type { AnalyticsState } from '../../../lib/url-state';
import { formatDateTime } from '../../account/format';
import { pagePath } from '../../setup/RecentHitsCard';
import { forensicsPath } from '../forensics/forensics.api';
import { useRowSessions } from './analytics.api';
import { threatLabel } from './ThreatBreakdown';
import styles from './ThreatBreakdown.module.css';

/** The analysis levels a row's visits are shown by, Invalid first: the visits a refund claim needs. */
const LEVELS: readonly { level: RiskLevel | null; label: string }[] = [
  { level: 'high', label: 'Invalid' },
  { level: 'medium', label: 'Suspicious' },
  { level: 'low', label: 'Legitimate' },
  { level: null, label: 'All' },
];

interface RowVisitsProps {
  state: AnalyticsState;
  /** The row's path (its values and its parents'). */
  path: readonly DimensionValue[];
  rowLabel: string;
}

/**
 * The visits behind a row of the analytics table (POST /api/analytics/sessions with its path), newest
 * first, one analysis level at a time; each opens its session forensics. Shown to accounts with the
 * forensics view (the page checks), whose evidence it is.
 * Tracked values (the landing page) are rendered as text.
 */
export function RowVisits({ state, path, rowLabel }: RowVisitsProps) {
  const [level, setLevel] = useState<RiskLevel | null>('high');
  // From 1; a new level starts again at the first page.
  const [page, setPage] = useState(1);
  const sessions = useRowSessions(state, path, level, page);
  const onLevelChange = (next: RiskLevel | null) => {
    setLevel(next);
    setPage(1);
  };
  const data = sessions.data;
  const shownLevel = LEVELS.find((item) => item.level === level)?.label ?? 'All';
  return (
    <section className={styles.breakdown} aria-label={`Visits of ${rowLabel}`} data-testid="row-visits">
      <header className={styles.header}>
        <h3 className={styles.title}>
          Visits <span className={styles.rowName}>· {rowLabel}</span>
        </h3>
        <fieldset className={styles.switch} aria-label="Analysis level">
          {LEVELS.map((item) => (
            <Button
              key={item.label}
              size="binary"
              variation="white"
              pressed={item.level === level}
              onClick={() => onLevelChange(item.level)}
              data-testid={`row-visits-${item.level ?? 'all'}`}
            >
              {item.label}
            </Button>
          ))}
        </fieldset>
      </header>
      {sessions.isPending ? (
        <SkeletonRows rows={3} testId="row-visits-loading" />
      ) : sessions.isError ? (
        <LoadError error={sessions.error} onRetry={() => void sessions.refetch()} />
      ) : !data || data.sessions.length === 0 ? (
        <p className={styles.empty} data-testid="row-visits-empty">
          {level === null
            ? 'No visits in this row in the period.'
            : `No ${shownLevel.toLowerCase()} visits in this row in the period.`}
        </p>
      ) : (
        <>
          <div className={styles.tableWrap}>
            <table className={styles.table}>
              <thead>
                <tr>
                  <th scope="col">Started</th>
                  <th scope="col">Landing page</th>
                  <th scope="col">Channel</th>
                  <th scope="col">Country</th>
                  <th scope="col" className={styles.numeric}>
                    Page views
                  </th>
                  <th scope="col">Verdict</th>
                </tr>
              </thead>
              <tbody>
                {data.sessions.map((session) => {
                  const started = formatDateTime(session.startedAt);
                  return (
                    <tr key={session.id} data-testid="row-visit" data-session={session.id}>
                      <td>
                        <Link
                          to={forensicsPath(session.id)}
                          data-testid="row-visit-forensics"
                          aria-label={`Forensics of the visit of ${started}`}
                        >
                          {started}
                        </Link>
                      </td>
                      <td className={styles.pageCell} title={session.landingUrl}>
                        {pagePath(session.landingUrl)}
                      </td>
                      <td>{trafficTypeName(session.trafficType)}</td>
                      <td>{session.country ?? '—'}</td>
                      <td className={styles.numeric}>{session.hits}</td>
                      <td className={styles.verdictCell}>
                        <VerdictBadge
                          tier={session.riskLevel}
                          reasons={session.threats.map((id) => threatLabel(id).label).join(', ')}
                        />
                      </td>
                    </tr>
                  );
                })}
              </tbody>
            </table>
          </div>
          <Pager
            first={(page - 1) * ROW_SESSIONS_PAGE_SIZE + 1}
            shown={data.sessions.length}
            total={data.total}
            page={page - 1}
            pages={Math.max(1, Math.ceil(data.total / ROW_SESSIONS_PAGE_SIZE))}
            onPage={(next) => setPage(next + 1)}
            label="Visits"
            testId="row-visits-page"
          />
        </>
      )}
    </section>
  );
}
