import { describe, expect, it } from 'vitest';
import { baseRoute, HOME_DEFAULT_LANDING_FEATURE, loginAsLanding } from './base-route';

describe('baseRoute (spec 01 §2)', () => {
  it.each(['free_trial', 'lite', 'pro', 'max'] as const)(
    'lands the self-service plan %s on the overview',
    (plan) => {
      expect(baseRoute({ planType: plan, accountFeatures: [] })).toBe('/intelligence/overview');
    },
  );

  it('lands a flag-driven account with home and default landing on the overview', () => {
    const accountFeatures = [
      { name: 'home', value: true },
      { name: HOME_DEFAULT_LANDING_FEATURE, value: true },
    ];
    expect(baseRoute({ planType: 'custom', accountFeatures })).toBe('/intelligence/overview');
  });

  it('lands a flag-driven account with home but no default landing on analytics', () => {
    expect(baseRoute({ planType: 'custom', accountFeatures: [{ name: 'home', value: true }] })).toBe(
      '/intelligence/analytics',
    );
    expect(baseRoute({ planType: 'demo', accountFeatures: [] })).toBe('/intelligence/analytics');
  });

  it('lands an account whose home flag is off on analytics, even with default landing', () => {
    const accountFeatures = [
      { name: 'home', value: false },
      { name: HOME_DEFAULT_LANDING_FEATURE, value: true },
    ];
    expect(baseRoute({ planType: 'custom', accountFeatures })).toBe('/intelligence/analytics');
  });

  it('falls back to analytics without an account', () => {
    expect(baseRoute(undefined)).toBe('/intelligence/analytics');
    expect(baseRoute({ planType: null, accountFeatures: [] })).toBe('/intelligence/analytics');
  });
});

describe('loginAsLanding', () => {
  it('follows the home mode of a login-as link', () => {
    expect(loginAsLanding('enabled_and_default_landing')).toBe('/intelligence/overview');
    expect(loginAsLanding('enabled_only')).toBe('/intelligence/analytics');
    expect(loginAsLanding('disabled')).toBe('/');
    expect(loginAsLanding('anything')).toBe('/');
  });
});
