import { type Campaign, formatGoogleAccountId } from '@veracity/contracts/campaigns';
import { useState } from 'react';
import { GuardedButton } from '../../components/GuardedButton/GuardedButton';
import { useNotify } from '../../components/Notifications/use-notify';
import { useShowApiError } from '../../lib/use-api-feedback';
import { missingPermissionText, useHoldsPermission, useWriteAccess } from '../session/use-write-access';
import { ControlHeaders, RowControls } from './RowControls';
import { S2sCampaignFormModal } from './S2sCampaignFormModal';
import styles from './Setup.module.css';
import { SetupListPage } from './SetupListPage';
import { downloadS2sCampaigns, useS2sCampaigns } from './s2s-campaigns.api';
import { type CampaignToggle, useCampaignToggle } from './use-campaign-toggle';

export const NO_CONTENT_MESSAGE = 'No content';

/** Below 780 px the id and Google columns fold into one line under the name. */
function narrowLine(campaign: Campaign): string {
  const google = [
    campaign.googleAccountId ? formatGoogleAccountId(campaign.googleAccountId) : null,
    campaign.googleCampaignId,
    campaign.googleCampaignType,
  ].filter((part): part is string => part !== null);
  return [`#${campaign.id}`, ...google].join(' · ');
}

function useDownload() {
  const notify = useNotify();
  const showError = useShowApiError();
  const [busy, setBusy] = useState(false);
  const download = async () => {
    setBusy(true);
    try {
      if ((await downloadS2sCampaigns()) === 0) notify({ level: 'info', message: NO_CONTENT_MESSAGE });
    } catch (error) {
      showError(error);
    } finally {
      setBusy(false);
    }
  };
  return { busy, download };
}

/** /setup/s2s/list: campaigns reported server to server, with their toggles (spec 02 §2, §4, §7). */
export function S2sCampaignsPage() {
  const canRead = useHoldsPermission('campaign_view');
  const campaigns = useS2sCampaigns(canRead === true);
  const createAccess = useWriteAccess('campaign_create');
  const editAccess = useWriteAccess('campaign_edit');
  const pauseAccess = useWriteAccess('campaign_pause');
  // The active toggle is an edit that pauses: it needs both rights.
  const activeAccess = editAccess.allowed ? pauseAccess : editAccess;
  const toggle = useCampaignToggle();
  const { busy, download } = useDownload();
  const [editing, setEditing] = useState<Campaign | 'new' | null>(null);

  const flip = (campaign: Campaign, field: CampaignToggle) => toggle.mutate({ campaign, field });
  const createButton = (size: 's' | 'm') => (
    <GuardedButton
      size={size}
      access={createAccess}
      onClick={() => setEditing('new')}
      data-testid="s2s-create"
    >
      New campaign
    </GuardedButton>
  );

  return (
    <>
      <SetupListPage
        testId="s2s"
        title="S2S campaigns"
        eyebrow="Setup"
        actions={
          <>
            <GuardedButton
              size="s"
              variation="secondary"
              access={
                canRead === false
                  ? { allowed: false, reason: missingPermissionText('campaign_view') }
                  : { allowed: true, reason: null }
              }
              loading={busy}
              onClick={() => void download()}
              data-testid="s2s-download"
            >
              Download JSON
            </GuardedButton>
            {createButton('s')}
          </>
        }
        intro="Campaigns whose visits and conversions your server sends to Veracity. Pausing a campaign stops its traffic from being delivered; hidden campaigns stay out of pickers."
        cardTitle="Campaigns"
        canRead={canRead}
        permission="campaign_view"
        noun="campaigns"
        list={campaigns}
        empty={{
          title: 'No S2S campaigns yet',
          action: createButton('m'),
          text: 'Create a campaign, then send its hits and conversions from your server with your API key.',
        }}
      >
        {(rows) => (
          <table className={styles.table} data-testid="s2s-table">
            <thead>
              <tr>
                <th scope="col">Name</th>
                <th scope="col" className={styles.wide}>
                  Id
                </th>
                <th scope="col" className={styles.wide}>
                  Google account
                </th>
                <th scope="col" className={styles.wide}>
                  Google campaign
                </th>
                <th scope="col" className={styles.wide}>
                  Type
                </th>
                <ControlHeaders />
              </tr>
            </thead>
            <tbody>
              {rows.map((campaign) => (
                <tr
                  key={campaign.id}
                  data-testid={`s2s-row-${campaign.id}`}
                  data-hidden={campaign.hidden || undefined}
                >
                  <td>
                    <span className={styles.name}>{campaign.name}</span>
                    <span className={styles.narrowLine}>{narrowLine(campaign)}</span>
                  </td>
                  <td className={`${styles.muted} ${styles.wide}`}>{campaign.id}</td>
                  <td className={styles.wide}>
                    {campaign.googleAccountId ? formatGoogleAccountId(campaign.googleAccountId) : '–'}
                  </td>
                  <td className={styles.wide}>{campaign.googleCampaignId ?? '–'}</td>
                  <td className={styles.wide}>{campaign.googleCampaignType ?? '–'}</td>
                  <RowControls
                    item={campaign}
                    testId="s2s"
                    activeAccess={activeAccess}
                    editAccess={editAccess}
                    onToggle={(field) => flip(campaign, field)}
                    onEdit={() => setEditing(campaign)}
                  />
                </tr>
              ))}
            </tbody>
          </table>
        )}
      </SetupListPage>
      <S2sCampaignFormModal editing={editing} onClose={() => setEditing(null)} />
    </>
  );
}
