import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { VirtualClock } from '../../jobs/clock.js';
import { PERFORMANCE_EMAIL_JOB } from '../../jobs/performance-email.js';
import { makeHit } from '../../storage/events/event-store.fixtures.js';
import type { HitRow } from '../../storage/events/event-store.js';
import { addTenantUser, call, createTenant, type Tenant } from '../../test-support/fixtures.js';
import { eventId } from '../../test-support/ingest-fixtures.js';
import { NO_JOBS, startTestApp, type TestApp } from '../../test-support/test-app.js';
import { dueWeek, type PerformanceEmailDeps, sendPerformanceEmails } from './performance-email.service.js';
import { UnsubscribeLinks } from './unsubscribe-link.js';

/**
 * The weekly performance mail (issue 39) on the real stores: each user of an account with the
 * performance feature gets one mail a week on the account's Monday morning, never two, even when a
 * run stops in the middle or two runs race; unsubscribed users and accounts without the feature get none.
 */

/** Sunday 29 November 2026, 21:30 UTC: Monday 06:30 in Tokyo, Sunday 13:30 in Los Angeles. */
const TOKYO_MONDAY = new Date('2026-11-29T21:30:00.000Z');
/** Monday 30 November 2026, 14:30 UTC: Monday 06:30 in Los Angeles, Monday 23:30 in Tokyo. */
const LOS_ANGELES_MONDAY = new Date('2026-11-30T14:30:00.000Z');

const PERFORMANCE_JOB_ONLY = { ...NO_JOBS, PERFORMANCE_EMAIL_CHECK_SECONDS: '900' };

interface Outboxed {
  to_address: string;
  subject: string;
  text_body: string;
  html_body: string;
}

function depsOf(app: TestApp): PerformanceEmailDeps {
  return { ...app.app.alertDeps, secretKey: app.config.secretKey };
}

async function performanceMails(app: TestApp, to: string): Promise<Outboxed[]> {
  return app.stores.accounts.db
    .selectFrom('email_outbox')
    .select(['to_address', 'subject', 'text_body', 'html_body'])
    .where('kind', '=', 'performance')
    .where('to_address', '=', to)
    .execute();
}

async function account(
  app: TestApp,
  timezone: string,
  options: Parameters<typeof createTenant>[1] = {},
): Promise<Tenant> {
  const tenant = await createTenant(app, options);
  await app.stores.accounts.db
    .updateTable('relationships')
    .set({ timezone })
    .where('id', '=', tenant.relationshipId)
    .execute();
  return tenant;
}

function hits(relationshipId: number, ts: string, count: number, extra: Partial<HitRow> = {}): HitRow[] {
  return Array.from({ length: count }, () =>
    makeHit({ id: eventId('perf'), relationshipId, sessionId: eventId('s'), ts: new Date(ts), ...extra }),
  );
}

describe('when the mail is due', () => {
  it("is the Monday from 06:00 on the account's clock, for the week that ended the Sunday before", () => {
    expect(dueWeek('Asia/Tokyo', TOKYO_MONDAY)).toEqual({ from: '2026-11-23', to: '2026-11-29' });
    expect(dueWeek('America/Los_Angeles', TOKYO_MONDAY)).toBeNull();
    expect(dueWeek('America/Los_Angeles', new Date('2026-11-30T13:30:00.000Z'))).toBeNull();
    expect(dueWeek('America/Los_Angeles', LOS_ANGELES_MONDAY)).toEqual({
      from: '2026-11-23',
      to: '2026-11-29',
    });
    // Tuesday 00:30 in Tokyo: no longer due.
    expect(dueWeek('Asia/Tokyo', new Date('2026-11-30T15:30:00.000Z'))).toBeNull();
  });
});

