import { type FakeGoogle, startFakeGoogle } from '@veracity/fakes/google-ads/start-fake-google';
import { type DemoAccount, demoVisits } from '@veracity/simulator/demo-traffic';
import { type GoogleCampaignTag, googleClicksOf } from '@veracity/simulator/model/google-campaigns';
import type { FastifyBaseLogger } from 'fastify';
import type { Kysely } from 'kysely';
import type { Config } from '../../config.js';
import type { Clock } from '../../jobs/clock.js';
import type { EventStore } from '../../storage/events/event-store.js';
import type { Database } from '../../storage/oltp/schema.js';
import type { AuditActor } from '../account/audit.js';
import { findRelationship, membersWithPermission } from '../account/relationships.repo.js';
import { FIRST_COST_IMPORT_DAYS, importGoogleAdsCosts } from '../google-ads/cost-import.service.js';
import { decideTrackingTemplate, selectAccounts, updateSettings } from '../google-ads/google-ads.service.js';
import {
  CALLBACK_PATH,
  finishConnect,
  type LinkingServices,
  startConnect,
} from '../google-ads/google-ads-linking.service.js';
import { createGoogleAdsIntegration } from '../google-ads/google-ads-wiring.js';
import { demoTrafficSeed } from './demo-traffic.js';

/**
 * The demo account's Google Ads, in the first start's demo history (demo-seed.ts), never in
 * production: a local fake of Google (@veracity/fakes) runs in the process for the length of the
 * seed, holding the demo's Google Ads hierarchy (a manager over two client accounts, campaigns of the
 * four types the pages show). The demo account is linked to it the way a person links an account:
 * connect, the fake's consent page and its Allow link, the OAuth callback's code exchange, the
 * accounts to protect, protection mode and the tracking template, through the real services and the
 * production clients (the seed app's config points the Google URLs at the fake). The simulator's
 * Google clicks carry these campaigns; the fake reports each finished day's clicks and cost as they
 * were sent; the seed app's scheduled jobs (exclusion sync, cost import) run against it on the
 * virtual clock. What the pages then show is what the engine did, never numbers written here.
 */

const LINKING_RETURN_PATH = '/integrations/google-ads/linking';

export const DEMO_GOOGLE_MANAGER = { id: '5170042000', name: 'Trail Outfitters (manager)' };

/** The demo's client accounts and their campaigns: fixed ids, and each campaign's share of Google clicks. */
export const DEMO_GOOGLE_ACCOUNTS = [
  {
    id: '5170042011',
    name: 'Trail Outfitters EU',
    campaigns: [
      { id: '21840500101', name: 'Brand search EU', type: 'SEARCH', weight: 5 },
      { id: '21840500102', name: 'Running shoes generic', type: 'SEARCH', weight: 4 },
      { id: '21840500103', name: 'Remarketing display', type: 'DISPLAY', weight: 2 },
      { id: '21840500104', name: 'Shopping all products EU', type: 'SHOPPING', weight: 3 },
    ],
  },
  {
    id: '5170042028',
    name: 'Trail Outfitters US',
    campaigns: [
      { id: '21840500201', name: 'Brand search US', type: 'SEARCH', weight: 2 },
      { id: '21840500202', name: 'Performance Max US', type: 'PERFORMANCE_MAX', weight: 3 },
      { id: '21840500203', name: 'Shopping outdoor US', type: 'SHOPPING', weight: 1 },
    ],
  },
] as const;

/** The campaigns the simulator's Google clicks come from. */
export const DEMO_GOOGLE_CAMPAIGNS: readonly GoogleCampaignTag[] = DEMO_GOOGLE_ACCOUNTS.flatMap((account) =>
  account.campaigns.map((campaign) => ({ campaignId: campaign.id, weight: campaign.weight })),
);

/** The demo history's side of the demo account's Google Ads (see the file's comment). */
export interface DemoGoogleAds {
  relationshipId: number;
  /** The seed app's config: the Google URLs and OAuth client are the fake's. */
  config: Config;
  google: FakeGoogle;
  /** What shapes the demo account's traffic: its Google clicks come from the demo campaigns. */
  account: Pick<DemoAccount, 'googleCampaigns'>;
  /** Links the demo account to the fake through the real OAuth round trip and services. */
  link(): Promise<void>;
  /** Reports into the fake the clicks and cost of every day finished by `now` (once each). */
  publishMetrics(now: Date): void;
  /** After the history: the last days' metrics and one cost import over the whole history. */
  finish(events: EventStore): Promise<void>;
  close(): Promise<void>;
}

/** A 'YYYY-MM-DD' day in a time zone. */
function dayIn(timeZone: string): (at: Date) => string {
  const format = new Intl.DateTimeFormat('en-CA', {
    timeZone,
    year: 'numeric',
    month: '2-digit',
    day: '2-digit',
  });
  return (at) => format.format(at);
}

/**
 * Starts the fake and seeds it, when the demo account is among the accounts scheduled for a demo
 * history and this is not production (a production server never starts or reaches a fake).
 */
