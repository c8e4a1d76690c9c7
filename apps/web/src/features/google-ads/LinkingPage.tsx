import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { GoogleAdsState } from '@veracity/contracts/google-ads';
import {
  GOOGLE_ADS_RETURN_PARAM,
  GOOGLE_ADS_RETURN_REASON_PARAM,
} from '@veracity/contracts/google-ads-setup';
import { useEffect, useRef, useState } from 'react';
import { useNavigate, useSearchParams } from 'react-router';
import { ConfirmModal } from '../../components/ConfirmModal/ConfirmModal';
import { GuardedButton } from '../../components/GuardedButton/GuardedButton';
import { useNotify } from '../../components/Notifications/use-notify';
import { PageHeader } from '../../components/PageHeader/PageHeader';
import { LoadError, SkeletonRows } from '../../components/PageStates/PageStates';
import { Stepper } from '../../components/Stepper/Stepper';
import { useShowApiError } from '../../lib/use-api-feedback';
import { useWriteAccess } from '../session/use-write-access';
import { AccountsStep } from './AccountsStep';
import { ConnectStep } from './ConnectStep';
import styles from './GoogleAds.module.css';
import { googleAdsStateKey, unlinkGoogleAds, useGoogleAdsState } from './google-ads.api';
import { GOOGLE_ADS_PATHS } from './google-ads-copy';
import {
  clearIntegrationMarker,
  markerStep,
  markIntegrationCompleted,
  markIntegrationStarted,
} from './integration-marker';
import { ProtectionStep } from './ProtectionStep';

export const STEP_TITLES = ['Connect with Google', 'Choose accounts to protect', 'Protection mode'] as const;

/** Where the wizard opens: the step the marker kept, else the first step that is not ready. */
export function initialStep(status: GoogleAdsState['gAdsSetupStatus'], resumed: number | null): number {
  if (resumed !== null) return Math.min(resumed, STEP_TITLES.length - 1);
  const first = status.indexOf(false);
  return first === -1 ? STEP_TITLES.length - 1 : first;
}

/** Says how the round trip through Google's consent page ended, once, and drops the parameter. */
function useConsentReturn() {
  const [params, setParams] = useSearchParams();
  const notify = useNotify();
  const outcome = params.get(GOOGLE_ADS_RETURN_PARAM);
  const reason = params.get(GOOGLE_ADS_RETURN_REASON_PARAM);
  const said = useRef(false);
  useEffect(() => {
    if (!outcome || said.current) return;
    said.current = true;
    if (outcome === 'connected') notify.success('Google Ads connected. Choose the accounts to protect.');
    else
      notify.error(
        reason === 'access_denied'
          ? 'Google Ads was not connected: access was not granted on Google’s page.'
          : `Google Ads could not be connected${reason ? ` (${reason})` : ''}. Please try again.`,
      );
    setParams(
      (current) => {
        const next = new URLSearchParams(current);
        next.delete(GOOGLE_ADS_RETURN_PARAM);
        next.delete(GOOGLE_ADS_RETURN_REASON_PARAM);
        return next;
      },
      { replace: true },
    );
  }, [outcome, reason, notify, setParams]);
}

/** A new account list (refresh, save) resets the picker's choice to what the server holds. */
function accountsKey(state: GoogleAdsState): string {
  return state.accounts.map((account) => `${account.customerId}:${account.active ? 1 : 0}`).join(',');
}

function LinkingWizard({ state }: { state: GoogleAdsState }) {
  const access = useWriteAccess('account_manage_integrations');
  const navigate = useNavigate();
  const notify = useNotify();
  const [step, setStep] = useState(() => initialStep(state.gAdsSetupStatus, markerStep('google')));
  const goTo = (next: number) => {
    setStep(next);
    markIntegrationStarted('google', next);
  };
  const finish = () => {
    markIntegrationCompleted('google');
    notify.success('Google Ads is linked.');
    void navigate(GOOGLE_ADS_PATHS.accountSettings);
  };
  const steps = [
    {
      title: STEP_TITLES[0],
      ready: state.gAdsSetupStatus[0],
      panels: <ConnectStep state={state} access={access} />,
    },
    {
      title: STEP_TITLES[1],
      ready: state.gAdsSetupStatus[1],
      panels: (
        <AccountsStep key={accountsKey(state)} state={state} access={access} onConnect={() => goTo(0)} />
      ),
    },
    {
      title: STEP_TITLES[2],
      ready: state.gAdsSetupStatus[2],
      panels: <ProtectionStep state={state} access={access} onFinish={finish} />,
    },
  ];
  return <Stepper steps={steps} step={step} onStepChange={goTo} label="Google Ads linking steps" />;
}

function UnlinkButton() {
  const access = useWriteAccess('account_manage_integrations');
  const client = useQueryClient();
  const notify = useNotify();
  const showError = useShowApiError();
  const [confirming, setConfirming] = useState(false);
  const unlink = useMutation({
    mutationFn: unlinkGoogleAds,
    onSuccess: async () => {
      setConfirming(false);
      clearIntegrationMarker('google');
      notify.success('Google Ads unlinked');
      await client.invalidateQueries({ queryKey: googleAdsStateKey });
    },
    onError: (error) => {
      setConfirming(false);
      showError(error);
    },
  });
  return (
    <>
      <GuardedButton
        size="s"
        variation="red"
        access={access}
        onClick={() => setConfirming(true)}
        data-testid="google-unlink"
      >
        Unlink Google Ads
      </GuardedButton>
      <ConfirmModal
        subject={confirming ? 'google' : null}
        title="Unlink Google Ads?"
        describe={() =>
          'Veracity’s access is revoked at Google and the stored tokens and account list are deleted. Exclusions already in your campaigns stay until you remove them in Google Ads.'
        }
        confirmLabel="Unlink"
        pending={unlink.isPending}
        onConfirm={() => unlink.mutate()}
        onCancel={() => setConfirming(false)}
        confirmTestId="google-unlink-confirm"
      />
    </>
  );
}

/** /integrations/google-ads/linking: the google stepper (spec 02 §2 integration wizards). */
export function LinkingPage() {
  useConsentReturn();
  const state = useGoogleAdsState();
  return (
    <div className={styles.page} data-testid="google-linking-page">
      <PageHeader
        title="Link Google Ads"
        eyebrow="Google Ads"
        actions={state.data && state.data.connection !== 'none' ? <UnlinkButton /> : undefined}
      />
      <p className={styles.intro}>
        Three steps: connect the Google user that manages your ads, choose the accounts to protect, and decide
        what Veracity does with the invalid traffic it finds.
      </p>
      {state.isPending ? (
        <SkeletonRows rows={5} testId="google-linking-loading" />
      ) : state.isError ? (
        <LoadError error={state.error} onRetry={() => void state.refetch()} />
      ) : (
        // Unlinking (or a first connection) starts the wizard over from the state's readiness.
        <LinkingWizard key={state.data.connection === 'none' ? 'unlinked' : 'linked'} state={state.data} />
      )}
    </div>
  );
}
