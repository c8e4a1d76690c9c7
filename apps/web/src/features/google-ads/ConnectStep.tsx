import { useMutation } from '@tanstack/react-query';
import type { GoogleAdsState } from '@veracity/contracts/google-ads';
import { GuardedButton } from '../../components/GuardedButton/GuardedButton';
import { useShowApiError } from '../../lib/use-api-feedback';
import type { WriteAccess } from '../session/use-write-access';
import { openConsentPage } from './consent-page';
import styles from './GoogleAds.module.css';
import { connectGoogleAds } from './google-ads.api';
import { GOOGLE_ADS_PATHS } from './google-ads-copy';
import { markIntegrationStarted } from './integration-marker';

/**
 * Step 0: connect with Google (OAuth); a refused refresh token asks for a reconnect. A server without
 * a Google OAuth client says so, and what its operator sets, instead of a button that would fail.
 */
export function ConnectStep({ state, access }: { state: GoogleAdsState; access: WriteAccess }) {
  const showError = useShowApiError();
  const connect = useMutation({
    mutationFn: () => connectGoogleAds(GOOGLE_ADS_PATHS.linking),
    onSuccess: ({ url }) => {
      // Back from Google, the wizard resumes at the accounts step.
      markIntegrationStarted('google', 1);
      openConsentPage(url);
    },
    onError: showError,
  });
  const button = (label: string, variation: 'primary' | 'secondary' | 'orange') => (
    <GuardedButton
      access={access}
      variation={variation}
      loading={connect.isPending}
      onClick={() => connect.mutate()}
      data-testid="google-connect"
    >
      {label}
    </GuardedButton>
  );

  return (
    <div className={styles.stepBody} data-testid="google-step-connect">
      <h2 className={styles.stepTitle}>Connect with Google</h2>
      {state.configured === false ? (
        <p className={styles.warning} role="status" data-testid="google-not-configured">
          Google Ads is not set up on this Veracity server yet, so it cannot connect to Google. Whoever runs
          the server sets <code>GOOGLE_ADS_CLIENT_ID</code> and <code>GOOGLE_ADS_CLIENT_SECRET</code> (the
          OAuth client of a Google Cloud project with the Google Ads API enabled) and restarts it; then you
          can connect here.
        </p>
      ) : state.connection === 'reconnect' ? (
        <>
          <p className={styles.warning} role="alert" data-testid="google-reconnect">
            Google no longer accepts Veracity’s access to your Google Ads accounts (the access was revoked or
            has expired). Exclusions are paused until you reconnect.
          </p>
          {button('Reconnect with Google', 'orange')}
        </>
      ) : state.connection === 'connected' ? (
        <>
          <p className={styles.success} data-testid="google-connected">
            Connected: Veracity can read your accounts and campaigns and manage their exclusions.
          </p>
          <p className={styles.help}>
            To use another Google user, connect again; the accounts it can reach replace the current list.
          </p>
          {button('Connect another Google user', 'secondary')}
        </>
      ) : (
        <>
          <p className={styles.help}>
            Sign in with the Google user that manages your Google Ads accounts and allow Veracity to manage
            them. Veracity reads your accounts, campaigns and daily costs, and adds or removes IP exclusions
            and the invalid-visitor audience. You can unlink at any time.
          </p>
          {button('Connect with Google', 'primary')}
        </>
      )}
    </div>
  );
}
