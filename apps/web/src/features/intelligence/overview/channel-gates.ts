import type { TrafficType } from '@veracity/contracts/detection';
import type { PlanType } from '@veracity/contracts/plans';
import type { ViewId } from '@veracity/contracts/views';
import { CHANNEL_PAGES } from './channel-links';

/** The spec's tooltips for actions a plan does not include (spec 02 §2). */
export const CREATE_ALERT_PLAN_TOOLTIP = 'Create Alert feature is only available on superior plans';
export const CHANNEL_PAGE_PLAN_TOOLTIP = 'See Channel Page feature is only available on superior plans';

/** How an action shows on a card: usable, shown but unavailable on the plan, or not shown. */
export type ActionAccess = 'enabled' | 'plan' | 'hidden';

export interface ChannelCardGates {
  /** The options button that flips the card to its actions. */
  options: ActionAccess;
  createAlert: ActionAccess;
  channelPage: ActionAccess;
}

/**
 * Plan gating of a channel card (spec 02 §2): the free plan gets neither the options nor Create
 * Alert; lite gets no channel page. Otherwise a channel page shows when the account can open it
 * (google, facebook, microsoft and tiktok only).
 */
export function channelCardGates(
  type: TrafficType,
  planType: PlanType | null | undefined,
  visibleViews: readonly ViewId[],
): ChannelCardGates {
  const page = CHANNEL_PAGES[type];
  const free = planType === 'free_trial';
  let channelPage: ActionAccess = 'hidden';
  if (page) {
    if (free || planType === 'lite') channelPage = 'plan';
    else if (visibleViews.includes(page.view)) channelPage = 'enabled';
  }
  return {
    options: free ? 'plan' : 'enabled',
    createAlert: free ? 'plan' : 'enabled',
    channelPage,
  };
}
