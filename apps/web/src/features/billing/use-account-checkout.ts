import { useMutation } from '@tanstack/react-query';
import type { CheckoutBody } from '@veracity/contracts/billing';
import { useEffect, useRef, useState } from 'react';
import { useSearchParams } from 'react-router';
import { reloadPage } from '../../lib/page-reload';
import { billingApi } from './billing.api';
import { useHostedCheckout } from './use-hosted-checkout';

export type AccountCheckoutPhase = 'idle' | 'opening' | 'applying' | 'failed';

/**
 * A signed-in account buys or changes its plan (spec 01 §4, §7): POST /billing/checkout gives the
 * hosted page, paid it is applied with /billing/checkout-finish and the page reloads. A page that
 * came back by redirect (`?id=&state=succeeded`, Chargebee without its script) is applied the same
 * way. Checkout errors are only logged (spec 01 §8); the phase says so to the screen.
 */
export function useAccountCheckout() {
  const hosted = useHostedCheckout();
  const [phase, setPhase] = useState<AccountCheckoutPhase>('idle');
  const [params, setParams] = useSearchParams();

  const finish = useMutation({
    mutationFn: billingApi.checkoutFinish,
    onMutate: () => setPhase('applying'),
    onSuccess: reloadPage,
    onError: (error) => {
      console.error('Checkout finish failed', error);
      setPhase('failed');
    },
  });

  const returned = params.get('state') === 'succeeded' ? params.get('id') : null;
  const applied = useRef(false);
  useEffect(() => {
    if (!returned || applied.current) return;
    applied.current = true;
    setParams(
      (current) => {
        current.delete('id');
        current.delete('state');
        return current;
      },
      { replace: true },
    );
    finish.mutate(returned);
  }, [returned, finish, setParams]);

  const start = (body: CheckoutBody) => {
    setPhase('opening');
    hosted.open(() => billingApi.checkout(body), {
      success: (hostedPageId) => finish.mutate(hostedPageId),
      close: () => setPhase('idle'),
      error: (error) => {
        console.error('Checkout failed', error);
        setPhase('failed');
      },
    });
  };

  return { start, phase, frame: hosted.frame, openPortal: hosted.openPortal };
}
