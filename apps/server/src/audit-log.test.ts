import type { LightMyRequestResponse } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { postbackSecret, postbackSignature } from './postbacks/postback-secret.js';
import {
  accountToken,
  addTenantUser,
  call,
  createSupportUser,
  createTenant,
  lastMail,
  login,
  type Tenant,
  uniqueEmail,
} from './test-support/fixtures.js';
import { eventId } from './test-support/ingest-fixtures.js';
import { startTestApp, type TestApp } from './test-support/test-app.js';

/**
 * Every change of an account (its settings, members, API keys, lists, campaigns, alerts) writes the
 * audit log: who, which account, what changed. The write routes are read from the server as it
 * registered them, so a new POST, PUT, PATCH or DELETE under /api fails this suite until it is either
 * audited (and listed in AUDITED with a call that makes the change) or listed in NOT_ACCOUNT_CHANGES
 * with the reason it changes no account.
 */

/** Writes that change no account's settings, members, keys, lists, campaigns or alerts. */
const NOT_ACCOUNT_CHANGES: Record<string, string> = {
  // A person's own sessions: signing in and out.
  'POST /api/auth/login': 'signs a person in',
  'POST /api/auth/logout': "ends the caller's session",
  'POST /api/auth/logout-everywhere': "ends the caller's own sessions",
  // A person's own sign-up, credentials and address, before or outside any account's settings.
  'POST /api/auth/trial-signup': 'creates a new account and its first person, with no history yet',
  'POST /api/auth/validate-signup': 'checks a sign-up form, changes nothing',
  'POST /api/auth/password/forgot': 'mails a reset link to a person',
  'POST /api/auth/password/reset': "sets a person's own password from a mailed link",
  'POST /api/auth/password/change': "changes the caller's own password",
  'POST /api/auth/email/verify': "confirms a person's own address",
  // An address's mail preference, sent from a link in a mail, by no account.
  'POST /api/performance/unsubscribe': 'records that an address wants no more report mail',
  'POST /api/performance/unsubscribe/one-click': "the same, from a mail client's one-click unsubscribe",
  // Billing (issue 37): a plan sign-up's checkout, before any account exists; a checkout page or a
  // portal session opened at the provider, which change nothing until paid. What a payment changes is
  // written as billing.subscription_applied (below).
  'POST /api/billing/guest-checkout': 'opens a checkout for a sign-up, no account yet',
  'POST /api/billing/guest-checkout-finish': 'creates a new account from a paid sign-up, with no history yet',
  'POST /api/billing/checkout': 'opens a hosted checkout page; nothing changes until it is paid',
  'POST /api/billing/portal': 'opens a billing portal session at the provider',
  // A report of the dashboard's own errors.
  'POST /api/client-errors': 'logs a client error',
  // Reads sent as POST because their queries are large.
  'POST /api/analytics/tree': 'reads analytics',
  'POST /api/analytics/threats': 'reads analytics',
  'POST /api/widget-stats': 'reads analytics',
  'POST /api/analytics/export': 'reads analytics',
  'POST /api/analytics/sessions': 'reads the visits of an analytics row',
  'POST /api/conversions/list': 'reads the conversions list',
  'POST /api/conversions/export': 'reads the conversions list',
  // Runs a saved report (its file and mail); the report itself is audited when made or changed.
  'POST /api/reports/:id/runs': 'runs a saved report, changing no setting',
  'POST /api/widget/search-display/exclusions': 'reads an exclusion widget',
  'POST /api/widget/shopping/exclusions': 'reads an exclusion widget',
  'POST /api/widget/pmax/exclusions': 'reads an exclusion widget',
  'POST /api/widget/facebook/exclusions': 'reads an exclusion widget',
  'POST /api/widget/microsoft/exclusions': 'reads an exclusion widget',
  'POST /api/widget/tiktok/exclusions': 'reads an exclusion widget',
};

