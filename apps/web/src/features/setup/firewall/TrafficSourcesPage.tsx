import type { TrafficSource } from '@veracity/contracts/firewall';
import { GuardedButton } from '../../../components/GuardedButton/GuardedButton';
import { SlidePaneProvider } from '../../../components/SlidePane/SlidePaneProvider';
import { useTerms } from '../../session/use-terms';
import { useHoldsPermission, useWriteAccess } from '../../session/use-write-access';
import { ControlHeaders, RowControls } from '../RowControls';
import setupStyles from '../Setup.module.css';
import { SetupListPage } from '../SetupListPage';
import styles from './Firewall.module.css';
import { CsvDownloadButton, TodayCells, TodayHeaders } from './FirewallListParts';
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
    <SetupListPage
      testId="ts"
      title={plural}
      eyebrow="Setup · Firewall"
      actions={
        <>
          <CsvDownloadButton
            list="trafficSources"
            canRead={canRead}
            permission="traffic_source_view"
            testId="ts-download"
          />
          {createButton('s')}
        </>
      }
      intro={
        <>
          The networks and affiliates that send clicks to your firewall campaigns. Legitimate conversions are
          reported to each one's postback URL; hidden ones stay out of pickers.
        </>
      }
      cardTitle={plural}
      canRead={canRead}
      permission="traffic_source_view"
      noun={plural.toLowerCase()}
      list={sources}
      empty={{
        title: `No ${plural.toLowerCase()} yet`,
        action: createButton('m'),
        text: 'Add the network or affiliate that sends you clicks, with its postback URL, then use it in a campaign.',
      }}
    >
      {(rows) => (
        <table className={setupStyles.table} data-testid="ts-table">
          <thead>
            <tr>
              <th scope="col">Name</th>
              <TodayHeaders />
              <th scope="col" className={setupStyles.wide}>
                Postback URL
              </th>
              <ControlHeaders />
            </tr>
          </thead>
          <tbody>
            {rows.map((source) => (
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
                <RowControls
                  item={source}
                  testId="ts"
                  activeAccess={editAccess}
                  editAccess={editAccess}
                  onToggle={(field) => toggle.mutate({ item: source, field })}
                  onEdit={() => openForm(source)}
                />
              </tr>
            ))}
          </tbody>
        </table>
      )}
    </SetupListPage>
  );
}
