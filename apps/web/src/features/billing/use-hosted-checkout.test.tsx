import { renderHook, waitFor } from '@testing-library/react';
import type { HostedPage } from '@veracity/contracts/billing';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { ChargebeeCheckoutOptions } from './chargebee';
import { forgetChargebee } from './chargebee';
import { useHostedCheckout } from './use-hosted-checkout';

vi.mock('../client-config/client-config.api', () => ({
  loadClientConfig: async () => ({
    errorTracking: null,
    supportChat: null,
    billing: {
      provider: 'chargebee',
      site: 'acme-test',
      scriptUrl: 'https://js.chargebee.com/v2/chargebee.js',
    },
    tagManager: null,
    conversionTracking: null,
  }),
}));

const PAGE: HostedPage = {
  id: 'hp_cb',
  type: 'checkout_new',
  url: 'https://acme-test.chargebee.com/pages/v3/hp_cb/',
  state: 'created',
  embed: false,
  created_at: 1,
  expires_at: 2,
};

afterEach(() => {
  delete (window as Window & { Chargebee?: unknown }).Chargebee;
  forgetChargebee();
});

describe('useHostedCheckout with Chargebee.js', () => {
  it("initialises the site once, hands openCheckout the server's whole page, and ignores close after success", async () => {
    let options: ChargebeeCheckoutOptions | undefined;
    const init = vi.fn(() => ({
      openCheckout: (given: ChargebeeCheckoutOptions) => {
        options = given;
      },
      setPortalSession: vi.fn(),
      createChargebeePortal: vi.fn(),
    }));
    (window as Window & { Chargebee?: unknown }).Chargebee = { init, getInstance: vi.fn() };
    const handlers = { success: vi.fn(), close: vi.fn(), error: vi.fn() };
    const { result } = renderHook(() => useHostedCheckout());
    result.current.open(async () => PAGE, handlers);
    await waitFor(() => expect(options).toBeDefined());
    expect(init).toHaveBeenCalledWith({ site: 'acme-test' });
    await expect(options?.hostedPage()).resolves.toEqual(PAGE);
    options?.success('hp_cb');
    options?.close();
    expect(handlers.success).toHaveBeenCalledWith('hp_cb');
    expect(handlers.close).not.toHaveBeenCalled();

    result.current.open(async () => PAGE, handlers);
    await waitFor(() => expect(init).toHaveBeenCalledTimes(1));
    options?.close();
    await waitFor(() => expect(handlers.close).toHaveBeenCalledTimes(1));
  });
});