/**
 * Audited writes that call Google: their audit rows are checked where a local fake Google answers them
 * (features/google-ads/exclusion-sync-modes.test.ts), not in this suite's server, which has none.
 */
const AUDITED_AGAINST_THE_FAKE: Record<string, string> = {
  'POST /api/integrations/google-ads/refresh': 'google_ads.refreshed',
  'POST /api/integrations/google-ads/sync': 'google_ads.synced',
  // Meta, Microsoft and TikTok (issue 35): checked with a driver in features/ad-channels/ad-channels.test.ts.
  ...Object.fromEntries(
    ['facebook-ads', 'microsoft-ads', 'tiktok-ads'].flatMap((segment) => [
      [`POST /api/integrations/${segment}/connect`, 'ad_channel.connect_started'],
      [`PUT /api/integrations/${segment}/account`, 'ad_channel.account'],
      [`PUT /api/integrations/${segment}/exclusions`, 'ad_channel.exclusions'],
      [`POST /api/integrations/${segment}/sync`, 'ad_channel.sync'],
    ]),
  ),
  // Billing: a paid checkout and a provider event apply the re-read subscription; checked against the
  // Chargebee fake and the built-in provider in features/billing/billing.test.ts.
  'POST /api/billing/checkout-finish': 'billing.subscription_applied',
  'POST /api/billing/webhook': 'billing.subscription_applied',
  'POST /api/billing/test-mode/fail-renewal': 'billing.subscription_applied',
  // HubSpot: checked against its fake in integrations/hubspot/hubspot.test.ts.
  'POST /api/integrations/hubspot/connect': 'hubspot.connect_started',
};

interface AuditRow {
  id: number;
  actor_user_id: number | null;
  relationship_id: number | null;
  action: string;
  detail: string;
}

let t: TestApp;
let home: Tenant;
let admin: string;
let roles: Map<string, number>;

async function auditRowsAfter(id: number): Promise<AuditRow[]> {
  return (await t.stores.accounts.db
    .selectFrom('audit_log')
    .select(['id', 'actor_user_id', 'relationship_id', 'action', 'detail'])
    .where('id', '>', id)
    .orderBy('id')
    .execute()) as AuditRow[];
}

async function lastAuditId(): Promise<number> {
  const row = await t.stores.accounts.db
    .selectFrom('audit_log')
    .select((eb) => eb.fn.max('id').as('last'))
    .executeTakeFirst();
  return Number(row?.last ?? 0);
}

function ok(response: LightMyRequestResponse): LightMyRequestResponse {
  expect(response.statusCode, response.body).toBeLessThan(300);
  return response;
}

/** A saved full report (issue 36). */
const REPORT = {
  name: 'Invalid by channel',
  dimensions: ['trafficType'],
  metrics: ['sessions', 'highRiskSessions'],
  range: 'yesterday',
  schedule: 'daily',
};

async function created(path: string, body: object): Promise<number> {
  return (ok(await call(t, 'POST', path, { token: admin, body })).json() as { id: number }).id;
}

/**
 * A conversion the firewall held: a blocked click of a new firewall campaign (stored as the click
 * path stores it) and the advertiser's signed postback of it (click injection: paused).
 */
