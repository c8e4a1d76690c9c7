import { describe, expect, it } from 'vitest';
import {
  BILLING_CURRENCIES,
  BILLING_FREQUENCIES,
  itemPriceId,
  PAID_PLANS,
  PLAN_CATALOGUE,
  parseItemPriceId,
  planVisits,
  VISITS_ADDON_ITEM,
  zCheckoutBody,
} from './billing.js';

describe('the plan catalogue', () => {
  it('prices every paid plan in every currency and frequency, higher plans dearer, a year ten months', () => {
    for (const currency of BILLING_CURRENCIES) {
      const monthly = PAID_PLANS.map((plan) => PLAN_CATALOGUE[plan].prices?.[currency].monthly ?? 0);
      expect(monthly.every((price, index) => index === 0 || price > (monthly[index - 1] ?? 0))).toBe(true);
      for (const plan of PAID_PLANS) {
        const prices = PLAN_CATALOGUE[plan].prices?.[currency];
        expect(prices?.yearly).toBe((prices?.monthly ?? 0) * 10);
      }
    }
    expect(PLAN_CATALOGUE.free_trial.prices).toBeNull();
  });

  it('reads back every item price id it writes, and nothing else', () => {
    for (const item of [...PAID_PLANS, VISITS_ADDON_ITEM] as const) {
      for (const currency of BILLING_CURRENCIES) {
        for (const frequency of BILLING_FREQUENCIES) {
          expect(parseItemPriceId(itemPriceId(item, currency, frequency))).toEqual({
            item,
            currency,
            frequency,
          });
        }
      }
    }
    for (const foreign of [
      'gold-EUR-monthly',
      'pro-JPY-monthly',
      'pro-EUR-weekly',
      'pro-eur-monthly',
      'pro',
    ]) {
      expect(parseItemPriceId(foreign)).toBeNull();
    }
  });

  it('adds 50,000 visits a month per add-on, none on the free trial', () => {
    expect(planVisits('pro', 0)).toBe(250_000);
    expect(planVisits('pro', 2)).toBe(350_000);
    expect(planVisits('free_trial', 3)).toBe(10_000);
  });

  it('fills the checkout defaults of spec 01 §9 and refuses what it does not sell', () => {
    expect(zCheckoutBody.parse({})).toEqual({
      plan: 'lite',
      currency: 'EUR',
      frequency: 'monthly',
      numVisitsAddons: 0,
    });
    expect(zCheckoutBody.safeParse({ plan: 'free_trial' }).success).toBe(false);
    expect(zCheckoutBody.safeParse({ currency: 'JPY' }).success).toBe(false);
    expect(zCheckoutBody.safeParse({ numVisitsAddons: -1 }).success).toBe(false);
  });
});
