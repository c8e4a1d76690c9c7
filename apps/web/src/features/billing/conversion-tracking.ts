import { SIGNUP_CONVERSION } from '@veracity/contracts/billing';
import type { ClientConfig } from '@veracity/contracts/client-config';

/**
 * Reports a sign-up to the track host (spec 01 §4, §9): after a trial sign-up and after a guest
 * checkout, in production (the server gives the address only there), a conversion of 75 EUR goes to
 * `{TRACK_URL}/conversion`; nothing goes anywhere else. It never holds the sign-up up: a failure is
 * dropped, and the request outlives the page it was sent from.
 */
export function reportSignupConversion(
  tracking: ClientConfig['conversionTracking'],
  plan: string,
  send: typeof fetch = (...args) => fetch(...args),
): void {
  if (!tracking) return;
  const body = JSON.stringify({ name: 'signup', plan, ...SIGNUP_CONVERSION });
  send(tracking.url, {
    method: 'POST',
    body,
    // A simple request: no preflight, no cookies.
    headers: { 'content-type': 'text/plain' },
    credentials: 'omit',
    keepalive: true,
  }).catch(() => undefined);
}
