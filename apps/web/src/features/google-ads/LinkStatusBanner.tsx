import type { GoogleAdsState } from '@veracity/contracts/google-ads';
import { Button } from '../../components/Button/Button';
import { useNavigateWithSearch } from '../../lib/navigation';
import { GOOGLE_ADS_LINKING_PATH } from './exclusions.api';
import styles from './GoogleAdsPages.module.css';

export type LinkStatus = 'linked' | 'notLinked' | 'reconnect' | 'noActiveAccount';

/**
 * Whether the pages act on Google Ads (spec 02 §3): a connection Google accepts and at least one
 * account chosen for protection. Undefined while the state loads or when it cannot be read.
 */
export function linkStatus(state: GoogleAdsState | undefined): LinkStatus | undefined {
  if (!state) return undefined;
  if (state.connection === 'none') return 'notLinked';
  if (state.connection === 'reconnect') return 'reconnect';
  return state.areAllAccountsInactive ? 'noActiveAccount' : 'linked';
}

const NOT_LINKED_COPY: Record<
  Exclude<LinkStatus, 'linked'>,
  { title: string; text: string; action: string }
> = {
  notLinked: {
    title: 'Google Ads is not linked yet',
    text: 'The figures come from what your sensor saw. Link a Google Ads account to keep invalid visitors away from your ads: the exclusions then show here.',
    action: 'Link Google Ads',
  },
  reconnect: {
    title: 'Reconnect Google Ads',
    text: 'Google no longer accepts the access given to Veracity, so no exclusion is pushed. Connect again to resume protection.',
    action: 'Reconnect',
  },
  noActiveAccount: {
    title: 'No Google Ads account is protected',
    text: 'Google Ads is connected, but no account is chosen for protection, so no exclusion is pushed. Choose the accounts to protect.',
    action: 'Choose accounts',
  },
};

const MODE_NOTE = {
  detection:
    'Detection only: nothing is pushed to Google Ads; the exclusions listed are those protection would make.',
  dry_run: 'Dry run: exclusions are checked with Google Ads but not applied.',
} as const;

/**
 * What the page's figures mean for the link: a call to action to the linking when Google Ads is not
 * linked, must be reconnected or protects no account; a note when the protection mode pushes nothing.
 */
export function LinkStatusBanner({ state }: { state: GoogleAdsState | undefined }) {
  const navigate = useNavigateWithSearch();
  const status = linkStatus(state);
  if (!status || !state) return null;
  if (status === 'linked') {
    const mode = state.settings.protectionMode;
    if (mode === 'protection') return null;
    return (
      <p className={styles.caption} role="status" data-testid="google-ads-mode-note">
        {MODE_NOTE[mode]}
      </p>
    );
  }
  const copy = NOT_LINKED_COPY[status];
  return (
    <div className={styles.banner} data-testid="google-ads-not-linked" data-status={status}>
      <div>
        <p className={styles.bannerTitle}>{copy.title}</p>
        <p className={styles.caption}>{copy.text}</p>
      </div>
      <Button size="s" onClick={() => navigate(GOOGLE_ADS_LINKING_PATH)} data-testid="google-ads-link-cta">
        {copy.action}
      </Button>
    </div>
  );
}