describe('the weekly performance mail', () => {
  let t: TestApp;
  const clock = new VirtualClock(new Date('2026-11-29T12:00:00.000Z'));
  beforeAll(async () => {
    t = await startTestApp(PERFORMANCE_JOB_ONLY, { clock });
  });
  afterAll(async () => {
    await t.close();
  });

  const runJobAt = async (at: Date) => {
    clock.set(at);
    expect(await t.app.jobs.tick()).toEqual([PERFORMANCE_EMAIL_JOB]);
    await t.app.jobs.idle();
  };

  it("mails each user once a week on the account's local Monday, Tokyo before Los Angeles", async () => {
    const tokyo = await account(t, 'Asia/Tokyo', { company: 'Tokyo Traders' });
    const tokyoViewer = await addTenantUser(t, tokyo.relationshipId, 'Viewer');
    const losAngeles = await account(t, 'America/Los_Angeles', { company: 'LA Shop' });
    // Lite has no performance screen; the feature turned off on a custom account neither.
    const lite = await account(t, 'Asia/Tokyo', { plan: 'lite' });
    const custom = await account(t, 'Asia/Tokyo', {
      plan: 'custom',
      features: [{ name: 'performance', value: false }],
    });
    // An unsubscribed user, through the signed link of the mail.
    const unsubscribed = await addTenantUser(t, tokyo.relationshipId, 'Admin');
    const token = new UnsubscribeLinks(t.config.secretKey, t.config.publicUrl).token(unsubscribed.email);
    const off = await call(t, 'POST', '/performance/unsubscribe', {
      body: { email: unsubscribed.email, token },
    });
    expect(off.statusCode, off.body).toBe(200);

    const tokyoId = tokyo.relationshipId;
    // Google clicks at 1.50 USD each; what the exclusion engine pushed to Google Ads in the week (3 IPs
    // applied, 1 released), a dry run and a failure (not counted) and a push of the week before.
    await t.stores.accounts.db
      .updateTable('relationships')
      .set({ currency: 'USD', default_cpc: JSON.stringify({ google: 1.5 }) })
      .where('id', '=', tokyoId)
      .execute();
    const logLine = (at: string, action: 'add' | 'remove', outcome: 'applied' | 'validated' | 'failed') => ({
      relationship_id: tokyoId,
      provider: 'google_ads' as const,
      at,
      action,
      mode: 'protection' as const,
      outcome,
      customer_id: '1234567890',
      campaign_id: '',
      cidr: '203.0.113.7/32',
      ip_type: 'ipv4',
      reason: 'invalid sessions',
      threats: '{}',
      error: null,
    });
    await t.stores.accounts.db
      .insertInto('exclusion_log')
      .values([
        logLine('2026-11-24T01:00:00.000Z', 'add', 'applied'),
        logLine('2026-11-25T01:00:00.000Z', 'add', 'applied'),
        logLine('2026-11-29T14:59:00.000Z', 'add', 'applied'),
        logLine('2026-11-26T01:00:00.000Z', 'remove', 'applied'),
        logLine('2026-11-26T02:00:00.000Z', 'add', 'validated'),
        logLine('2026-11-26T03:00:00.000Z', 'add', 'failed'),
        logLine('2026-11-22T01:00:00.000Z', 'add', 'applied'),
      ])
      .execute();
    await t.stores.events.insertHits([
      // The week, Monday 23 to Sunday 29 November in Tokyo: 10 visits, 4 invalid.
      ...hits(tokyoId, '2026-11-22T15:30:00.000Z', 6),
      ...hits(tokyoId, '2026-11-29T14:00:00.000Z', 4, {
        riskLevel: 'high',
        threats: ['automation:webdriver'],
        utmCampaign: 'winter-sale',
      }),
      // Sunday 22 November in Tokyo: the week before (5 visits, 1 invalid).
      ...hits(tokyoId, '2026-11-22T14:00:00.000Z', 4),
      ...hits(tokyoId, '2026-11-22T14:30:00.000Z', 1, { riskLevel: 'high', threats: ['ua:known_bot'] }),
      // Monday 30 November in Tokyo: this week, not in the mail.
      ...hits(tokyoId, '2026-11-29T16:00:00.000Z', 7),
    ]);

    await runJobAt(TOKYO_MONDAY);
    const [mail, ...more] = await performanceMails(t, tokyo.email);
    expect(more).toEqual([]);
    expect(mail?.subject).toBe('Your week on Veracity: Tokyo Traders, Mon 23 Nov – Sun 29 Nov 2026');
    expect(mail?.text_body).toContain('- Total visits: 10, vs 5 the week before (+100%)');
    expect(mail?.text_body).toContain('- Invalid visits: 4, vs 1 the week before (+300%)');
    expect(mail?.text_body).toContain('- Legitimate visits: 6, vs 4 the week before (+50%)');
    expect(mail?.text_body).toContain('- Invalid share: 40.0%, vs 20.0% the week before (+20.0 pts)');
    expect(mail?.text_body).toContain(
      '- Browser driven by automation (WebDriver): 4 invalid visits, vs 0 the week before',
    );
    expect(mail?.text_body).toContain('- winter-sale: 4 invalid of 4 visits');
    expect(mail?.text_body).toContain(
      '- US$6.00 not paid for invalid clicks on paid channels, vs US$1.50 the week before',
    );
    expect(mail?.text_body).toContain('- Google Ads: 3 IPs and ranges excluded, 1 released');
    expect(mail?.text_body).toContain(`${t.config.publicUrl}/intelligence/performance`);
    const link = new URL(/Unsubscribe: (\S+)/.exec(mail?.text_body ?? '')?.[1] ?? '');
    expect(link.pathname).toBe('/performance/unsubscribe');
    expect(link.searchParams.get('email')).toBe(tokyo.email);
    expect(await performanceMails(t, tokyoViewer.email)).toHaveLength(1);
    for (const nobody of [unsubscribed, losAngeles, lite, custom]) {
      expect(await performanceMails(t, nobody.email), nobody.email).toEqual([]);
    }

    // Los Angeles's Monday morning: its users get theirs, Tokyo's users (still Monday) nothing more.
    await runJobAt(LOS_ANGELES_MONDAY);
    expect(await performanceMails(t, losAngeles.email)).toHaveLength(1);
    expect(await performanceMails(t, tokyo.email)).toHaveLength(1);
    // The same week again later that Monday, after a restart: nothing more.
    await t.restart();
    await runJobAt(new Date('2026-11-30T20:00:00.000Z'));
    for (const user of [tokyo, tokyoViewer, losAngeles]) {
      expect(await performanceMails(t, user.email), user.email).toHaveLength(1);
    }
    // The next Monday covers the next week.
    await runJobAt(new Date('2026-12-06T21:30:00.000Z'));
    const weeks = await performanceMails(t, tokyo.email);
    expect(weeks.map((entry) => entry.subject)).toEqual([
      'Your week on Veracity: Tokyo Traders, Mon 23 Nov – Sun 29 Nov 2026',
      'Your week on Veracity: Tokyo Traders, Mon 30 Nov – Sun 6 Dec 2026',
    ]);
  });

  it('never mails a user twice when two runs race', async () => {
    const tenant = await account(t, 'Asia/Tokyo');
    const users = [
      tenant,
      ...(await Promise.all([1, 2, 3].map(() => addTenantUser(t, tenant.relationshipId, 'Viewer')))),
    ];
    const deps = depsOf(t);
    const results = await Promise.all([
      sendPerformanceEmails(deps, TOKYO_MONDAY),
      sendPerformanceEmails(deps, TOKYO_MONDAY),
      sendPerformanceEmails(deps, TOKYO_MONDAY),
    ]);
    expect(results.reduce((sum, result) => sum + result.mailed, 0)).toBe(users.length);
    for (const user of users) expect(await performanceMails(t, user.email), user.email).toHaveLength(1);
  });

  it('escapes hostile tracked values and names in the HTML part and writes them as text', async () => {
    const tenant = await account(t, 'Asia/Tokyo', { company: 'Evil & <Co>' });
    const campaign = '<script>alert("x")</script>';
    const url = 'javascript:alert(1)//"><img src=x onerror=alert(2)>';
    await t.stores.events.insertHits([
      ...hits(tenant.relationshipId, '2026-11-25T03:00:00.000Z', 3, {
        riskLevel: 'high',
        utmCampaign: campaign,
      }),
      ...hits(tenant.relationshipId, '2026-11-25T03:00:00.000Z', 2, { riskLevel: 'high', utmCampaign: url }),
    ]);
    await sendPerformanceEmails(depsOf(t), TOKYO_MONDAY);
    const [mail] = await performanceMails(t, tenant.email);
    expect(mail?.html_body).toContain('&lt;script&gt;alert(&quot;x&quot;)&lt;/script&gt;');
    expect(mail?.html_body).toContain('javascript:alert(1)//&quot;&gt;&lt;img src=x onerror=alert(2)&gt;');
    expect(mail?.html_body).toContain('Evil &amp; &lt;Co&gt;');
    expect(mail?.html_body).not.toContain('<script');
    expect(mail?.html_body).not.toContain('<img');
    expect(mail?.html_body).not.toContain('href="javascript');
    expect(mail?.text_body).toContain(`- ${campaign}: 3 invalid of 3 visits`);
  });
});

