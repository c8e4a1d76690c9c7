import type { TrafficSource } from '@veracity/contracts/firewall';
import { Card } from '../../../components/Card/Card';
import { GuardedButton } from '../../../components/GuardedButton/GuardedButton';
import { PageHeader } from '../../../components/PageHeader/PageHeader';
import { EmptyState, LoadError, SkeletonRows } from '../../../components/PageStates/PageStates';
import { RowActions } from '../../../components/RowActions/RowActions';
import { SlidePaneProvider } from '../../../components/SlidePane/SlidePaneProvider';
import { useTerms } from '../../session/use-terms';
import { missingPermissionText, useHoldsPermission, useWriteAccess } from '../../session/use-write-access';
import { GuardedToggle, HIDDEN_LABELS } from '../GuardedToggle';
import setupStyles from '../Setup.module.css';
import styles from './Firewall.module.css';
import { CsvDownloadButton, TodayCells } from './FirewallListParts';
import { toggleTrafficSource, trafficSourcesQueryKey, useTrafficSources } from './firewall.api';
import { useTodayFigures } from './firewall-today.api';
import { useTrafficSourcePane } from './TrafficSourceForm';
import { useFirewallToggle } from './use-firewall-toggle';

/** /setup/firewall/traffic-sources/list: where clicks come from (spec 02 §2, §4, §7). */
export function TrafficSourcesPage() {
  return (
    <SlidePaneProvider>
      <TrafficSourcesList />
    </SlidePaneProvider>
  );
}

function TrafficSourcesList() {
  const terms = useTerms();
  const canRead = useHoldsPermission('traffic_source_view');
  const sources = useTrafficSources(canRead === true);
  const today = useTodayFigures('trafficSource');
  const createAccess = useWriteAccess('traffic_source_create');
  // Every change of a traffic source, its status included, needs traffic_source_edit (spec 01 §6).
  const editAccess = useWriteAccess('traffic_source_edit');
  const toggle = useFirewallToggle<TrafficSource>(trafficSourcesQueryKey, toggleTrafficSource);
  const openForm = useTrafficSourcePane();
  const plural = terms.plural('trafficSource');

  const createButton = (size: 's' | 'm') => (
    <GuardedButton size={size} access={createAccess} onClick={() => openForm(null)} data-testid="ts-create">
      New {terms.term('trafficSource')}
    </GuardedButton>
  );

  return (
    <div className={setupStyles.page} data-testid="ts-page">
      <PageHeader
        title={plural}
        eyebrow="Setup · Firewall"
        actions={
          <div className={setupStyles.headerActions}>
            <CsvDownloadButton
              list="trafficSources"
              canRead={canRead}
              permission="traffic_source_view"
              testId="ts-download"
            />
            {createButton('s')}
          </div>
        }
      />
      <p className={setupStyles.intro}>
        The networks and affiliates that send clicks to your firewall campaigns. Legitimate conversions are
        reported to each one's postback URL; hidden ones stay out of pickers.
      </p>
      <Card title={plural} flush data-testid="ts-card">
        {canRead === false ? (
          <EmptyState title={`You cannot see ${plural.toLowerCase()}`} testId="ts-no-permission">
            {missingPermissionText('traffic_source_view')}
          </EmptyState>
        ) : canRead === undefined || sources.isPending ? (
          <SkeletonRows rows={4} testId="ts-loading" />
        ) : sources.isError ? (
          <LoadError error={sources.error} onRetry={() => void sources.refetch()} />
        ) : sources.data.length === 0 ? (
          <EmptyState title={`No ${plural.toLowerCase()} yet`} action={createButton('m')} testId="ts-empty">
            Add the network or affiliate that sends you clicks, with its postback URL, then use it in a
            campaign.
          </EmptyState>
        ) : (
          <div className={setupStyles.tableWrap}>
            <table className={setupStyles.table} data-testid="ts-table">
              <thead>
                <tr>
                  <th scope="col">Name</th>
                  <th scope="col" className={`${styles.numeric} ${styles.wrapHeader} ${setupStyles.wide}`}>
                    {terms.plural('click')} today
                  </th>
                  <th scope="col" className={`${styles.numeric} ${styles.wrapHeader} ${setupStyles.wide}`}>
                    Invalid today
                  </th>
                  <th scope="col" className={setupStyles.wide}>
                    Postback URL
                  </th>
                  <th scope="col">Status</th>
                  <th scope="col">Hidden</th>
                  <th scope="col">
                    <span className="visually-hidden">Actions</span>
                  </th>
                </tr>
              </thead>
              <tbody>
                {sources.data.map((source) => (
                  <tr
                    key={source.id}
                    data-testid={`ts-row-${source.id}`}
                    data-hidden={source.hidden || undefined}
                  >
                    <td className={styles.wrapCell}>
                      <span className={setupStyles.name}>{source.name}</span>
                      <span className={setupStyles.narrowLine}>#{source.id}</span>
                    </td>
                    <TodayCells figures={today.data?.get(source.id)} loaded={today.isSuccess} />
                    <td className={setupStyles.wide}>
                      <span className={styles.url} title={source.postbackUrl ?? undefined}>
                        {source.postbackUrl ?? '–'}
                      </span>
                    </td>
                    <td>
                      <GuardedToggle
                        access={editAccess}
                        checked={source.active}
                        onChange={() => toggle.mutate({ item: source, field: 'active' })}
                        aria-label={`${source.name}: active`}
                        testId={`ts-active-${source.id}`}
                      />
                    </td>
                    <td>
                      <GuardedToggle
                        access={editAccess}
                        checked={source.hidden}
                        onChange={() => toggle.mutate({ item: source, field: 'hidden' })}
                        aria-label={`${source.name}: hidden`}
                        labels={HIDDEN_LABELS}
                        testId={`ts-hidden-${source.id}`}
                      />
                    </td>
                    <td className={setupStyles.actionsCell}>
                      <RowActions
                        access={editAccess}
                        name="ts"
                        id={source.id}
                        subject={source.name}
                        onEdit={() => openForm(source)}
                      />
                    </td>
                  </tr>
                ))}
              </tbody>
            </table>
          </div>
        )}
      </Card>
    </div>
  );
}
