import type { PermissionKey } from '@veracity/contracts/plans';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  accountToken,
  addTenantUser,
  call,
  createSupportUser,
  createTenant,
  firstStartDemoUser,
  login,
  type Tenant,
} from './test-support/fixtures.js';
import { startTestApp, type TestApp } from './test-support/test-app.js';

/**
 * Who may call each /api route: the table a person would write from the spec, checked against the
 * server's behaviour for every kind of caller. A route missing from this table fails the suite.
 */
type Rule =
  | { who: 'anyone' }
  | { who: 'signed-in'; unverified?: boolean; ofThisAccount?: boolean; write?: boolean; noGhost?: boolean }
  | {
      who: 'member';
      /** A list: any one of them lets the caller past the access check. */
      permission?: PermissionKey | readonly PermissionKey[];
      write?: boolean;
      noGhost?: boolean;
    }
  | { who: 'support' };

const anyone: Rule = { who: 'anyone' };
const member: Rule = { who: 'member' };
const write = (permission?: PermissionKey | readonly PermissionKey[], noGhost = false): Rule => ({
  who: 'member',
  write: true,
  noGhost,
  ...(permission ? { permission } : {}),
});

const MATRIX: Record<string, Rule> = {
  'GET /api/health': anyone,
  'GET /api/client-config': anyone,
  'POST /api/client-errors': anyone,
  'POST /api/auth/login': anyone,
  'POST /api/auth/logout': { who: 'signed-in', unverified: true },
  // Refused to the demo login, which every demo visitor shares.
  'POST /api/auth/logout-everywhere': { who: 'signed-in', unverified: true, noGhost: true, write: true },
  'POST /api/auth/trial-signup': anyone,
  'POST /api/auth/validate-signup': anyone,
  'POST /api/auth/preregister': anyone,
  'POST /api/auth/password/forgot': anyone,
  'POST /api/auth/password/reset': anyone,
  'POST /api/auth/password/change': { who: 'signed-in', write: true, noGhost: true },
  'POST /api/me/invitations/accept': { who: 'signed-in', write: true, noGhost: true },
  'POST /api/auth/email/verify': anyone,
  // Called with the id of the test's home account: only its members (and its support session) get in.
  'GET /api/auth/account/:id': { who: 'signed-in', ofThisAccount: true },
  'GET /api/auth/login-ip/approve': anyone,
  'POST /api/performance/unsubscribe': anyone,
  'POST /api/performance/unsubscribe/one-click': anyone,
  'GET /api/me': { who: 'signed-in', unverified: true },
  'GET /api/me/relationships': { who: 'signed-in' },
  'GET /api/me/permissions': { who: 'signed-in' },
  'GET /api/list-roles': member,
  'GET /api/me/settings': member,
  'PUT /api/me/settings': write(),
  'GET /api/me/ip-whitelist': member,
  'POST /api/me/ip-whitelist': write('account_manage_ip_whitelist'),
  'GET /api/me/ip-blacklist': member,
  'POST /api/me/ip-blacklist': write('account_manage_ip_whitelist'),
  'GET /api/me/keys': { who: 'member', permission: 'account_manage_integrations' },
  'POST /api/me/keys': write('account_manage_integrations'),
  'DELETE /api/me/keys': write('account_manage_integrations'),
  'GET /api/account/payment-page': member,
  // Billing (issue 37): the plan sign-up's checkout and the provider's webhook are public (the webhook
  // checks its Basic auth); buying, changing and the portal are the admins', outside support sessions.
  'POST /api/billing/guest-checkout': anyone,
  'POST /api/billing/guest-checkout-finish': anyone,
  'GET /api/billing/pay': anyone,
  'POST /api/billing/webhook': anyone,
  'GET /api/billing/subscription': member,
  'POST /api/billing/checkout': write('account_manage_users', true),
  'POST /api/billing/checkout-finish': write('account_manage_users', true),
  'POST /api/billing/portal': write('account_manage_users', true),
  'POST /api/billing/test-mode/fail-renewal': write('account_manage_users', true),
  'GET /api/account/users': { who: 'member', permission: 'account_manage_users', noGhost: true },
  'POST /api/account/invite': write('account_manage_users', true),
  'PUT /api/account/users/:id': write('account_manage_users', true),
  'DELETE /api/account/users/:id': write('account_manage_users', true),
  'GET /api/account/labels': member,
  'POST /api/account/labels': write('account_manage_labels'),
  'PUT /api/account/labels/:id': write('account_manage_labels'),
  'DELETE /api/account/labels/:id': write('account_manage_labels'),
  'GET /api/account/access-login-settings': { who: 'member', permission: 'account_manage_ip_whitelist' },
  'PUT /api/account/access-login-settings': write('account_manage_ip_whitelist'),
  'GET /api/sensors/s2s': { who: 'member', permission: 'campaign_view' },
  'POST /api/sensors/s2s': write('campaign_create'),
  'PUT /api/sensors/s2s/:id': write('campaign_edit'),
  // The firewall (issue 34): each list's view (sensor_firewall), then the action's permission; a PATCH
  // toggle passes with either right and the service asks for the one its field needs.
  'GET /api/sensors/firewall': { who: 'member', permission: 'campaign_view' },
  'GET /api/sensors/firewall/csv': { who: 'member', permission: 'campaign_view' },
  'GET /api/sensors/firewall/:id/tag': { who: 'member', permission: 'campaign_view' },
  'POST /api/sensors/firewall': write('campaign_create'),
  'PUT /api/sensors/firewall/:id': write('campaign_edit'),
  'PATCH /api/sensors/firewall/:id': write(['campaign_edit', 'campaign_pause']),
  'GET /api/sensors/firewall/offers': { who: 'member', permission: 'offer_view' },
  'POST /api/sensors/firewall/offers': write('offer_create'),
  'PUT /api/sensors/firewall/offers/:id': write('offer_edit'),
  'PATCH /api/sensors/firewall/offers/:id': write(['offer_edit', 'offer_pause']),
  'GET /api/sensors/firewall/trafficsources': { who: 'member', permission: 'traffic_source_view' },
  'POST /api/sensors/firewall/trafficsources': write('traffic_source_create'),
  'PUT /api/sensors/firewall/trafficsources/:id': write('traffic_source_edit'),
  'PATCH /api/sensors/firewall/trafficsources/:id': write('traffic_source_edit'),
  'GET /api/sensors/firewall/conversions': { who: 'member', permission: 'campaign_view' },
  'POST /api/sensors/firewall/conversions/release': write('campaign_edit'),
  'GET /api/sensors/firewall/conversions/:id/postbacks': { who: 'member', permission: 'campaign_view' },
  'GET /api/sensors/firewall/postback-secret': { who: 'member', permission: 'account_manage_settings' },
  'GET /api/sensors/recent-hits': member,
  'POST /api/analytics/tree': member,
  'POST /api/analytics/threats': member,
  'POST /api/analytics/sessions': member,
  'POST /api/widget-stats': member,
  'POST /api/widget/search-display/exclusions': member,
  'POST /api/widget/shopping/exclusions': member,
  'POST /api/widget/pmax/exclusions': member,
  'POST /api/widget/facebook/exclusions': member,
  'POST /api/widget/microsoft/exclusions': member,
  'POST /api/widget/tiktok/exclusions': member,
  'GET /api/analytics/filter-options': member,
  'POST /api/analytics/export': { who: 'member', permission: 'log_export_reports' },
  'GET /api/home/key-figures': member,
  'GET /api/home/channels': member,
  'GET /api/home/trends': member,
  'GET /api/home/watchlist': member,
  'GET /api/home/savings': member,
  // Needs the performance view (pro and up; a flag-driven account with the flag).
  'GET /api/performance/figures': member,
  // The industry benchmark (issue 39): the benchmark view (its flag, which the home account holds).
  'GET /api/benchmark': member,
  'GET /api/alerts': member,
  'GET /api/alerts/history': member,
  'POST /api/alerts': write('account_manage_settings'),
  'PUT /api/alerts/:id': write('account_manage_settings'),
  'PATCH /api/alerts/:id': write('account_manage_settings'),
  // Meta, Microsoft and TikTok (issue 35): the same rule as Google's, one route set a channel.
  ...Object.fromEntries(
    ['facebook-ads', 'microsoft-ads', 'tiktok-ads'].flatMap((segment) => [
      [`GET /api/integrations/${segment}`, member],
      [`POST /api/integrations/${segment}/connect`, write('account_manage_integrations')],
      [`GET /api/integrations/${segment}/oauth/callback`, anyone],
      [`PUT /api/integrations/${segment}/account`, write('account_manage_integrations')],
      [`PUT /api/integrations/${segment}/exclusions`, write('account_manage_integrations')],
      [`POST /api/integrations/${segment}/sync`, write('account_manage_integrations')],
      [`DELETE /api/integrations/${segment}`, write('account_manage_integrations')],
    ]),
  ),
  'GET /api/integrations/microsoft-ads/ip-exclusions': member,
  // Full reports (issue 36): the reports view to read; creating, running and downloading export.
  'GET /api/reports': member,
  'GET /api/reports/recipients': member,
  'POST /api/reports': write('log_export_reports'),
  'PUT /api/reports/:id': write('log_export_reports'),
  'DELETE /api/reports/:id': write('log_export_reports'),
  'POST /api/reports/:id/runs': write('log_export_reports'),
  'GET /api/reports/:id/runs': member,
  'GET /api/reports/runs/:id/download': { who: 'member', permission: 'log_export_reports' },
  // Session forensics (issue 36): the forensics view.
  'GET /api/forensics/sessions/:id': member,
  // The conversions list (issue 36): the conversions view; its export the export permission.
  'POST /api/conversions/list': member,
  'POST /api/conversions/export': { who: 'member', permission: 'log_export_reports' },
  // HubSpot (issue 35): the same rule.
  'GET /api/integrations/hubspot': member,
  'POST /api/integrations/hubspot/connect': write('account_manage_integrations'),
  'GET /api/integrations/hubspot/oauth/callback': anyone,
  'DELETE /api/integrations/hubspot': write('account_manage_integrations'),
  // Google Ads (issue 33): reading needs the plan's view only, every change the integrations permission.
  'GET /api/integrations/google-ads': member,
  'POST /api/integrations/google-ads/connect': write('account_manage_integrations'),
  'GET /api/integrations/google-ads/oauth/callback': anyone,
  'POST /api/integrations/google-ads/refresh': write('account_manage_integrations'),
  'PUT /api/integrations/google-ads/accounts': write('account_manage_integrations'),
  'PATCH /api/integrations/google-ads/settings': write('account_manage_integrations'),
  'POST /api/integrations/google-ads/tracking-template': write('account_manage_integrations'),
  'POST /api/integrations/google-ads/sync': write('account_manage_integrations'),
  'DELETE /api/integrations/google-ads': write('account_manage_integrations'),
  'GET /api/integrations/google-ads/never-exclude': member,
  'POST /api/integrations/google-ads/never-exclude': write('account_manage_integrations'),
  'DELETE /api/integrations/google-ads/never-exclude/:id': write('account_manage_integrations'),
  'GET /api/integrations/google-ads/exclusions': member,
  'GET /api/integrations/google-ads/exclusion-log': member,
  'GET /api/integrations/google-ads/global-intelligence': member,
  'GET /api/support/relationships': { who: 'support' },
  'POST /api/support/login-as': { who: 'support' },
  'GET /api/support/outbox': { who: 'support' },
  // IP settings (issue 40): the ip_settings view; the traffic lists keep their /me paths and permission.
  'GET /api/security/ip-lists': member,
  // Postback security (issue 40): the rotation answers the new secret, so a support session may not.
  'GET /api/security/postback': member,
  'PUT /api/security/postback': write('account_manage_settings'),
  'POST /api/security/postback/rotate-secret': write('account_manage_settings', true),
  'GET /api/security/domains': member,
  'PUT /api/security/domains': write('account_manage_settings'),
  'GET /api/security/domains/seen': member,
  // The account changelog (issue 40): the settings view and account_changelog, its CSV alike.
  'GET /api/account/changelog': { who: 'member', permission: 'account_changelog' },
  'GET /api/account/changelog/csv': { who: 'member', permission: 'account_changelog' },
  // The JavaScript sensor settings (issue 40): the js_settings view to read, account_manage_settings to change.
  'GET /api/security/sensor-settings': member,
  'PUT /api/security/sensor-settings': write('account_manage_settings'),
  // In-app traffic security (issue 40, view apk).
  'GET /api/security/apps': member,
  'PUT /api/security/apps': write('account_manage_settings'),
};

