import type { ClientConfig } from '@veracity/contracts/client-config';
import { isDemoHost } from '../session/logout';
import { loadClientConfig } from './client-config.api';

export const TAG_MANAGER_SCRIPT_ID = 'google-tag-manager';

type TagWindow = Window & { dataLayer?: unknown[] };

/**
 * Loads the analytics tag manager (Google Tag Manager) when the installation configures one: the
 * server gives it in production only (spec 01 §9), and it never loads on the demo host. Its script
 * starts from a `gtm.js` event in `dataLayer`, as Google's snippet does.
 */
export function startTagManager(config: ClientConfig['tagManager'], win: Window = window): boolean {
  if (!config || isDemoHost(win.location.hostname)) return false;
  if (win.document.getElementById(TAG_MANAGER_SCRIPT_ID)) return true;
  const tagWindow = win as TagWindow;
  tagWindow.dataLayer ??= [];
  tagWindow.dataLayer.push({ 'gtm.start': Date.now(), event: 'gtm.js' });
  const script = win.document.createElement('script');
  script.id = TAG_MANAGER_SCRIPT_ID;
  script.async = true;
  script.src = `https://www.googletagmanager.com/gtm.js?id=${encodeURIComponent(config.containerId)}`;
  win.document.head.append(script);
  return true;
}

/** Reads the installation's settings, then starts the tag manager if they name one. */
export async function startConfiguredTagManager(): Promise<void> {
  startTagManager((await loadClientConfig()).tagManager);
}
