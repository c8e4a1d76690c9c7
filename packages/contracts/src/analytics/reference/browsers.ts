import { BROWSER_NAMES, type BrowserName } from '../../detection.js';

/**
 * Browsers (spec 02 §3): the names the server's user-agent parsing stores (`BROWSER_NAMES`, produced by
 * packages/detection/src/user-agent.ts), in-app browsers included. The id is the stored name. "Other",
 * stored for what none of them describes, is not offered in pickers.
 */
export interface Browser {
  readonly id: BrowserName;
  readonly name: string;
}

export const BROWSERS: readonly Browser[] = BROWSER_NAMES.filter((name) => name !== 'Other').map((name) => ({
  id: name,
  name,
}));

export function findBrowser(id: string): Browser | undefined {
  return BROWSERS.find((browser) => browser.id === id);
}
