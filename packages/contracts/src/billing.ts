import { z } from 'zod';
import { zPlanSignupBody, zTrialSignupResponse } from './auth.js';
import { CHECKOUT_DEFAULTS } from './plans.js';

/**
 * Billing (issue 37, spec 01 §3, §4, §7, §9): the plan catalogue shared by the server (checkout item
 * prices, plan limits) and the plans screen, and the bodies and answers of the /billing calls.
 * Prices are in the currency's minor unit (cents), as the billing provider takes them.
 */
export const BILLING_CURRENCIES = ['EUR', 'USD', 'GBP'] as const;
export const zBillingCurrency = z.enum(BILLING_CURRENCIES);
export type BillingCurrency = z.infer<typeof zBillingCurrency>;

export const BILLING_FREQUENCIES = ['monthly', 'yearly'] as const;
export const zBillingFrequency = z.enum(BILLING_FREQUENCIES);
export type BillingFrequency = z.infer<typeof zBillingFrequency>;

/** The plans a checkout sells; free_trial is the trial sign-up's, with no checkout. */
export const PAID_PLANS = ['lite', 'pro', 'max'] as const;
export const zPaidPlan = z.enum(PAID_PLANS);
export type PaidPlan = z.infer<typeof zPaidPlan>;

type PriceTable = Record<BillingCurrency, Record<BillingFrequency, number>>;

export interface CataloguePlan {
  /** Visits a calendar month the plan covers; beyond it traffic is still collected and protected. */
  monthlyVisits: number;
  /** Null for the free trial, which is never charged. */
  prices: PriceTable | null;
}

/** A yearly price is ten months of the monthly one (two months free). */
function prices(monthly: Record<BillingCurrency, number>): PriceTable {
  const table = {} as PriceTable;
  for (const currency of BILLING_CURRENCIES) {
    table[currency] = { monthly: monthly[currency], yearly: monthly[currency] * 10 };
  }
  return table;
}

/** The one plan catalogue (docs/billing.md lists it). */
export const PLAN_CATALOGUE: Record<'free_trial' | PaidPlan, CataloguePlan> = {
  free_trial: { monthlyVisits: 10_000, prices: null },
  lite: { monthlyVisits: 50_000, prices: prices({ EUR: 4_900, USD: 5_900, GBP: 4_500 }) },
  pro: { monthlyVisits: 250_000, prices: prices({ EUR: 14_900, USD: 16_900, GBP: 12_900 }) },
  max: { monthlyVisits: 1_000_000, prices: prices({ EUR: 39_900, USD: 44_900, GBP: 34_900 }) },
};

/** One visits add-on: more monthly visits on any paid plan, bought by quantity (numVisitsAddons). */
export const VISITS_ADDON = {
  visits: 50_000,
  prices: prices({ EUR: 2_000, USD: 2_400, GBP: 1_800 }),
} as const;
export const MAX_VISITS_ADDONS = 100;

/** The provider's item price ids: `pro-EUR-monthly`, `visits-addon-EUR-monthly`. */
export const VISITS_ADDON_ITEM = 'visits-addon';
export function itemPriceId(
  item: PaidPlan | typeof VISITS_ADDON_ITEM,
  currency: BillingCurrency,
  frequency: BillingFrequency,
): string {
  return `${item}-${currency}-${frequency}`;
}

/** An item price id read back: the plan or add-on, its currency and frequency; null when not ours. */
export function parseItemPriceId(id: string): {
  item: PaidPlan | typeof VISITS_ADDON_ITEM;
  currency: BillingCurrency;
  frequency: BillingFrequency;
} | null {
  const match = /^(lite|pro|max|visits-addon)-([A-Z]{3})-([a-z]+)$/.exec(id);
  if (!match) return null;
  const currency = zBillingCurrency.safeParse(match[2]);
  const frequency = zBillingFrequency.safeParse(match[3]);
  if (!currency.success || !frequency.success) return null;
  return {
    item: match[1] as PaidPlan | typeof VISITS_ADDON_ITEM,
    currency: currency.data,
    frequency: frequency.data,
  };
}

/** Monthly visits of a plan with its add-ons. */
export function planVisits(plan: 'free_trial' | PaidPlan, visitsAddons: number): number {
  return (
    PLAN_CATALOGUE[plan].monthlyVisits + (plan === 'free_trial' ? 0 : visitsAddons * VISITS_ADDON.visits)
  );
}