type Caller =
  | 'anonymous'
  | 'unverified'
  | 'unbound'
  | 'admin'
  | 'campaign-manager'
  | 'analyst'
  | 'viewer'
  | 'demo'
  | 'demo-unbound'
  | 'ghost'
  | 'support';

const EVERY_PERMISSION: readonly PermissionKey[] = [
  'account_manage_users',
  'account_manage_labels',
  'account_manage_settings',
  'account_manage_ip_whitelist',
  'account_manage_integrations',
  'campaign_view',
  'campaign_create',
  'campaign_edit',
  'campaign_pause',
  'campaign_edit_security',
  'offer_view',
  'offer_create',
  'offer_edit',
  'offer_edit_targeting',
  'offer_pause',
  'traffic_source_view',
  'traffic_source_create',
  'traffic_source_edit',
  'log_export_reports',
  // Held by admins only; the changelog (issue 40) is the first route to ask for it.
  'account_changelog',
];
const VIEW_ONLY: readonly PermissionKey[] = ['campaign_view', 'offer_view', 'traffic_source_view'];
const ROLE_PERMISSIONS: Record<string, readonly PermissionKey[]> = {
  admin: EVERY_PERMISSION,
  'campaign-manager': [
    ...VIEW_ONLY,
    'account_manage_labels',
    'campaign_create',
    'campaign_edit',
    'campaign_edit_security',
    'campaign_pause',
    'offer_create',
    'offer_edit',
    'offer_edit_targeting',
    'offer_pause',
    'traffic_source_create',
    'traffic_source_edit',
    'log_export_reports',
  ],
  analyst: [...VIEW_ONLY, 'log_export_reports'],
  viewer: VIEW_ONLY,
  // The public demo user holds the read-only role (Viewer), a support session every permission.
  demo: VIEW_ONLY,
  ghost: EVERY_PERMISSION,
};

