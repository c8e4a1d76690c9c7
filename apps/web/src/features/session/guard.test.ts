import { describe, expect, it } from 'vitest';
import { decideGuard, type GuardInput } from './guard';
import { meFixture } from './session-test-support';

const NOW = new Date('2026-03-10T12:00:00Z');

function input(overrides: Partial<GuardInput> = {}): GuardInput {
  return {
    token: 'tok',
    activeRelationshipId: 42,
    forceSelection: false,
    me: meFixture(),
    permissionsLoaded: true,
    view: 'analytics',
    pathname: '/intelligence/analytics',
    sensorIntegratedRemembered: false,
    now: NOW,
    ...overrides,
  };
}

describe('decideGuard (spec 01 §4, in order)', () => {
  it('(1) sends a visitor without a token to the login, before anything else', () => {
    expect(decideGuard(input({ token: null, me: undefined }))).toMatchObject({
      kind: 'redirect',
      to: '/auth/login',
    });
  });

  it('(2) waits while the user or the permissions are not loaded', () => {
    expect(decideGuard(input({ me: undefined }))).toEqual({ kind: 'loading' });
    expect(decideGuard(input({ permissionsLoaded: false }))).toEqual({ kind: 'loading' });
  });

  it('(3) sends a user without an active relationship to the role selector', () => {
    expect(decideGuard(input({ activeRelationshipId: null }))).toMatchObject({ to: '/role' });
    expect(decideGuard(input({ me: meFixture({ relationshipId: null, planType: null }) }))).toMatchObject({
      to: '/role',
    });
    expect(decideGuard(input({ activeRelationshipId: 9 }))).toMatchObject({ to: '/role' });
  });

  it('(3) ignores the stored relationship when the query asks for forceSelection', () => {
    expect(decideGuard(input({ forceSelection: true }))).toMatchObject({
      to: '/role',
      reason: 'no-relationship',
    });
  });

  it('(4) sends a self-service user to the base route when the plan hides the view', () => {
    const me = meFixture({ planType: 'free_trial', trialExpiresAt: '2026-04-01T00:00:00Z' });
    expect(
      decideGuard(input({ me, view: 'alerts', pathname: '/intelligence/reports/alerts' })),
    ).toMatchObject({
      to: '/intelligence/overview',
      reason: 'view-hidden',
    });
  });

  it('(4) lets a self-service plan open a hidden view whose screen shows an upsell', () => {
    const me = meFixture({ planType: 'lite' });
    const linking = { view: 'google_ppc' as const, pathname: '/integrations/google-ads/linking' };
    expect(decideGuard(input({ me, ...linking, upsell: true }))).toMatchObject({ kind: 'allow' });
    expect(decideGuard(input({ me, ...linking }))).toMatchObject({ reason: 'view-hidden' });
    // A flag-driven account cannot buy the feature itself: it still goes to its base route.
    const custom = meFixture({ planType: 'custom', accountFeatures: [{ name: 'google_ppc', value: false }] });
    expect(decideGuard(input({ me: custom, ...linking, upsell: true }))).toMatchObject({
      reason: 'view-hidden',
    });
  });

  it('(4) sends an expired free trial to the plans, unless it is already there', () => {
    const me = meFixture({ planType: 'free_trial', trialExpiresAt: '2026-03-01T00:00:00Z' });
    expect(decideGuard(input({ me, view: 'home', pathname: '/intelligence/overview' }))).toMatchObject({
      to: '/account/plans',
      reason: 'trial-expired',
    });
    expect(decideGuard(input({ me, view: 'plans', pathname: '/account/plans' }))).toMatchObject({
      kind: 'allow',
    });
  });

  it('(4) lets a running free trial in', () => {
    const me = meFixture({ planType: 'free_trial', trialExpiresAt: '2026-03-20T00:00:00Z' });
    expect(decideGuard(input({ me, view: 'home', pathname: '/intelligence/overview' }))).toMatchObject({
      kind: 'allow',
    });
  });

  it('(5) sends a flag-driven account to its base route when a flag hides the view', () => {
    const me = meFixture({ planType: 'custom', accountFeatures: [{ name: 'home', value: false }] });
    expect(decideGuard(input({ me, view: 'home', pathname: '/intelligence/overview' }))).toMatchObject({
      to: '/intelligence/analytics',
      reason: 'view-hidden',
    });
  });

  it('sends a self-service user without an integrated sensor to the integration page', () => {
    const me = meFixture({ planType: 'lite', sensorIntegrated: false });
    expect(decideGuard(input({ me }))).toMatchObject({
      to: '/setup/integration',
      reason: 'sensor-not-integrated',
    });
    expect(decideGuard(input({ me, view: 'integration', pathname: '/setup/integration' }))).toMatchObject({
      kind: 'allow',
    });
    expect(decideGuard(input({ me, view: 'settings', pathname: '/account/settings' }))).toMatchObject({
      kind: 'allow',
    });
    // The snippet page is where the sensor comes from; S2S campaigns are the other way in (Pro and up).
    expect(decideGuard(input({ me, view: 'sensor_js', pathname: '/setup/sensor-js' }))).toMatchObject({
      kind: 'allow',
    });
    const pro = meFixture({ planType: 'pro', sensorIntegrated: false });
    expect(decideGuard(input({ me: pro, view: 'firewall_s2s', pathname: '/setup/s2s/list' }))).toMatchObject({
      kind: 'allow',
    });
    expect(
      decideGuard(input({ me, view: 'developers_settings', pathname: '/developers-settings' })),
    ).toMatchObject({ kind: 'allow' });
  });

  it('trusts a remembered integrated sensor over a stale answer', () => {
    const me = meFixture({ planType: 'lite', sensorIntegrated: false });
    expect(decideGuard(input({ me, sensorIntegratedRemembered: true }))).toMatchObject({ kind: 'allow' });
  });

  it('does not send flag-driven accounts to the integration page', () => {
    const me = meFixture({ planType: 'custom', sensorIntegrated: false });
    expect(decideGuard(input({ me }))).toMatchObject({ kind: 'allow' });
  });

  it('does not redirect a hidden view to itself', () => {
    const me = meFixture({ visibleViews: [] });
    expect(decideGuard(input({ me, view: 'home', pathname: '/intelligence/overview' }))).toMatchObject({
      kind: 'allow',
    });
  });
});
