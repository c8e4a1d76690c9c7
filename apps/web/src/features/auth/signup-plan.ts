import { CHECKOUT_DEFAULTS, type PlanType, SIGNUP_PLANS } from '@veracity/contracts/plans';

export type SignupPlan = (typeof SIGNUP_PLANS)[number];

export interface CheckoutChoice {
  plan: SignupPlan;
  currency: string;
  frequency: string;
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

/** The plan form's query (spec 01 §4): plan, currency, frequency, numVisitsAddons, with the defaults. */
export function readCheckoutChoice(params: URLSearchParams): CheckoutChoice {
  const plan = params.get('plan');
  const currency = params.get('currency')?.trim().toUpperCase();
  const frequency = params.get('frequency')?.trim().toLowerCase();
  const addons = Number(params.get('numVisitsAddons'));
  return {
    plan: isSignupPlan(plan) ? plan : CHECKOUT_DEFAULTS.plan,
    currency: currency && /^[A-Z]{3}$/.test(currency) ? currency : CHECKOUT_DEFAULTS.currency,
    frequency: frequency && /^[a-z_]{1,20}$/.test(frequency) ? frequency : CHECKOUT_DEFAULTS.frequency,
    numVisitsAddons:
      Number.isInteger(addons) && addons >= 0 && addons <= 1000 ? addons : CHECKOUT_DEFAULTS.numVisitsAddons,
  };
}

export function isPaidPlan(plan: PlanType): boolean {
  return plan !== 'free_trial';
}