async function heldConversion(): Promise<string> {
  const campaignId = await created('/sensors/firewall', { name: 'Held conversions' });
  const click = eventId('click');
  const at = new Date();
  await t.stores.journal.append({
    hits: [
      {
        relationshipId: home.relationshipId,
        id: click,
        sessionId: `s-${click}`,
        ts: at,
        url: 'https://veracity.example/c/fc',
        trafficType: 'direct',
        riskLevel: 'high',
        threats: [],
        hitStatus: 'blocked',
        campaignId,
      },
    ],
    hitSessions: [{ hits: 1, startedAt: at }],
  });
  await t.stores.journal.drain();
  t.app.ingest.pipeline.storedIds?.add('hits', home.relationshipId, click);
  const { sensor_key: k } = await t.stores.accounts.db
    .selectFrom('relationships')
    .select('sensor_key')
    .where('id', '=', home.relationshipId)
    .executeTakeFirstOrThrow();
  const params = { k, clickid: click };
  const sig = postbackSignature(
    postbackSecret(t.config.secretKey, home.relationshipId),
    Object.entries(params),
  );
  const answer = ok(
    await t.app.inject({
      method: 'GET',
      url: `${t.config.sensorPath}/pb?${new URLSearchParams({ ...params, sig })}`,
    }),
  ).json() as { conversionId: string; status: string };
  expect(answer.status).toBe('paused');
  await t.stores.journal.drain();
  return answer.conversionId;
}

/** A person invited to the home account by mail, and the token of the invitation link. */
async function invitation(existing: boolean): Promise<{ email: string; token: string; userId?: number }> {
  const other = existing ? await createTenant(t, { company: 'Elsewhere' }) : undefined;
  const email = other?.email ?? uniqueEmail('invited');
  ok(
    await call(t, 'POST', '/account/invite', {
      token: admin,
      body: { email, roleIds: [roles.get('Viewer')] },
    }),
  );
  const link = new URL((await lastMail(t, email)).link);
  const token = link.searchParams.get('invitation') ?? link.searchParams.get('token') ?? '';
  return { email, token, ...(other ? { userId: other.userId } : {}) };
}

interface Expected {
  action: string;
  /** The account the entry is about; the home account when absent. */
  relationshipId?: number;
  /** Who made the change; the home admin when absent. */
  actorUserId?: number;
  /** Values the entry's detail holds (old -> new as `{from, to}` where a value changed). */
  detail?: Record<string, unknown>;
}

const OFFER_URL = 'https://offer.example/land';

const ALERT = {
  name: 'Google bots',
  type: 'click',
  dimensions: ['trafficType'],
  values: { trafficType: ['google'] },
  threshold: 3,
  minEvents: 500,
  frequency: 'daily',
};