export async function startDemoGoogleAds(
  config: Config,
  db: Kysely<Database>,
  clock: Clock,
  log: FastifyBaseLogger,
  scheduled: readonly number[],
  history: { from: Date; days?: number; visitsPerDay?: number },
): Promise<DemoGoogleAds | undefined> {
  if (config.env === 'production') return undefined;
  let demo: Awaited<ReturnType<typeof findRelationship>>;
  for (const id of scheduled) {
    const relationship = await findRelationship(db, id);
    if (relationship?.planType === 'demo') demo = relationship;
  }
  if (!demo) return undefined;
  const relationshipId = demo.id;
  const google = await startFakeGoogle({ now: () => clock.now().getTime() });
  const { state } = google;
  state.addCustomer({ ...DEMO_GOOGLE_MANAGER, manager: true, timeZone: demo.timezone });
  for (const account of DEMO_GOOGLE_ACCOUNTS) {
    state.addCustomer({
      id: account.id,
      name: account.name,
      parentId: DEMO_GOOGLE_MANAGER.id,
      currencyCode: demo.currency,
      timeZone: demo.timezone,
    });
    for (const campaign of account.campaigns) state.addCampaign({ customerId: account.id, ...campaign });
  }
  const seedConfig: Config = {
    ...config,
    googleAds: {
      ...config.googleAds,
      clientId: google.clientId,
      clientSecret: google.clientSecret,
      apiUrl: google.url,
      apiVersion: google.version,
      authorizeUrl: google.oauthUrls.authorize,
      tokenUrl: google.oauthUrls.token,
      revokeUrl: google.oauthUrls.revoke,
    },
    // The history runs the engine's jobs whatever this server's own periods are.
    googleAdsSyncMinutes: config.googleAdsSyncMinutes || 60,
    googleAdsCostImportHours: config.googleAdsCostImportHours || 24,
  };
  const integration = createGoogleAdsIntegration(seedConfig, db, log, clock, { syncDemoAccounts: true });
  const services: LinkingServices = { db, clock, googleAds: integration };

  // Each finished day's clicks and cost per campaign, from the clicks the history sends.
  const account = { googleCampaigns: DEMO_GOOGLE_CAMPAIGNS };
  const day = dayIn(demo.timezone);
  const daily = new Map<string, { campaignId: string; date: string; clicks: number; cost: number }>();
  for (const click of googleClicksOf(
    demoVisits({ seed: demoTrafficSeed(relationshipId), ...account }, history),
  )) {
    const date = day(click.at);
    const key = `${click.campaignId} ${date}`;
    const row = daily.get(key) ?? { campaignId: click.campaignId, date, clicks: 0, cost: 0 };
    row.clicks += 1;
    row.cost += click.cost;
    daily.set(key, row);
  }
  const publishMetrics = (now: Date) => {
    const today = day(now);
    for (const [key, row] of daily) {
      if (row.date >= today) continue;
      state.addDailyMetrics({ ...row, costMicros: Math.round(row.cost * 1_000_000) });
      daily.delete(key);
    }
  };

  return {
    relationshipId,
    config: seedConfig,
    google,
    account,
    async link() {
      const [admin] = await membersWithPermission(db, relationshipId, 'account_manage_integrations');
      if (!admin) throw new Error('the demo account has no member who may link Google Ads');
      const actor: AuditActor = { actorUserId: admin.id, relationshipId, ip: null };
      const redirectUri = `${config.publicUrl}${CALLBACK_PATH}`;
      const consent = await startConnect(services, actor, LINKING_RETURN_PATH, redirectUri);
      const code = await allowOnConsentPage(consent);
      const back = await finishConnect(services, log, code, redirectUri, null, { linkingDemo: true });
      if (
        new URL(back, 'http://dashboard.invalid').searchParams.get('googleAds') !== 'connected' ||
        back.includes('reason=')
      )
        throw new Error(`linking the demo's Google Ads failed: ${back}`);
      await selectAccounts(
        services,
        actor,
        DEMO_GOOGLE_ACCOUNTS.map((client) => client.id),
      );
      await updateSettings(services, actor, { protectionMode: 'protection' });
      await decideTrackingTemplate(services, actor, true);
    },
    publishMetrics,
    async finish(events) {
      publishMetrics(clock.now());
      await importGoogleAdsCosts(services, events, log, relationshipId, FIRST_COST_IMPORT_DAYS);
    },
    close: () => google.close(),
  };
}

/**
 * Opens Google's consent page (the fake's) and follows its Allow link as a person would click it;
 * answers the callback's query that Google's redirect carries.
 */
async function allowOnConsentPage(
  consentUrl: string,
): Promise<{ code?: string; state?: string; error?: string }> {
  const page = await fetch(consentUrl);
  const html = await page.text();
  const href = /id="allow"[^>]*href="([^"]+)"/.exec(html)?.[1];
  if (!page.ok || !href) throw new Error(`the consent page answered ${page.status} without an Allow link`);
  const allow = new URL(href.replaceAll('&amp;', '&'), consentUrl);
  const decision = await fetch(allow, { redirect: 'manual' });
  const location = decision.headers.get('location');
  if (!location) throw new Error(`the consent decision answered ${decision.status} without a redirect`);
  const query = new URL(location).searchParams;
  const answer: { code?: string; state?: string; error?: string } = {};
  for (const name of ['code', 'state', 'error'] as const) {
    const found = query.get(name);
    if (found !== null) answer[name] = found;
  }
  return answer;
}
