import {
  type BillingCurrency,
  type BillingFrequency,
  type PaidPlan,
  PLAN_CATALOGUE,
  VISITS_ADDON,
} from '@veracity/contracts/billing';

/** What a plan costs a term with its visits add-ons, in minor units; null for Free (never charged). */
export function termPrice(
  plan: PaidPlan | 'free_trial',
  currency: BillingCurrency,
  frequency: BillingFrequency,
  visitsAddons = 0,
): number | null {
  const prices = PLAN_CATALOGUE[plan].prices;
  if (!prices) return null;
  return prices[currency][frequency] + visitsAddons * VISITS_ADDON.prices[currency][frequency];
}

/** An amount in the currency's minor unit, written for people: €149, €1,490, €19.90. */
export function formatPrice(cents: number, currency: BillingCurrency): string {
  return new Intl.NumberFormat('en-IE', {
    style: 'currency',
    currency,
    minimumFractionDigits: cents % 100 === 0 ? 0 : 2,
  }).format(cents / 100);
}

export const TERM_WORD: Record<BillingFrequency, string> = { monthly: 'month', yearly: 'year' };

/** "€149 a month" */
export function formatTermPrice(
  cents: number,
  currency: BillingCurrency,
  frequency: BillingFrequency,
): string {
  return `${formatPrice(cents, currency)} a ${TERM_WORD[frequency]}`;
}
