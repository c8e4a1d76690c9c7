import {
  AD_CHANNEL_NAMES,
  AD_CHANNEL_RETURN_PARAM,
  AD_CHANNEL_RETURN_REASON_PARAM,
  type AdChannel,
} from '@veracity/contracts/ad-channels';
import { useEffect, useRef } from 'react';
import { useSearchParams } from 'react-router';
import { useNotify } from '../../components/Notifications/use-notify';

/** The callback's reasons a person can act on. */
const REASONS: Record<string, string> = {
  access_denied: 'access was not granted on the platform’s page',
  invalid_state: 'the link expired or was already used; start again',
  exchange_failed: 'the platform did not accept the sign-in; try again',
  not_configured: 'this server has no client for the platform',
};

/** Says once how the round trip through the platform's consent page ended, and drops the parameters. */
export function useConsentReturn(channel: AdChannel): void {
  const [params, setParams] = useSearchParams();
  const notify = useNotify();
  const outcome = params.get(AD_CHANNEL_RETURN_PARAM);
  const reason = params.get(AD_CHANNEL_RETURN_REASON_PARAM);
  const said = useRef(false);
  useEffect(() => {
    if (!outcome || said.current) return;
    said.current = true;
    const name = AD_CHANNEL_NAMES[channel];
    if (outcome === 'linked') notify.success(`${name} connected. Choose the ad account.`);
    else notify.error(`${name} was not connected: ${REASONS[reason ?? ''] ?? 'please try again'}.`);
    setParams(
      (current) => {
        const next = new URLSearchParams(current);
        next.delete(AD_CHANNEL_RETURN_PARAM);
        next.delete(AD_CHANNEL_RETURN_REASON_PARAM);
        return next;
      },
      { replace: true },
    );
  }, [outcome, reason, channel, notify, setParams]);
}