/** The status a caller must get, or 'allowed' for anything past the access check. */
function expected(rule: Rule, caller: Caller): number | 'allowed' {
  if (rule.who === 'anyone') return 'allowed';
  if (caller === 'anonymous') return 401;
  if (rule.who === 'support') return caller === 'support' ? 'allowed' : 403;
  if (caller === 'unverified') return rule.who === 'signed-in' && rule.unverified ? 'allowed' : 450;
  const demo = caller === 'demo' || caller === 'demo-unbound';
  if (rule.who === 'signed-in' && rule.ofThisAccount && (demo || caller === 'support')) return 403;
  if (rule.who === 'signed-in') {
    if (caller === 'ghost' && rule.noGhost) return 403;
    // The demo user changes nothing, its own password and profile included (spec 01 §6).
    return rule.write && demo ? 418 : 'allowed';
  }
  // A demo user is refused a change before being asked to choose an account.
  if (caller === 'demo-unbound' && rule.write) return 418;
  if (caller === 'unbound' || caller === 'demo-unbound' || caller === 'support') return 403;
  if (rule.noGhost && caller === 'ghost') return 403;
  if (rule.write && caller === 'demo') return 418;
  const anyOf: readonly PermissionKey[] =
    typeof rule.permission === 'string' ? [rule.permission] : (rule.permission ?? []);
  const held = ROLE_PERMISSIONS[caller] ?? [];
  if (anyOf.length > 0 && !anyOf.some((permission) => held.includes(permission))) return 403;
  return 'allowed';
}

