import type { FirewallCampaign } from '@veracity/contracts/firewall';
import { Button } from '../../../components/Button/Button';
import { GuardedButton } from '../../../components/GuardedButton/GuardedButton';
import { SlidePaneProvider } from '../../../components/SlidePane/SlidePaneProvider';
import { formatNumber } from '../../../lib/format';
import { useTerms } from '../../session/use-terms';
import { useHoldsPermission, useWriteAccess } from '../../session/use-write-access';
import { ControlHeaders, RowControls } from '../RowControls';
import setupStyles from '../Setup.module.css';
import { SetupListPage } from '../SetupListPage';
import { useCampaignPane } from './CampaignForm';
import { useCampaignLinksPane } from './CampaignLinksPane';
import styles from './Firewall.module.css';
import { CsvDownloadButton, TodayCells, TodayHeaders } from './FirewallListParts';
import {
  firewallCampaignsQueryKey,
  toggleFirewallCampaign,
  useFirewallCampaigns,
  useOffers,
  useTrafficSources,
} from './firewall.api';
import { type TodayFigures, useTodayFigures } from './firewall-today.api';
import { useFirewallToggle } from './use-firewall-toggle';

/** /setup/firewall/campaigns/list: firewall campaigns with today's decisions (spec 02 §2, §4, §7). */
export function FirewallCampaignsPage() {
  return (
    <SlidePaneProvider>
      <FirewallCampaignsList />
    </SlidePaneProvider>
  );
}

function nameOf(items: readonly { id: number; name: string }[] | undefined, id: number | null): string {
  if (id === null) return '–';
  return items?.find((item) => item.id === id)?.name ?? `#${id}`;
}

function StatusCounts({ figures, loaded }: { figures: TodayFigures | undefined; loaded: boolean }) {
  if (!figures && !loaded) return <>–</>;
  const count = (value: number | undefined) => formatNumber(value ?? 0);
  return (
    <span className={styles.statusCounts}>
      <abbr title="Delivered">{count(figures?.delivered)}</abbr>
      <span aria-hidden="true">/</span>
      <abbr title="Paused">{count(figures?.paused)}</abbr>
      <span aria-hidden="true">/</span>
      <abbr title="Blocked">{count(figures?.blocked)}</abbr>
    </span>
  );
}

function FirewallCampaignsList() {
  const terms = useTerms();
  const canRead = useHoldsPermission('campaign_view');
  const campaigns = useFirewallCampaigns(canRead === true);
  const offers = useOffers(useHoldsPermission('offer_view') === true);
  const sources = useTrafficSources(useHoldsPermission('traffic_source_view') === true);
  const today = useTodayFigures('campaign');
  const createAccess = useWriteAccess('campaign_create');
  const editAccess = useWriteAccess('campaign_edit');
  const pauseAccess = useWriteAccess('campaign_pause');
  const toggle = useFirewallToggle<FirewallCampaign>(firewallCampaignsQueryKey, toggleFirewallCampaign);
  const openForm = useCampaignPane();
  const openLinks = useCampaignLinksPane();
  const plural = terms.plural('campaign');

  const createButton = (size: 's' | 'm') => (
    <GuardedButton
      size={size}
      access={createAccess}
      onClick={() => openForm(null)}
      data-testid="campaign-create"
    >
      New {terms.term('campaign')}
    </GuardedButton>
  );

  return (
    <SetupListPage
      testId="campaign"
      title={`Firewall ${plural.toLowerCase()}`}
      eyebrow="Setup · Firewall"
      actions={
        <>
          <CsvDownloadButton
            list="campaigns"
            canRead={canRead}
            permission="campaign_view"
            testId="campaign-download"
          />
          {createButton('s')}
        </>
      }
      intro={
        <>
          Each campaign takes the {terms.plural('click').toLowerCase()} of a{' '}
          {terms.term('trafficSource').toLowerCase()} and, by the detection verdict, delivers them to its{' '}
          {terms.term('offer').toLowerCase()}, pauses or blocks them. Today's figures are in the account's
          time zone.
        </>
      }
      cardTitle={plural}
      canRead={canRead}
      permission="campaign_view"
      noun={plural.toLowerCase()}
      list={campaigns}
      empty={{
        title: `No firewall ${plural.toLowerCase()} yet`,
        action: createButton('m'),
        text: (
          <>
            Create a campaign with its {terms.term('offer').toLowerCase()} and{' '}
            {terms.term('trafficSource').toLowerCase()}, then give its click link to the{' '}
            {terms.term('trafficSource').toLowerCase()}.
          </>
        ),
      }}
    >
      {(rows) => (
        <table className={setupStyles.table} data-testid="campaign-table">
          <thead>
            <tr>
              <th scope="col">Name</th>
              <th scope="col" className={setupStyles.wide}>
                {terms.term('offer')}
              </th>
              <th scope="col" className={setupStyles.wide}>
                {terms.term('trafficSource')}
              </th>
              <TodayHeaders />
              <th scope="col" className={`${styles.numeric} ${styles.wrapHeader} ${setupStyles.wide}`}>
                Delivered / Paused / Blocked
              </th>
              <ControlHeaders />
            </tr>
          </thead>
          <tbody>
            {rows.map((campaign) => {
              const figures = today.data?.get(campaign.id);
              return (
                <tr
                  key={campaign.id}
                  data-testid={`campaign-row-${campaign.id}`}
                  data-hidden={campaign.hidden || undefined}
                >
                  <td className={styles.wrapCell}>
                    <span className={setupStyles.name}>{campaign.name}</span>
                    <span className={setupStyles.narrowLine}>
                      #{campaign.id} · {nameOf(offers.data, campaign.offerId)} ·{' '}
                      {nameOf(sources.data, campaign.trafficSourceId)}
                    </span>
                  </td>
                  <td className={`${setupStyles.wide} ${styles.wrapCell}`} data-cell="offer">
                    {nameOf(offers.data, campaign.offerId)}
                  </td>
                  <td className={`${setupStyles.wide} ${styles.wrapCell}`} data-cell="source">
                    {nameOf(sources.data, campaign.trafficSourceId)}
                  </td>
                  <TodayCells figures={figures} loaded={today.isSuccess} />
                  <td className={`${styles.numeric} ${setupStyles.wide}`} data-cell="statuses">
                    <StatusCounts figures={figures} loaded={today.isSuccess} />
                  </td>
                  <RowControls
                    item={campaign}
                    testId="campaign"
                    activeAccess={pauseAccess}
                    editAccess={editAccess}
                    onToggle={(field) => toggle.mutate({ item: campaign, field })}
                    onEdit={() => openForm(campaign)}
                    actionsClassName={styles.rowActions}
                    extra={
                      <Button
                        size="s"
                        variation="white"
                        onClick={() => openLinks(campaign)}
                        aria-label={`Click link and JS tag of ${campaign.name}`}
                        data-testid={`campaign-links-${campaign.id}`}
                      >
                        Link &amp; tag
                      </Button>
                    }
                  />
                </tr>
              );
            })}
          </tbody>
        </table>
      )}
    </SetupListPage>
  );
}
