import { useMutation } from '@tanstack/react-query';
import { AD_CHANNEL_NAMES, type AdChannel, type AdChannelState } from '@veracity/contracts/ad-channels';
import { useState } from 'react';
import { Link } from 'react-router';
import { Card } from '../../components/Card/Card';
import { ConfirmModal } from '../../components/ConfirmModal/ConfirmModal';
import { Dropdown } from '../../components/Dropdown/Dropdown';
import { GuardedButton } from '../../components/GuardedButton/GuardedButton';
import { LoadError, SkeletonRows } from '../../components/PageStates/PageStates';
import { useShowApiError } from '../../lib/use-api-feedback';
import { openConsentPage } from '../google-ads/consent-page';
import { useWriteAccess, type WriteAccess } from '../session/use-write-access';
import styles from './AdChannels.module.css';
import { connectAdChannel, useAdChannelState, useAdChannelWrite } from './ad-channels.api';
import { linkingPath, overviewPath, PLATFORM_NAMES } from './ad-channels-copy';
import { AudienceStatus, MetaStatus, ProblemBanner } from './ConnectionParts';
import { TargetsTable } from './TargetsTable';

/**
 * The linking by API of a channel (issue 35): connect by OAuth, choose the ad account, the exclusion
 * audience Veracity created with its size, the ad sets / campaigns / ad groups that exclude it, sync and
 * disconnect. A server without the platform's client says so and points at the manual wizard.
 */
export function ConnectionCard({ channel }: { channel: AdChannel }) {
  const state = useAdChannelState(channel);
  const access = useWriteAccess('account_manage_integrations');
  return (
    <Card title="Linking by API" data-testid="ad-channel-connection">
      {state.isPending ? (
        <SkeletonRows rows={3} />
      ) : state.isError ? (
        <LoadError error={state.error} onRetry={() => void state.refetch()} />
      ) : (
        <ConnectionBody state={state.data} access={access} />
      )}
    </Card>
  );
}

function ConnectionBody({ state, access }: { state: AdChannelState; access: WriteAccess }) {
  const { channel } = state;
  const platform = PLATFORM_NAMES[channel];
  const wizard = (
    <Link to={linkingPath(channel)} className={styles.link}>
      Integration Steps
    </Link>
  );
  if (!state.configured) {
    return (
      <div className={styles.stack}>
        {state.meta ? <MetaStatus status={state.meta} /> : null}
        <p className={styles.help} data-testid="ad-channel-not-configured">
          Linking {AD_CHANNEL_NAMES[channel]} by API is not set up on this Veracity server. Follow the{' '}
          {wizard} to create the exclusion audience in {platform} by hand: it works the same way.
        </p>
      </div>
    );
  }
  return (
    <div className={styles.stack}>
      {state.meta ? <MetaStatus status={state.meta} /> : null}
      {state.problem ? <ProblemBanner problem={state.problem} /> : null}
      {state.connection === 'connected' ? (
        <Connected state={state} access={access} />
      ) : (
        <>
          <p className={styles.help} data-testid="ad-channel-connect-help">
            {state.connection === 'reconnect'
              ? `${platform} no longer accepts Veracity’s access (it was revoked or has expired). The audience keeps working in ${platform}; reconnect to keep its status and exclusions in step.`
              : `Connect ${platform} and Veracity creates the exclusion audience from the sensor’s event and attaches it for you. Prefer to do it yourself? Follow the`}{' '}
            {state.connection === 'reconnect' ? null : wizard}
          </p>
          <ConnectButton
            channel={channel}
            access={access}
            label={state.connection === 'reconnect' ? `Reconnect ${platform}` : `Connect ${platform}`}
          />
        </>
      )}
    </div>
  );
}

function ConnectButton({
  channel,
  access,
  label,
}: {
  channel: AdChannel;
  access: WriteAccess;
  label: string;
}) {
  const showError = useShowApiError();
  const connect = useMutation({
    mutationFn: () => connectAdChannel(channel, overviewPath(channel)),
    onSuccess: ({ url }) => openConsentPage(url),
    onError: showError,
  });
  return (
    <div className={styles.actions}>
      <GuardedButton
        access={access}
        loading={connect.isPending}
        onClick={() => connect.mutate()}
        data-testid="ad-channel-connect"
      >
        {label}
      </GuardedButton>
    </div>
  );
}

function Connected({ state, access }: { state: AdChannelState; access: WriteAccess }) {
  const { channel } = state;
  const write = useAdChannelWrite(channel);
  const showError = useShowApiError();
  const [confirming, setConfirming] = useState<AdChannelState | null>(null);
  const run = (change: Parameters<typeof write.mutate>[0]) => write.mutate(change, { onError: showError });
  const accountOptions = state.accounts.map((account) => ({
    value: account.id,
    label: `${account.name} (${account.id})`,
  }));
  return (
    <>
      <div className={styles.row}>
        <div className={styles.field}>
          <span className={styles.label} id="ad-channel-account-label">
            Ad account
          </span>
          {state.accounts.length === 0 ? (
            <span className={styles.help} data-testid="ad-channel-no-accounts">
              This {PLATFORM_NAMES[channel]} user reaches no ad account.
            </span>
          ) : (
            <Dropdown
              options={accountOptions}
              value={state.account?.id ?? null}
              onChange={(accountId) => run({ kind: 'account', accountId })}
              placeholder="Choose the ad account"
              disabled={!access.allowed || write.isPending}
              width={320}
              aria-label="Ad account"
            />
          )}
        </div>
        <div className={styles.actions}>
          <GuardedButton
            access={access}
            variation="secondary"
            size="s"
            loading={write.isPending && write.variables?.kind === 'sync'}
            onClick={() => run({ kind: 'sync' })}
            data-testid="ad-channel-sync"
          >
            Sync now
          </GuardedButton>
          <GuardedButton
            access={access}
            variation="white"
            size="s"
            onClick={() => setConfirming(state)}
            data-testid="ad-channel-disconnect"
          >
            Disconnect
          </GuardedButton>
        </div>
      </div>
      {state.audience ? <AudienceStatus channel={channel} audience={state.audience} /> : null}
      {state.account && state.audience ? (
        <TargetsTable
          state={state}
          access={access}
          saving={write.isPending && write.variables?.kind === 'exclusions'}
          onSave={(targetIds) => run({ kind: 'exclusions', targetIds })}
        />
      ) : null}
      {state.lastSyncAt ? (
        <p className={styles.caption} data-testid="ad-channel-last-sync">
          Last synced {new Date(state.lastSyncAt).toLocaleString()}
        </p>
      ) : null}
      <ConfirmModal
        subject={confirming}
        title={`Disconnect ${PLATFORM_NAMES[channel]}?`}
        describe={() =>
          `Veracity stops updating the audience’s status and exclusions and deletes its access. The audience and the exclusions stay in ${PLATFORM_NAMES[channel]}: remove them there if you no longer want them.`
        }
        confirmLabel="Disconnect"
        pending={write.isPending}
        onConfirm={() =>
          write.mutate({ kind: 'disconnect' }, { onError: showError, onSettled: () => setConfirming(null) })
        }
        onCancel={() => setConfirming(null)}
        confirmTestId="ad-channel-disconnect-confirm"
      />
    </>
  );
}