let t: TestApp;
const tokens = new Map<Caller, string>();
/** Makes a new token of a kind: for routes that end or exchange the caller's session. */
const makers = new Map<Caller, () => Promise<string>>();
const CONSUMING = new Set([
  'POST /api/auth/logout',
  'POST /api/auth/logout-everywhere',
  'GET /api/auth/account/:id',
]);
let home: Tenant;
let otherTenantToken: string;
let foreignLabelId: number;
let ownLabelId: number;
let ownCampaignId: number;
let foreignCampaignId: number;
/** The home account's firewall campaign, offer and traffic source, and another account's. */
const firewallIds = { own: new Map<string, number>(), foreign: new Map<string, number>() };
const FIREWALL_LISTS = ['/sensors/firewall/offers', '/sensors/firewall/trafficsources', '/sensors/firewall'];

beforeAll(async () => {
  t = await startTestApp();
  // Flag driven with the firewall and S2S flags: every view of the API is open to its members.
  home = await createTenant(t, {
    company: 'Home',
    plan: 'custom',
    features: [
      { name: 'sensor_firewall', value: true },
      { name: 'sensor_s2s', value: true },
      { name: 'benchmark', value: true },
    ],
  });
  // The public demo user of the first start, in the demo account (every feature, S2S included).
  const demo = await firstStartDemoUser(t);
  const manager = await addTenantUser(t, home.relationshipId, 'Campaign manager');
  const analyst = await addTenantUser(t, home.relationshipId, 'Analyst');
  const viewer = await addTenantUser(t, home.relationshipId, 'Viewer');
  const support = await createSupportUser(t);
  makers.set('admin', () => accountToken(t, home));
  makers.set('campaign-manager', () => accountToken(t, manager));
  makers.set('analyst', () => accountToken(t, analyst));
  makers.set('viewer', () => accountToken(t, viewer));
  makers.set('unbound', () => login(t, viewer.email));
  makers.set('demo', () => accountToken(t, demo));
  makers.set('demo-unbound', () => login(t, demo.email));
  makers.set('support', () => login(t, support.email));
  makers.set('unverified', async () => {
    const signup = await call(t, 'POST', '/auth/trial-signup', {
      body: {
        email: `unverified.${Math.random().toString(36).slice(2)}@acme-corp.com`,
        firstName: 'U',
        companyName: 'Unverified Ltd',
        jobTitle: 'CTO',
        password: 'a-long-password',
        terms: true,
      },
    });
    return (signup.json() as { loginToken: { hash: string } }).loginToken.hash;
  });
  makers.set('ghost', async () => {
    const ghost = await call(t, 'POST', '/support/login-as', {
      token: await login(t, support.email),
      body: { relationshipId: home.relationshipId },
    });
    return (ghost.json() as { token: string }).token;
  });
  for (const [caller, make] of makers) tokens.set(caller, await make());

  const other = await createTenant(t, {
    company: 'Other',
    plan: 'custom',
    features: [
      { name: 'sensor_firewall', value: true },
      { name: 'sensor_s2s', value: true },
    ],
  });
  otherTenantToken = await accountToken(t, other);
  const foreign = await call(t, 'POST', '/account/labels', {
    token: otherTenantToken,
    body: { name: 'Theirs' },
  });
  foreignLabelId = (foreign.json() as { id: number }).id;
  const own = await call(t, 'POST', '/account/labels', {
    token: tokens.get('admin'),
    body: { name: 'Ours' },
  });
  ownLabelId = (own.json() as { id: number }).id;
  const campaign = (body: object, token?: string) => call(t, 'POST', '/sensors/s2s', { token, body });
  ownCampaignId = ((await campaign({ name: 'Ours' }, tokens.get('admin'))).json() as { id: number }).id;
  foreignCampaignId = ((await campaign({ name: 'Theirs' }, otherTenantToken)).json() as { id: number }).id;
  for (const list of FIREWALL_LISTS) {
    const body = { name: 'Firewall item', landingUrl: 'https://offer.example/' };
    for (const [ids, token] of [
      [firewallIds.own, tokens.get('admin')],
      [firewallIds.foreign, otherTenantToken],
    ] as const) {
      const response = await call(t, 'POST', list, { token, body });
      expect(response.statusCode, response.body).toBe(201);
      ids.set(list, (response.json() as { id: number }).id);
    }
  }
});

