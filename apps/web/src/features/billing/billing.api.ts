import { useQuery } from '@tanstack/react-query';
import { zOkResponse } from '@veracity/contracts/auth';
import {
  type CheckoutBody,
  type GuestCheckoutBody,
  zBillingState,
  zGuestCheckoutFinishResponse,
  zHostedPage,
  zPortalSession,
} from '@veracity/contracts/billing';
import { api } from '../../lib/api-client';

/** The /billing calls (spec 01 §7, docs/billing.md), each answer parsed with its contract. */
export const billingApi = {
  guestCheckout: (body: GuestCheckoutBody) =>
    api.post('/billing/guest-checkout', body, { schema: zHostedPage }),
  guestCheckoutFinish: (body: { hostedPageId: string; signupFields: { email: string; password: string } }) =>
    api.post('/billing/guest-checkout-finish', body, { schema: zGuestCheckoutFinishResponse }),
  checkout: (body: CheckoutBody) => api.post('/billing/checkout', body, { schema: zHostedPage }),
  checkoutFinish: (hostedPageId: string) =>
    api.post('/billing/checkout-finish', { hostedPageId }, { schema: zBillingState }),
  /** TEST MODE only (the built-in provider): the next renewal's payment fails. */
  failRenewal: () => api.post('/billing/test-mode/fail-renewal', {}, { schema: zOkResponse }),
  portal: (subscriptionId?: string) =>
    api.post('/billing/portal', subscriptionId ? { subscriptionId } : {}, { schema: zPortalSession }),
};

export const billingStateQueryKey = ['/billing/subscription'] as const;

/** The account's plan as billed: status, add-ons, this month's visits, the next invoice. */
export function useBillingState(enabled = true) {
  return useQuery({
    queryKey: billingStateQueryKey,
    queryFn: () => api.get('/billing/subscription', { schema: zBillingState }),
    enabled,
  });
}
