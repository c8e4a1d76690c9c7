import {
  BILLING_CURRENCIES,
  BILLING_FREQUENCIES,
  type BillingCurrency,
  type BillingFrequency,
  MAX_VISITS_ADDONS,
} from '@veracity/contracts/billing';
import { CHECKOUT_DEFAULTS, type PlanType, SIGNUP_PLANS } from '@veracity/contracts/plans';
import { formatTermPrice, termPrice } from '../billing/prices';

export type SignupPlan = (typeof SIGNUP_PLANS)[number];

export interface CheckoutChoice {
  plan: SignupPlan;
  currency: BillingCurrency;
  frequency: BillingFrequency;
  numVisitsAddons: number;
}

export const PLAN_LABELS: Record<SignupPlan, string> = {
  free_trial: 'Free',
  lite: 'Lite',
  pro: 'Pro',
  max: 'Max',
};

function isSignupPlan(value: string | null): value is SignupPlan {
  return SIGNUP_PLANS.some((plan) => plan === value);
}

function oneOf<T extends string>(values: readonly T[], value: string | undefined): T | undefined {
  return values.find((known) => known === value);
}

/**
 * The plan form's query (spec 01 §4): plan, currency, frequency, numVisitsAddons, with the defaults;
 * a value the catalogue does not sell (a currency it has no price in) falls back to the default.
 */
export function readCheckoutChoice(params: URLSearchParams): CheckoutChoice {
  const plan = params.get('plan');
  const addons = Number(params.get('numVisitsAddons'));
  return {
    plan: isSignupPlan(plan) ? plan : CHECKOUT_DEFAULTS.plan,
    currency:
      oneOf(BILLING_CURRENCIES, params.get('currency')?.trim().toUpperCase()) ?? CHECKOUT_DEFAULTS.currency,
    frequency:
      oneOf(BILLING_FREQUENCIES, params.get('frequency')?.trim().toLowerCase()) ??
      CHECKOUT_DEFAULTS.frequency,
    numVisitsAddons:
      Number.isInteger(addons) && addons >= 0 && addons <= MAX_VISITS_ADDONS
        ? addons
        : CHECKOUT_DEFAULTS.numVisitsAddons,
  };
}

export function isPaidPlan(plan: PlanType): boolean {
  return plan !== 'free_trial';
}

/** What a checkout choice costs each term, add-ons included, from the one catalogue; null for Free. */
export function choicePrice(choice: CheckoutChoice): string | null {
  const cents = termPrice(choice.plan, choice.currency, choice.frequency, choice.numVisitsAddons);
  return cents === null ? null : formatTermPrice(cents, choice.currency, choice.frequency);
}
