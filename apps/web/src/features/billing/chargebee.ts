import type { HostedPage, PortalSession } from '@veracity/contracts/billing';

/**
 * The part of Chargebee.js (v2) the dashboard uses: `Chargebee.init({ site })`, `openCheckout` with
 * the server's whole hosted page object (given only a URL it falls back to a redirect and `success`
 * never fires), and the portal opened with a session the server made.
 */
export interface ChargebeeCheckoutOptions {
  hostedPage: () => Promise<HostedPage>;
  success: (hostedPageId: string) => void;
  close: () => void;
  error: (error: unknown) => void;
}

interface ChargebeePortal {
  open: (
    callbacks?: { close?: () => void },
    forward?: { sectionType: string; params: { subscriptionId: string } },
  ) => void;
}

export interface ChargebeeInstance {
  openCheckout: (options: ChargebeeCheckoutOptions) => void;
  setPortalSession: (session: () => Promise<PortalSession>) => void;
  createChargebeePortal: () => ChargebeePortal;
}

interface ChargebeeGlobal {
  init: (options: { site: string }) => ChargebeeInstance;
  getInstance: () => ChargebeeInstance;
  getPortalSections?: () => Record<string, string>;
}

type ChargebeeWindow = Window & { Chargebee?: ChargebeeGlobal };

export const CHARGEBEE_SCRIPT_ID = 'chargebee-js';

let loading: Promise<ChargebeeGlobal> | null = null;

/** Loads Chargebee.js once, from the address the client config gives. */
function loadScript(scriptUrl: string, win: ChargebeeWindow): Promise<ChargebeeGlobal> {
  if (win.Chargebee) return Promise.resolve(win.Chargebee);
  loading ??= new Promise<ChargebeeGlobal>((resolve, reject) => {
    const script = win.document.createElement('script');
    script.id = CHARGEBEE_SCRIPT_ID;
    script.src = scriptUrl;
    script.async = true;
    script.onload = () =>
      win.Chargebee ? resolve(win.Chargebee) : reject(new Error('Chargebee.js missing'));
    script.onerror = () => reject(new Error('Chargebee.js could not be loaded'));
    win.document.head.append(script);
  }).catch((error: unknown) => {
    loading = null; // a later checkout tries again
    throw error;
  });
  return loading;
}

const instances = new WeakMap<ChargebeeGlobal, ChargebeeInstance>();

/** The site's Chargebee instance, initialised once. */
export async function chargebeeInstance(
  settings: { site: string; scriptUrl: string },
  win: Window = window,
): Promise<ChargebeeInstance> {
  const chargebee = await loadScript(settings.scriptUrl, win as ChargebeeWindow);
  let instance = instances.get(chargebee);
  if (!instance) {
    instance = chargebee.init({ site: settings.site });
    instances.set(chargebee, instance);
  }
  return instance;
}

/** The portal's section that shows one subscription (Chargebee.js names it SUBSCRIPTION_DETAILS). */
export function subscriptionSection(win: Window = window): string {
  return (win as ChargebeeWindow).Chargebee?.getPortalSections?.().SUBSCRIPTION_DETAILS ?? 'sub_details';
}

/** Forgets the loaded script (tests). */
export function forgetChargebee(): void {
  loading = null;
}