/** POST /api/billing/checkout: a signed-in account buys, upgrades, downgrades or adds visits. */
export const zCheckoutBody = z.object({
  plan: zPaidPlan.default(CHECKOUT_DEFAULTS.plan),
  currency: zBillingCurrency.default(CHECKOUT_DEFAULTS.currency),
  frequency: zBillingFrequency.default(CHECKOUT_DEFAULTS.frequency),
  numVisitsAddons: z.number().int().min(0).max(MAX_VISITS_ADDONS).default(CHECKOUT_DEFAULTS.numVisitsAddons),
});
export type CheckoutBody = z.infer<typeof zCheckoutBody>;

/** POST /api/billing/guest-checkout: the plan sign-up's choice and its form (spec 01 §3). */
export const zGuestCheckoutBody = zCheckoutBody.extend({ signupFields: zPlanSignupBody });
export type GuestCheckoutBody = z.infer<typeof zGuestCheckoutBody>;

export const HOSTED_PAGE_STATES = ['created', 'requested', 'succeeded', 'cancelled', 'acknowledged'] as const;

/**
 * A hosted checkout page, as the provider answers it: Chargebee.js's openCheckout takes this whole
 * object; `url` opens the page on its own.
 */
export const zHostedPage = z.object({
  id: z.string(),
  type: z.enum(['checkout_new', 'checkout_existing', 'collect_now']),
  url: z.string(),
  state: z.enum(HOSTED_PAGE_STATES),
  embed: z.boolean(),
  created_at: z.number().int(),
  expires_at: z.number().int(),
  object: z.literal('hosted_page').optional(),
});
export type HostedPage = z.infer<typeof zHostedPage>;

const zHostedPageId = z.string().trim().min(1).max(100);

/**
 * POST /api/billing/guest-checkout-finish: the paid hosted page and the form's email and password,
 * which must be those the checkout was opened with. Answers the new account's login token.
 */
export const zGuestCheckoutFinishBody = z.object({
  hostedPageId: zHostedPageId,
  signupFields: zPlanSignupBody.pick({ email: true, password: true }).loose(),
});
export const zGuestCheckoutFinishResponse = zTrialSignupResponse;

/** POST /api/billing/checkout-finish. */
export const zCheckoutFinishBody = z.object({ hostedPageId: zHostedPageId });

export const SUBSCRIPTION_STATUSES = [
  'future',
  'in_trial',
  'active',
  'non_renewing',
  'paused',
  'cancelled',
] as const;

/** The account's billing as the plans screen reads it (the answer of checkout-finish). */
export const zBillingState = z.object({
  planType: z.string(),
  subscriptionId: z.string().nullable(),
  status: z.enum(SUBSCRIPTION_STATUSES).nullable(),
  currency: zBillingCurrency.nullable(),
  frequency: zBillingFrequency.nullable(),
  numVisitsAddons: z.number().int(),
  monthlyVisits: z.number().int(),
  /**
   * Visits (hits) collected since the start of the calendar month in the account's time zone; beyond
   * monthlyVisits they are still collected and protected.
   */
  visitsThisMonth: z.number().int(),
  /** A plan change waiting for the end of the term (a downgrade), and when it applies. */
  scheduledPlan: zPaidPlan.nullable(),
  nextBillingAt: z.string().nullable(),
  active: z.boolean(),
});
export type BillingState = z.infer<typeof zBillingState>;

/** POST /api/billing/portal: optionally opened at one subscription's section. */
export const zPortalBody = z
  .object({ subscriptionId: z.string().trim().min(1).max(100).optional() })
  .optional();

/** A billing portal session, as Chargebee.js's setPortalSession takes it. */
export const zPortalSession = z.object({
  id: z.string(),
  token: z.string(),
  access_url: z.string(),
  status: z.enum(['created', 'logged_in', 'logged_out', 'not_yet_activated', 'activated']),
  created_at: z.number().int(),
  expires_at: z.number().int().optional(),
  customer_id: z.string(),
  object: z.literal('portal_session').optional(),
});
export type PortalSession = z.infer<typeof zPortalSession>;

/** The 503 text of the sign-up calls when sign-ups are closed or the provider is unreachable (spec 01 §8). */
export const SIGNUPS_UNAVAILABLE =
  'Sign-ups are currently unavailable. Please try again later or contact support if the issue persists.';

/** The conversion a sign-up reports to the track host in production (spec 01 §9). */
export const SIGNUP_CONVERSION = { value: 75, currency: 'EUR' } as const;
