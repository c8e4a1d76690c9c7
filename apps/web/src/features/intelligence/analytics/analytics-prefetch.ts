import { zMe, zSettings } from '@veracity/contracts/account';
import { apiUrl } from '../../../lib/api-url';
import { todayIn } from '../../../lib/date-ranges';
import { earlyJson, startEarlyRequest } from '../../../lib/early-requests';
import { readSessionToken } from '../../../lib/session-token';
import { parseAnalyticsState } from '../../../lib/url-state';
import { SESSION_PATHS } from '../../session/session-paths';
import { TREE_PATH, treeBody } from './analytics.api';
import { accountTimeZone, analyticsUrlContext } from './analytics-context';

/**
 * The analytics page's first query, started by the page's first script (main.tsx) as soon as the
 * early answers about the user and the account are in, while the application's code still loads: the
 * table's query then adopts the answer (lib/early-requests.ts). It reads the address exactly as the
 * page will, so a query the page does not send is never started.
 */
export async function prefetchAnalytics(search: string): Promise<void> {
  const token = readSessionToken();
  const [me, settings] = await Promise.all([
    earlyJson(apiUrl(SESSION_PATHS.me)),
    earlyJson(apiUrl(SESSION_PATHS.settings)),
  ]);
  const account = zMe.safeParse(me);
  if (!token || !account.success) return;
  const today = todayIn(accountTimeZone(zSettings.safeParse(settings).data));
  const state = parseAnalyticsState(new URLSearchParams(search), analyticsUrlContext(account.data, today));
  startEarlyRequest(apiUrl(TREE_PATH), token, { method: 'POST', body: JSON.stringify(treeBody(state)) });
}
