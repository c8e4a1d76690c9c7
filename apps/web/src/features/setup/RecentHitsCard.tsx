import type { RecentHit } from '@veracity/contracts/s2s';
import { Link } from 'react-router';
import { Card } from '../../components/Card/Card';
import { EmptyState, LoadError, SkeletonRows } from '../../components/PageStates/PageStates';
import { ScrollRegion } from '../../components/Table/ScrollRegion';
import { VerdictBadge } from '../../components/VerdictBadge/VerdictBadge';
import { trafficTypeName } from '../../lib/traffic-types';
import { forensicsPath } from '../intelligence/forensics/forensics.api';
import type { useRecentHits } from './recent-hits.api';
import styles from './Setup.module.css';

export const RECENT_HITS_EMPTY = 'No visits yet';
export const RECENT_HITS_EMPTY_TEXT =
  'Open a page that has the snippet and it will appear here within seconds.';

const SECOND = 1000;
const MINUTE = 60 * SECOND;
const HOUR = 60 * MINUTE;
const DAY = 24 * HOUR;

/** "just now", "40 s ago", "2 min ago", "3 h ago", "5 d ago"; a time a little ahead (clock skew) is "just now". */
export function timeAgo(ts: string, now: number): string {
  const elapsed = now - Date.parse(ts);
  if (!Number.isFinite(elapsed) || elapsed < 10 * SECOND) return 'just now';
  if (elapsed < MINUTE) return `${Math.floor(elapsed / SECOND)} s ago`;
  if (elapsed < HOUR) return `${Math.floor(elapsed / MINUTE)} min ago`;
  if (elapsed < DAY) return `${Math.floor(elapsed / HOUR)} h ago`;
  return `${Math.floor(elapsed / DAY)} d ago`;
}

/** The page a hit was on, as path and query ("/pricing?plan=pro"); what does not parse is shown as sent. */
export function pagePath(url: string): string {
  let path: string;
  try {
    const parsed = new URL(url);
    path = `${parsed.pathname}${parsed.search}` || '/';
  } catch {
    return url;
  }
  try {
    // Readable rather than percent-encoded; decodeURI keeps reserved characters (%26, %3F) encoded.
    return decodeURI(path);
  } catch {
    return path;
  }
}

/** "Chrome · Windows" ("Other" once when both are Other); the device type when neither is known. */
function deviceLine(hit: RecentHit): string {
  const parts = new Set([hit.browser, hit.osName].filter((part): part is string => Boolean(part)));
  if (parts.size > 0) return [...parts].join(' · ');
  return hit.deviceType ? hit.deviceType.charAt(0).toUpperCase() + hit.deviceType.slice(1) : 'Unknown';
}

function Unknown() {
  return (
    <span className={styles.muted}>
      <span aria-hidden="true">—</span>
      <span className="visually-hidden">Unknown</span>
    </span>
  );
}

function VisitRow({ hit, now }: { hit: RecentHit; now: number }) {
  const exact = new Date(hit.ts).toLocaleString();
  const reasons = hit.threats.map((threat) => threat.label).join(', ');
  return (
    <tr data-testid="recent-hit">
      <td>
        {/* The visit's forensics: why it was judged as it was. */}
        <Link to={forensicsPath(hit.id)} data-testid="recent-hit-forensics">
          <time dateTime={hit.ts} title={exact}>
            {timeAgo(hit.ts, now)}
          </time>
        </Link>
      </td>
      <td className={styles.pageCell} title={hit.url} data-testid="recent-hit-page">
        {/* Untrusted text from the visitor's browser: rendered as text, never as a link or markup. */}
        {pagePath(hit.url)}
      </td>
      <td className={styles.wrapCell}>{trafficTypeName(hit.trafficType)}</td>
      <td>{hit.country ?? <Unknown />}</td>
      <td>{deviceLine(hit)}</td>
      <td className={styles.verdictCell}>
        <VerdictBadge
          tier={hit.riskLevel}
          reasons={reasons}
          testId="recent-hit-verdict"
          reasonsTestId="recent-hit-reasons"
        />
      </td>
    </tr>
  );
}

/**
 * "Latest visits" on the sensor page: the account's newest hits and how Veracity classified them,
 * so that a customer who just pasted the snippet sees visits arrive. `hits` is useRecentHits().
 */
export function RecentHitsCard({
  hits,
  accountSelected,
  accountLoading,
}: {
  hits: ReturnType<typeof useRecentHits>;
  accountSelected: boolean;
  /** The session (GET /api/me) is still loading: whether an account is selected is not known yet. */
  accountLoading: boolean;
}) {
  // A successful refresh re-renders the card, so the relative times move on every 10 s.
  const now = hits.dataUpdatedAt || Date.now();
  return (
    <Card
      title="Latest visits"
      flush
      actions={<span className={styles.note}>Updates every 10 seconds</span>}
      data-testid="recent-hits-card"
    >
      {accountLoading || (accountSelected && hits.isPending) ? (
        <SkeletonRows rows={4} testId="recent-hits-loading" />
      ) : !accountSelected ? (
        <EmptyState title="Select an account to see its visits" testId="recent-hits-no-account" />
      ) : hits.data === undefined ? (
        // Failed before any answer; a failed refresh keeps the visits already shown.
        <LoadError error={hits.error} onRetry={() => void hits.refetch()} />
      ) : hits.data.length === 0 ? (
        <EmptyState title={RECENT_HITS_EMPTY} testId="recent-hits-empty">
          {RECENT_HITS_EMPTY_TEXT}
        </EmptyState>
      ) : (
        <ScrollRegion className={styles.tableWrap} label="Latest visits">
          <table className={`${styles.table} ${styles.visits}`} data-testid="recent-hits-table">
            <caption className="visually-hidden">Latest visits, newest first</caption>
            <thead>
              <tr>
                <th scope="col">Time</th>
                <th scope="col">Page</th>
                <th scope="col">Channel</th>
                <th scope="col">Country</th>
                <th scope="col">Device</th>
                <th scope="col">Verdict</th>
              </tr>
            </thead>
            <tbody>
              {hits.data.map((hit) => (
                <VisitRow key={hit.id} hit={hit} now={now} />
              ))}
            </tbody>
          </table>
        </ScrollRegion>
      )}
    </Card>
  );
}