/** How to make each audited change as the home account's admin, and the entry it must write. */
const AUDITED: Record<string, () => Promise<Expected>> = {
  'PUT /api/me/settings': async () => {
    ok(
      await call(t, 'PUT', '/me/settings', {
        token: admin,
        body: { account: { companyName: 'Audited Co' } },
      }),
    );
    return {
      action: 'settings.updated',
      detail: { 'account.companyName': { from: 'Audit Home', to: 'Audited Co' } },
    };
  },
  'POST /api/me/ip-whitelist': async () => {
    ok(
      await call(t, 'POST', '/me/ip-whitelist', {
        token: admin,
        body: { entries: [{ value: '192.0.2.1' }] },
      }),
    );
    return { action: 'ip_list.traffic_allow.replaced', detail: { entries: 1 } };
  },
  'POST /api/me/ip-blacklist': async () => {
    ok(
      await call(t, 'POST', '/me/ip-blacklist', {
        token: admin,
        body: { entries: [{ value: '192.0.2.2' }] },
      }),
    );
    return { action: 'ip_list.traffic_deny.replaced', detail: { entries: 1 } };
  },
  'POST /api/me/keys': async () => {
    const id = await created('/me/keys', { name: 'Audited key' });
    return { action: 'api_key.created', detail: { id, name: 'Audited key' } };
  },
  'DELETE /api/me/keys': async () => {
    const id = await created('/me/keys', { name: 'Short-lived key' });
    const before = await lastAuditId();
    ok(await call(t, 'DELETE', '/me/keys', { token: admin, body: { key: id } }));
    expect((await auditRowsAfter(before)).map((row) => row.action)).toEqual(['api_key.deleted']);
    return { action: 'api_key.deleted', detail: { id, name: 'Short-lived key' } };
  },
  'POST /api/account/invite': async () => {
    const email = uniqueEmail('invitee');
    ok(
      await call(t, 'POST', '/account/invite', {
        token: admin,
        body: { email, roleIds: [roles.get('Analyst')] },
      }),
    );
    return { action: 'user.invited', detail: { email } };
  },
  'PUT /api/account/users/:id': async () => {
    const member = await addTenantUser(t, home.relationshipId, 'Viewer');
    ok(
      await call(t, 'PUT', `/account/users/${member.userId}`, {
        token: admin,
        body: { roleIds: [roles.get('Analyst')] },
      }),
    );
    return { action: 'user.roles_granted', detail: { userId: member.userId, email: member.email } };
  },
  'DELETE /api/account/users/:id': async () => {
    const member = await addTenantUser(t, home.relationshipId, 'Viewer');
    ok(await call(t, 'DELETE', `/account/users/${member.userId}`, { token: admin, body: {} }));
    return {
      action: 'user.roles_revoked',
      detail: { userId: member.userId, email: member.email, removed: true },
    };
  },
  'POST /api/account/labels': async () => {
    const id = await created('/account/labels', { name: 'Audited label' });
    return { action: 'label.created', detail: { id, name: 'Audited label' } };
  },
  'PUT /api/account/labels/:id': async () => {
    const id = await created('/account/labels', { name: 'Old name' });
    ok(await call(t, 'PUT', `/account/labels/${id}`, { token: admin, body: { name: 'New name' } }));
    return { action: 'label.updated', detail: { id, name: { from: 'Old name', to: 'New name' } } };
  },
  'DELETE /api/account/labels/:id': async () => {
    const id = await created('/account/labels', { name: 'Doomed label' });
    ok(await call(t, 'DELETE', `/account/labels/${id}`, { token: admin }));
    return { action: 'label.deleted', detail: { id, name: 'Doomed label' } };
  },
  'PUT /api/account/access-login-settings': async () => {
    ok(
      await call(t, 'PUT', '/account/access-login-settings', {
        token: admin,
        body: { enabled: false, entries: [{ value: '198.51.100.0/24', note: 'office' }] },
      }),
    );
    return { action: 'login_access.updated', detail: { enabled: false, entries: 1 } };
  },
  'POST /api/sensors/s2s': async () => {
    const id = await created('/sensors/s2s', { name: 'Audited campaign' });
    return { action: 'campaign.created', detail: { id, name: 'Audited campaign' } };
  },
  'PUT /api/sensors/s2s/:id': async () => {
    const id = await created('/sensors/s2s', { name: 'Before' });
    ok(await call(t, 'PUT', `/sensors/s2s/${id}`, { token: admin, body: { name: 'After', active: false } }));
    return {
      action: 'campaign.updated',
      detail: { id, name: { from: 'Before', to: 'After' }, active: { from: true, to: false } },
    };
  },
  'POST /api/sensors/firewall': async () => {
    const id = await created('/sensors/firewall', { name: 'Audited firewall campaign' });
    return {
      action: 'firewall_campaign.created',
      detail: { id, name: 'Audited firewall campaign', active: true },
    };
  },
  'PUT /api/sensors/firewall/:id': async () => {
    const id = await created('/sensors/firewall', { name: 'Before' });
    ok(
      await call(t, 'PUT', `/sensors/firewall/${id}`, {
        token: admin,
        body: { name: 'After', security: { medium: 'block' } },
      }),
    );
    return {
      action: 'firewall_campaign.updated',
      detail: {
        id,
        name: { from: 'Before', to: 'After' },
        security: {
          from: expect.stringContaining('"medium":"pause"'),
          to: expect.stringContaining('"medium":"block"'),
        },
      },
    };
  },
  'PATCH /api/sensors/firewall/:id': async () => {
    const id = await created('/sensors/firewall', { name: 'Toggled' });
    ok(await call(t, 'PATCH', `/sensors/firewall/${id}`, { token: admin, body: { active: false } }));
    return { action: 'firewall_campaign.updated', detail: { id, active: { from: true, to: false } } };
  },
  'POST /api/sensors/firewall/offers': async () => {
    const id = await created('/sensors/firewall/offers', { name: 'Audited offer', landingUrl: OFFER_URL });
    return { action: 'offer.created', detail: { id, name: 'Audited offer' } };
  },
  'PUT /api/sensors/firewall/offers/:id': async () => {
    const id = await created('/sensors/firewall/offers', { name: 'Offer', landingUrl: OFFER_URL });
    ok(
      await call(t, 'PUT', `/sensors/firewall/offers/${id}`, {
        token: admin,
        body: { landingUrl: `${OFFER_URL}?c={clickid}` },
      }),
    );
    return {
      action: 'offer.updated',
      detail: { id, landingUrl: { from: OFFER_URL, to: `${OFFER_URL}?c={clickid}` } },
    };
  },
  'PATCH /api/sensors/firewall/offers/:id': async () => {
    const id = await created('/sensors/firewall/offers', { name: 'Offer', landingUrl: OFFER_URL });
    ok(await call(t, 'PATCH', `/sensors/firewall/offers/${id}`, { token: admin, body: { hidden: true } }));
    return { action: 'offer.updated', detail: { id, hidden: { from: false, to: true } } };
  },
  'POST /api/sensors/firewall/conversions/release': async () => {
    const id = await heldConversion();
    ok(await call(t, 'POST', '/sensors/firewall/conversions/release', { token: admin, body: { ids: [id] } }));
    return { action: 'conversion.released', detail: { id, status: 'not_reported' } };
  },
  'POST /api/sensors/firewall/trafficsources': async () => {
    const id = await created('/sensors/firewall/trafficsources', { name: 'Audited source' });
    return { action: 'traffic_source.created', detail: { id, name: 'Audited source' } };
  },
  'PUT /api/sensors/firewall/trafficsources/:id': async () => {
    const id = await created('/sensors/firewall/trafficsources', { name: 'Source' });
    ok(
      await call(t, 'PUT', `/sensors/firewall/trafficsources/${id}`, {
        token: admin,
        body: { allowedPostbackAddresses: ['192.0.2.9'] },
      }),
    );
    return {
      action: 'traffic_source.updated',
      detail: { id, allowedPostbackAddresses: { from: '[]', to: '["192.0.2.9"]' } },
    };
  },
  'PATCH /api/sensors/firewall/trafficsources/:id': async () => {
    const id = await created('/sensors/firewall/trafficsources', { name: 'Source' });
    ok(
      await call(t, 'PATCH', `/sensors/firewall/trafficsources/${id}`, {
        token: admin,
        body: { active: false },
      }),
    );
    return { action: 'traffic_source.updated', detail: { id, active: { from: true, to: false } } };
  },
  'POST /api/alerts': async () => {
    const id = await created('/alerts', ALERT);
    return { action: 'alert.created', detail: { id, name: 'Google bots' } };
  },
  'PUT /api/alerts/:id': async () => {
    const id = await created('/alerts', ALERT);
    ok(await call(t, 'PUT', `/alerts/${id}`, { token: admin, body: { ...ALERT, threshold: 7.5 } }));
    return { action: 'alert.updated', detail: { id, threshold: { from: 3, to: 7.5 } } };
  },
  'PATCH /api/alerts/:id': async () => {
    const id = await created('/alerts', ALERT);
    ok(await call(t, 'PATCH', `/alerts/${id}`, { token: admin }));
    return { action: 'alert.deleted', detail: { id, name: 'Google bots' } };
  },
  'POST /api/reports': async () => {
    const id = await created('/reports', REPORT);
    return { action: 'report.created', detail: { id, name: 'Invalid by channel', schedule: 'daily' } };
  },
  'PUT /api/reports/:id': async () => {
    const id = await created('/reports', REPORT);
    ok(await call(t, 'PUT', `/reports/${id}`, { token: admin, body: { ...REPORT, schedule: 'weekly' } }));
    return { action: 'report.updated', detail: { id, schedule: 'weekly' } };
  },
  'DELETE /api/reports/:id': async () => {
    const id = await created('/reports', REPORT);
    ok(await call(t, 'DELETE', `/reports/${id}`, { token: admin }));
    return { action: 'report.deleted', detail: { id, name: 'Invalid by channel' } };
  },
  'POST /api/me/invitations/accept': async () => {
    const invited = await invitation(true);
    const before = await lastAuditId();
    ok(
      await call(t, 'POST', '/me/invitations/accept', {
        token: await login(t, invited.email),
        body: { token: invited.token },
      }),
    );
    expect((await auditRowsAfter(before)).map((row) => row.action)).toEqual(['user.invitation_accepted']);
    return { action: 'user.invitation_accepted', actorUserId: invited.userId as number };
  },
  'POST /api/auth/preregister': async () => {
    const invited = await invitation(false);
    const before = await lastAuditId();
    ok(
      await call(t, 'POST', '/auth/preregister', {
        body: { token: invited.token, name: 'Newcomer', password: 'a-long-password', terms: true },
      }),
    );
    const [row] = await auditRowsAfter(before);
    expect(row?.action).toBe('user.invitation_accepted');
    return {
      action: 'user.invitation_accepted',
      actorUserId: row?.actor_user_id as number,
      detail: { userId: row?.actor_user_id, email: invited.email },
    };
  },
  'POST /api/integrations/google-ads/connect': async () => {
    ok(
      await call(t, 'POST', '/integrations/google-ads/connect', {
        token: admin,
        body: { returnPath: '/integrations/google-ads/linking' },
      }),
    );
    return {
      action: 'google_ads.connect_started',
      detail: { returnPath: '/integrations/google-ads/linking' },
    };
  },
  'PUT /api/integrations/google-ads/accounts': async () => {
    ok(
      await call(t, 'PUT', '/integrations/google-ads/accounts', { token: admin, body: { customerIds: [] } }),
    );
    return { action: 'google_ads.accounts_selected' };
  },
  'PATCH /api/integrations/google-ads/settings': async () => {
    ok(
      await call(t, 'PATCH', '/integrations/google-ads/settings', {
        token: admin,
        body: { rotationDays: 45 },
      }),
    );
    return { action: 'google_ads.settings_updated', detail: { rotationDays: { from: 30, to: 45 } } };
  },
  'POST /api/integrations/google-ads/tracking-template': async () => {
    ok(
      await call(t, 'POST', '/integrations/google-ads/tracking-template', {
        token: admin,
        body: { apply: false },
      }),
    );
    return { action: 'google_ads.tracking_template_skipped' };
  },
  ...Object.fromEntries(
    (['facebook-ads', 'microsoft-ads', 'tiktok-ads'] as const).map((segment) => [
      `DELETE /api/integrations/${segment}`,
      async () => {
        ok(await call(t, 'DELETE', `/integrations/${segment}`, { token: admin }));
        return { action: 'ad_channel.disconnected' };
      },
    ]),
  ),
  'DELETE /api/integrations/hubspot': async () => {
    ok(await call(t, 'DELETE', '/integrations/hubspot?from=2026-01-01&to=2026-01-31', { token: admin }));
    return { action: 'hubspot.disconnected' };
  },
  'DELETE /api/integrations/google-ads': async () => {
    ok(await call(t, 'DELETE', '/integrations/google-ads', { token: admin }));
    return { action: 'google_ads.unlinked', detail: { connection: false } };
  },
  'POST /api/integrations/google-ads/never-exclude': async () => {
    ok(
      await call(t, 'POST', '/integrations/google-ads/never-exclude', {
        token: admin,
        body: { cidr: '198.51.100.20', note: 'partner' },
      }),
    );
    return { action: 'google_ads.never_exclude_added', detail: { cidr: '198.51.100.20' } };
  },
  'DELETE /api/integrations/google-ads/never-exclude/:id': async () => {
    const id = await created('/integrations/google-ads/never-exclude', { cidr: '198.51.100.21' });
    ok(await call(t, 'DELETE', `/integrations/google-ads/never-exclude/${id}`, { token: admin }));
    return { action: 'google_ads.never_exclude_removed', detail: { cidr: '198.51.100.21' } };
  },
  'POST /api/support/login-as': async () => {
    const support = await createSupportUser(t);
    ok(
      await call(t, 'POST', '/support/login-as', {
        token: await login(t, support.email),
        body: { relationshipId: home.relationshipId },
      }),
    );
    return { action: 'support.login_as', actorUserId: support.userId };
  },
  // Postback security (issue 40): never the secret (features/security/postback-security.test.ts checks).
  'PUT /api/security/postback': async () => {
    ok(
      await call(t, 'PUT', '/security/postback', {
        token: admin,
        body: { sources: ['192.0.2.0/24'], requireSigned: true },
      }),
    );
    return {
      action: 'postback_security.updated',
      detail: { sources: { from: '[]', to: '["192.0.2.0/24"]' }, requireSigned: { from: false, to: true } },
    };
  },
  'POST /api/security/postback/rotate-secret': async () => {
    ok(
      await call(t, 'POST', '/security/postback/rotate-secret', { token: admin, body: { overlapHours: 24 } }),
    );
    return { action: 'postback_security.secret_rotated', detail: { overlapHours: 24 } };
  },
  'PUT /api/security/domains': async () => {
    ok(
      await call(t, 'PUT', '/security/domains', {
        token: admin,
        body: { excludedReferrers: ['spam.example'], sensorDomains: [], foreignDomainAction: 'exclude' },
      }),
    );
    return {
      action: 'domain_security.updated',
      detail: { excludedAdded: 'spam.example', foreignDomainAction: { from: 'flag', to: 'exclude' } },
    };
  },
  // The JavaScript sensor settings (issue 40): one entry naming each setting that changed.
  'PUT /api/security/sensor-settings': async () => {
    ok(
      await call(t, 'PUT', '/security/sensor-settings', {
        token: admin,
        body: {
          exclusionEvents: { google: true, facebook: false, microsoft: true, tiktok: true },
          spaTracking: true,
          cookieless: false,
          firstPartyPath: '/vx',
        },
      }),
    );
    return {
      action: 'sensor_settings.updated',
      detail: {
        'exclusionEvents.facebook': { from: true, to: false },
        spaTracking: { from: false, to: true },
        firstPartyPath: { from: null, to: '/vx' },
      },
    };
  },
  'PUT /api/security/apps': async () => {
    ok(
      await call(t, 'PUT', '/security/apps', {
        token: admin,
        body: { allowed: ['com.example.news'], blocked: ['com.example.game'] },
      }),
    );
    return {
      action: 'app_security.replaced',
      detail: { allowed: 1, blocked: 1, allowedAdded: 'com.example.news', blockedAdded: 'com.example.game' },
    };
  },
};