describe('a run stopped in the middle', () => {
  it('leaves no user marked without a mail, and the next run mails the rest, each once', async () => {
    const app = await startTestApp(NO_JOBS);
    try {
      const db = app.stores.accounts.db;
      const tenant = await account(app, 'Asia/Tokyo');
      const others = [];
      for (let i = 0; i < 4; i++) others.push(await addTenantUser(app, tenant.relationshipId, 'Viewer'));
      const users = [tenant, ...others];
      // The outbox refuses its third performance mail (a full disk, a lost database), in the
      // transaction that marks the user.
      const postgres = app.config.databaseUrl !== undefined;
      if (postgres) {
        await sql`CREATE FUNCTION refuse_third_mail() RETURNS trigger AS $$ BEGIN
          IF (SELECT count(*) FROM email_outbox WHERE kind = 'performance') >= 2 THEN RAISE EXCEPTION 'disk full'; END IF;
          RETURN NEW; END $$ LANGUAGE plpgsql`.execute(db);
        await sql`CREATE TRIGGER refuse_third_mail BEFORE INSERT ON email_outbox
          FOR EACH ROW EXECUTE FUNCTION refuse_third_mail()`.execute(db);
      } else {
        await sql`CREATE TRIGGER refuse_third_mail BEFORE INSERT ON email_outbox
          WHEN (SELECT count(*) FROM email_outbox WHERE kind = 'performance') >= 2
          BEGIN SELECT RAISE(ABORT, 'disk full'); END`.execute(db);
      }
      const first = await sendPerformanceEmails(depsOf(app), TOKYO_MONDAY);
      expect(first.mailed).toBe(2);
      const marks = await db
        .selectFrom('performance_email_marks')
        .selectAll()
        .where('relationship_id', '=', tenant.relationshipId)
        .execute();
      expect(marks).toHaveLength(2);
      expect(marks.every((mark) => mark.outbox_id !== null && mark.week_start === '2026-11-23')).toBe(true);

      await sql`DROP TRIGGER refuse_third_mail${postgres ? sql` ON email_outbox` : sql``}`.execute(db);
      const second = await sendPerformanceEmails(depsOf(app), new Date(TOKYO_MONDAY.getTime() + 900_000));
      expect(second.mailed).toBe(3);
      for (const user of users) expect(await performanceMails(app, user.email), user.email).toHaveLength(1);
      expect(await sendPerformanceEmails(depsOf(app), new Date(TOKYO_MONDAY.getTime() + 1_800_000))).toEqual({
        accounts: 0,
        mailed: 0,
      });
    } finally {
      await app.close();
    }
  });
});
