import type { HostedPage } from '@veracity/contracts/billing';
import type { BillingClientConfig } from '@veracity/contracts/client-config';
import { type ReactNode, useCallback, useRef, useState } from 'react';
import { Modal } from '../../components/Modal/Modal';
import { loadClientConfig } from '../client-config/client-config.api';
import { isDemoHost } from '../session/logout';
import { billingApi } from './billing.api';
import { chargebeeInstance, subscriptionSection } from './chargebee';
import styles from './HostedCheckout.module.css';

/** What a checkout tells the screen that opened it; `close` is not called after `success`. */
export interface CheckoutHandlers {
  success: (hostedPageId: string) => void;
  close: () => void;
  error: (error: unknown) => void;
}

/** The outcome the built-in page shows at the end of a framed checkout (data-checkout-state). */
export function readFramedOutcome(
  frame: HTMLIFrameElement,
): { state: 'succeeded' | 'cancelled'; hostedPageId: string } | null {
  let marker: Element | null = null;
  try {
    marker = frame.contentDocument?.querySelector('[data-checkout-state]') ?? null;
  } catch {
    return null; // not the provider's page on this origin: nothing to read
  }
  const state = marker?.getAttribute('data-checkout-state');
  const hostedPageId = marker?.getAttribute('data-hosted-page-id');
  if ((state !== 'succeeded' && state !== 'cancelled') || !hostedPageId) return null;
  return { state, hostedPageId };
}

async function billingConfig(): Promise<BillingClientConfig> {
  if (isDemoHost(window.location.hostname)) throw new Error('No payment provider on the demo host');
  return (await loadClientConfig()).billing;
}

/** Calls `close` only when no `success` came first (Chargebee.js calls both when a paid page closes). */
function once(handlers: CheckoutHandlers): CheckoutHandlers {
  let succeeded = false;
  return {
    success: (id) => {
      succeeded = true;
      handlers.success(id);
    },
    close: () => {
      if (!succeeded) handlers.close();
    },
    error: handlers.error,
  };
}

interface FramedCheckout {
  page: HostedPage;
  handlers: CheckoutHandlers;
}

/**
 * Opens the provider's hosted checkout over the screen (spec 01 §4): Chargebee.js's modal with the
 * server's hosted page object, or, with the built-in test mode, its page in a frame of the same
 * origin, whose end is read from the page. No provider is initialised on the demo host (spec 01 §9).
 * The screen renders `frame`.
 */
export function useHostedCheckout(): {
  open: (hostedPage: () => Promise<HostedPage>, handlers: CheckoutHandlers) => void;
  openPortal: (subscriptionId: string | undefined, onClose: () => void) => Promise<void>;
  frame: ReactNode;
} {
  const [framed, setFramed] = useState<FramedCheckout | null>(null);
  const frameRef = useRef<HTMLIFrameElement>(null);

  const open = useCallback((hostedPage: () => Promise<HostedPage>, given: CheckoutHandlers) => {
    const handlers = once(given);
    void (async () => {
      try {
        const config = await billingConfig();
        if (config.provider === 'chargebee') {
          const chargebee = await chargebeeInstance(config);
          chargebee.openCheckout({ hostedPage, ...handlers });
          return;
        }
        setFramed({ page: await hostedPage(), handlers });
      } catch (error) {
        handlers.error(error);
      }
    })();
  }, []);

  const openPortal = useCallback(async (subscriptionId: string | undefined, onClose: () => void) => {
    const config = await billingConfig();
    if (config.provider !== 'chargebee') throw new Error('The built-in provider has no portal');
    const chargebee = await chargebeeInstance(config);
    chargebee.setPortalSession(() => billingApi.portal(subscriptionId));
    chargebee
      .createChargebeePortal()
      .open(
        { close: onClose },
        subscriptionId ? { sectionType: subscriptionSection(), params: { subscriptionId } } : undefined,
      );
  }, []);

  const onFrameLoad = () => {
    const frame = frameRef.current;
    if (!frame || !framed) return;
    const outcome = readFramedOutcome(frame);
    if (!outcome) return;
    setFramed(null);
    if (outcome.state === 'succeeded') framed.handlers.success(outcome.hostedPageId);
    else framed.handlers.close();
  };

  const frame = (
    <Modal
      open={framed !== null}
      onOpenChange={(next) => {
        if (next || !framed) return;
        setFramed(null);
        framed.handlers.close();
      }}
      title="Checkout"
      closeOnOutsideClick={false}
      width={560}
    >
      {framed ? (
        <iframe
          ref={frameRef}
          className={styles.frame}
          src={framed.page.url}
          title="Checkout"
          onLoad={onFrameLoad}
          data-testid="hosted-checkout-frame"
        />
      ) : null}
    </Modal>
  );
  return { open, openPortal, frame };
}