beforeAll(async () => {
  // Connecting only builds Google's consent URL here; exchanging the code is the client's (and its fake's).
  t = await startTestApp(
    {},
    {
      googleAds: {
        oauth: {
          authorizeUrl: ({ state }) => `https://consent.example/auth?state=${state}`,
          exchangeCode: () => Promise.reject(new Error('not called')),
          refresh: () => Promise.reject(new Error('not called')),
          revoke: () => Promise.resolve(),
        },
      },
    },
  );
  // Flag driven with the firewall and S2S flags, so that every audited route is open to its admin.
  home = await createTenant(t, {
    company: 'Audit Home',
    plan: 'custom',
    features: [
      { name: 'sensor_firewall', value: true },
      { name: 'sensor_s2s', value: true },
    ],
  });
  admin = await accountToken(t, home);
  const listed = (await call(t, 'GET', '/list-roles', { token: admin })).json() as {
    id: number;
    name: string;
  }[];
  roles = new Map(listed.map((role) => [role.name, role.id]));
});

afterAll(async () => {
  await t.close();
});

describe('the audit log', () => {
  it('knows every write route of the server: audited, or listed as no account change', () => {
    const writes = t.app.apiRoutes
      .filter((route) => route.method !== 'GET' && route.method !== 'HEAD')
      .map(({ method, url }) => `${method} ${url}`);
    expect(writes.length).toBeGreaterThan(20);
    const listed = (route: string) =>
      route in AUDITED || route in NOT_ACCOUNT_CHANGES || route in AUDITED_AGAINST_THE_FAKE;
    expect(writes.filter((route) => !listed(route))).toEqual([]);
    const known = [
      ...Object.keys(AUDITED),
      ...Object.keys(NOT_ACCOUNT_CHANGES),
      ...Object.keys(AUDITED_AGAINST_THE_FAKE),
    ];
    expect(known.filter((route) => !writes.includes(route))).toEqual([]);
    expect(Object.keys(AUDITED).filter((route) => route in NOT_ACCOUNT_CHANGES)).toEqual([]);
  });

  for (const [route, change] of Object.entries(AUDITED)) {
    it(`${route} writes who changed which account, and what`, async () => {
      const before = await lastAuditId();
      const expected = await change();
      const rows = (await auditRowsAfter(before)).filter((row) => row.action === expected.action);
      expect(rows.length, `${route}: ${JSON.stringify(await auditRowsAfter(before))}`).toBeGreaterThan(0);
      const row = rows[rows.length - 1] as AuditRow;
      expect(row.relationship_id).toBe(expected.relationshipId ?? home.relationshipId);
      expect(row.actor_user_id).toBe(expected.actorUserId ?? home.userId);
      expect(JSON.parse(row.detail)).toMatchObject(expected.detail ?? {});
    });
  }

  it('never writes a secret: no API key, no invitation token', async () => {
    const before = await lastAuditId();
    const key = (
      ok(await call(t, 'POST', '/me/keys', { token: admin, body: { name: 'Secret key' } })).json() as {
        key: string;
      }
    ).key;
    const invited = await invitation(false);
    const written = JSON.stringify(await auditRowsAfter(before));
    expect(written).toContain('api_key.created');
    expect(written).toContain('user.invited');
    expect(key.length).toBeGreaterThan(8);
    expect(written).not.toContain(key);
    expect(invited.token.length).toBeGreaterThan(8);
    expect(written).not.toContain(invited.token);
  });

  it('writes nothing for a change that was refused', async () => {
    await created('/account/labels', { name: 'Taken' });
    const before = await lastAuditId();
    const duplicate = await call(t, 'POST', '/account/labels', { token: admin, body: { name: 'Taken' } });
    expect(duplicate.statusCode).toBe(409);
    const missing = await call(t, 'PUT', '/sensors/s2s/999999', { token: admin, body: { name: 'Nobody' } });
    expect(missing.statusCode).toBe(404);
    expect(await auditRowsAfter(before)).toEqual([]);
    // A firewall change refused for a field (a label of no account's) writes nothing either.
    const firewall = await created('/sensors/firewall', { name: 'Unchanged' });
    const beforeRefusal = await lastAuditId();
    const foreignLabel = await call(t, 'PUT', `/sensors/firewall/${firewall}`, {
      token: admin,
      body: { name: 'Changed', labelIds: [999999] },
    });
    expect(foreignLabel.statusCode).toBe(400);
    expect(await auditRowsAfter(beforeRefusal)).toEqual([]);
  });
});