/** The firewall list a route's :id belongs to, if it is one. */
function firewallListOf(route: string): string | undefined {
  return FIREWALL_LISTS.find((list) => route.includes(`${list}/:id`));
}

afterAll(async () => {
  await t.close();
});

describe('the access matrix', () => {
  it('has an entry for every /api route of the server, and no stale entry', () => {
    const routes = t.app.apiRoutes.map(({ method, url }) => `${method} ${url}`);
    expect(routes.length).toBeGreaterThan(30);
    expect(routes.filter((route) => !(route in MATRIX))).toEqual([]);
    expect(Object.keys(MATRIX).filter((route) => !routes.includes(route))).toEqual([]);
  });

  const callers: Caller[] = [
    'anonymous',
    'unverified',
    'unbound',
    'admin',
    'campaign-manager',
    'analyst',
    'viewer',
    'demo',
    'demo-unbound',
    'ghost',
    'support',
  ];
  for (const [route, rule] of Object.entries(MATRIX)) {
    if (rule.who === 'anyone') continue;
    it(`${route} answers each kind of caller as the table says`, async () => {
      const [method, path = ''] = route.split(' ') as ['GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE', string];
      const url = path
        .replace('/api', '')
        .replace(
          ':id',
          String(
            route.includes('/users/')
              ? home.userId
              : route.includes('/s2s/')
                ? ownCampaignId
                : (firewallIds.own.get(firewallListOf(route) ?? '') ?? ownLabelId),
          ),
        );
      const target = route.startsWith('GET /api/auth/account')
        ? url.replace(String(ownLabelId), String(home.relationshipId))
        : url;
      for (const caller of callers) {
        const make = makers.get(caller);
        const token =
          caller === 'anonymous' || !make
            ? undefined
            : CONSUMING.has(route)
              ? await make()
              : tokens.get(caller);
        const response = await call(t, method, target, { token, body: method === 'GET' ? undefined : {} });
        const want = expected(rule, caller);
        if (want === 'allowed') {
          expect([401, 403, 418, 450], `${caller} on ${route}: ${response.body}`).not.toContain(
            response.statusCode,
          );
        } else {
          expect(response.statusCode, `${caller} on ${route}: ${response.body}`).toBe(want);
        }
      }
      // Logging out everywhere ended every session of those people: the next routes need new ones.
      if (route === 'POST /api/auth/logout-everywhere') {
        for (const [caller, make] of makers) tokens.set(caller, await make());
      }
    });
  }

  // The non-GET routes that change nothing, or that act for no signed-in person: the only ones a
  // demo user may call. Every other POST, PUT, PATCH and DELETE under /api answers it 418.
  const DEMO_MAY_CALL = new Set([
    'POST /api/auth/login',
    'POST /api/auth/logout',
    'POST /api/auth/trial-signup',
    'POST /api/auth/validate-signup',
    'POST /api/auth/preregister',
    'POST /api/auth/password/forgot',
    'POST /api/auth/password/reset',
    'POST /api/auth/email/verify',
    'POST /api/performance/unsubscribe',
    'POST /api/performance/unsubscribe/one-click',
    'POST /api/analytics/tree',
    'POST /api/analytics/threats',
    'POST /api/analytics/sessions',
    'POST /api/conversions/list',
    'POST /api/conversions/export',
    'POST /api/widget-stats',
    'POST /api/widget/search-display/exclusions',
    'POST /api/widget/shopping/exclusions',
    'POST /api/widget/pmax/exclusions',
    'POST /api/widget/facebook/exclusions',
    'POST /api/widget/microsoft/exclusions',
    'POST /api/widget/tiktok/exclusions',
    'POST /api/analytics/export',
    'POST /api/support/login-as',
    'POST /api/client-errors',
    'POST /api/billing/guest-checkout',
    'POST /api/billing/guest-checkout-finish',
    'POST /api/billing/webhook',
  ]);
  it('answers every write of the demo user 418 with the spec text, in one place for every route', async () => {
    const writes = t.app.apiRoutes.filter((route) => route.method !== 'GET');
    expect(writes.length).toBeGreaterThan(20);
    for (const route of writes) {
      const key = `${route.method} ${route.url}`;
      if (DEMO_MAY_CALL.has(key)) {
        expect(
          route.access.kind === 'public' || route.access.kind === 'support' || 'write' in route.access,
          key,
        ).toBe(true);
        continue;
      }
      const url = route.url.replace('/api', '').replace(':id', '1');
      const response = await call(t, route.method as 'POST', url, { token: tokens.get('demo'), body: {} });
      expect(response.statusCode, `${key}: ${response.body}`).toBe(418);
      expect(response.json(), key).toBe('This action is disabled for the demo account');
    }
  });

  it("never lets one account reach another account's objects by id", async () => {
    for (const [method, body] of [
      ['PUT', { name: 'Hijacked' }],
      ['DELETE', undefined],
    ] as const) {
      const response = await call(t, method, `/account/labels/${foreignLabelId}`, {
        token: tokens.get('admin'),
        body,
      });
      expect(response.statusCode).toBe(404);
    }
    const theirs = (await call(t, 'GET', '/account/labels', { token: otherTenantToken })).json() as {
      name: string;
    }[];
    expect(theirs.map((label) => label.name)).toEqual(['Theirs']);
    const foreignCampaign = await call(t, 'PUT', `/sensors/s2s/${foreignCampaignId}`, {
      token: tokens.get('admin'),
      body: { name: 'Hijacked' },
    });
    expect(foreignCampaign.statusCode).toBe(404);
    for (const list of FIREWALL_LISTS) {
      const id = firewallIds.foreign.get(list);
      for (const [method, body] of [
        ['PUT', { name: 'Hijacked' }],
        ['PATCH', { hidden: true }],
      ] as const) {
        const response = await call(t, method, `${list}/${id}`, { token: tokens.get('admin'), body });
        expect(response.statusCode, `${method} ${list}/${id}`).toBe(404);
      }
    }
    const foreignTag = await call(
      t,
      'GET',
      `/sensors/firewall/${firewallIds.foreign.get('/sensors/firewall')}/tag`,
      {
        token: tokens.get('admin'),
      },
    );
    expect(foreignTag.statusCode).toBe(404);
    const foreignUser = await call(t, 'DELETE', `/account/users/${home.userId}`, {
      token: otherTenantToken,
      body: {},
    });
    expect(foreignUser.statusCode).toBe(404);
  });
});
