import {
  DEFAULT_SECURITY_SETTINGS,
  EMPTY_TARGETING,
  firewallClickLink,
  zFirewallCampaignCreateBody,
  zOfferCreateBody,
  zTrafficSourceCreateBody,
} from '@veracity/contracts/firewall';
import { hasFeature } from '@veracity/contracts/plans';
import { type FirewallClickDraft, firewallClicks } from '@veracity/simulator/firewall-clicks';
import type { FastifyBaseLogger } from 'fastify';
import type { Kysely } from 'kysely';
import { insertFirewallCampaign, listFirewallCampaigns } from '../../accounts/firewall-campaigns.repo.js';
import { insertOffer, listOffers } from '../../accounts/offers.repo.js';
import { insertTrafficSource, listTrafficSources } from '../../accounts/traffic-sources.repo.js';
import type { Database } from '../../storage/oltp/schema.js';
import { findRelationship } from '../account/relationships.repo.js';

/**
 * The firewall part of the first start's demo history (issue 34), for the seeded accounts that have
 * the firewall (Veracity Enterprise): three traffic sources, three offers and three campaigns with
 * different security settings, then the sources' clicks (tools/simulator/src/firewall-clicks.ts)
 * through the real click link (`GET <SENSOR_PATH>/fc/{campaign}`) and, for the delivered clicks that
 * convert, the advertiser's conversion postback (`GET <SENSOR_PATH>/pb`), both played into the seed
 * app on its virtual clock between the other demo events. What each click and conversion becomes
 * (delivered, paused, blocked; reported or held) is the server's decision. Legitimate conversions
 * are reported to the sources' postback URLs by the seed app's delivery job: outside production a
 * local receiver answers them (DEMO_POSTBACK_HOST, demo-seed.ts); in production the demo sources have
 * no postback URL and nothing is sent.
 */

/** The host of the demo traffic sources' postback URLs (example.com is reserved: never a real host). */
export const DEMO_POSTBACK_HOST = 'postback.example.com';
/** Where the demo advertiser's conversion postbacks come from (a documentation address). */
export const DEMO_ADVERTISER_IP = '203.0.113.7';
export const DEMO_FIREWALL_CLICKS_PER_DAY = 60;
/** Conversions later than this before the end of the history are not posted: each is delivered in the run. */
const LAST_CONVERSION_MARGIN_MS = 2 * 3_600_000;

const SOURCES = [
  { key: 'nimbus', name: 'Nimbus Push' },
  { key: 'orbit', name: 'Orbit Pop' },
  { key: 'lumen', name: 'Lumen Affiliates' },
] as const;

const OFFERS = [
  {
    name: 'Dating EU',
    landingUrl:
      'https://offers.example.com/dating?click={clickid}&src={traffic_source_id}&sub={sub_publisher}',
    targeting: { countries: ['DE', 'FR', 'ES', 'IT', 'GB', 'NL'] },
  },
  {
    name: 'Sweepstakes US',
    landingUrl: 'https://offers.example.com/sweeps?click={clickid}&c={campaign_id}&country={country}',
    targeting: { countries: ['US'] },
  },
  {
    name: 'VPN Global',
    landingUrl: 'https://offers.example.com/vpn?click={clickid}&device={device}&os={os}&v={var1}',
    targeting: {},
  },
] as const;

/** Each campaign joins a source to an offer, with its own security settings, share of clicks and payout. */
const CAMPAIGNS = [
  {
    name: 'Dating EU · Nimbus Push',
    source: 0,
    offer: 0,
    weight: 45,
    payout: 4.5,
    security: { low: 'deliver', medium: 'pause', high: 'block', safePageUrl: 'https://www.example.com/' },
  },
  {
    name: 'Sweepstakes US · Orbit Pop',
    source: 1,
    offer: 1,
    weight: 30,
    payout: 2,
    security: { low: 'deliver', medium: 'block', high: 'block', safePageUrl: null },
  },
  {
    name: 'VPN Global · Lumen Affiliates',
    source: 2,
    offer: 2,
    weight: 25,
    payout: 12,
    security: {
      low: 'deliver',
      medium: 'deliver',
      high: 'pause',
      safePageUrl: 'https://www.example.com/',
      whenStoreDown: 'fail_closed',
    },
  },
] as const;

export interface DemoFirewall {
  relationshipId: number;
  sensorKey: string;
  /** The campaigns' ids, in CAMPAIGNS order. */
  campaignIds: number[];
}

/**
 * Creates the demo's traffic sources, offers and campaigns in an account that has the firewall (each
 * once: a run after an interrupted one finds them by name), validated as the dashboard's calls would.
 * `postbackOrigin`: where the sources' postbacks go (`http://postback.example.com:PORT`), or null for
 * none. Undefined when the account has no firewall.
 */
export async function prepareDemoFirewall(
  db: Kysely<Database>,
  relationshipId: number,
  postbackOrigin: string | null,
): Promise<DemoFirewall | undefined> {
  const relationship = await findRelationship(db, relationshipId);
  if (!relationship || !hasFeature('sensor_firewall', relationship.planType, relationship.accountFeatures))
    return undefined;
  const sources = new Map((await listTrafficSources(db, relationshipId)).map((s) => [s.name, s.id]));
  const sourceIds: number[] = [];
  for (const source of SOURCES) {
    const existing = sources.get(source.name);
    const postbackUrl = postbackOrigin
      ? `${postbackOrigin}/pb/${source.key}?clickid={external_id}&payout={payout}&status={status}&sub={sub_publisher}&cid={conversion_id}`
      : null;
    sourceIds.push(
      existing ??
        (
          await insertTrafficSource(
            db,
            relationshipId,
            zTrafficSourceCreateBody.parse({
              name: source.name,
              postbackUrl,
              allowedPostbackAddresses: [DEMO_ADVERTISER_IP],
            }),
          )
        ).id,
    );
  }
  const offers = new Map((await listOffers(db, relationshipId)).map((o) => [o.name, o.id]));
  const offerIds: number[] = [];
  for (const offer of OFFERS) {
    offerIds.push(offers.get(offer.name) ?? (await insertOffer(db, relationshipId, offerFields(offer))).id);
  }
  const campaigns = new Map((await listFirewallCampaigns(db, relationshipId)).map((c) => [c.name, c.id]));
  const campaignIds: number[] = [];
  for (const campaign of CAMPAIGNS) {
    const body = zFirewallCampaignCreateBody.parse({
      name: campaign.name,
      offerId: offerIds[campaign.offer],
      trafficSourceId: sourceIds[campaign.source],
      security: campaign.security,
    });
    campaignIds.push(
      campaigns.get(campaign.name) ??
        (
          await insertFirewallCampaign(db, relationshipId, {
            ...body,
            security: { ...DEFAULT_SECURITY_SETTINGS, ...body.security },
          })
        ).id,
    );
  }
  return { relationshipId, sensorKey: relationship.sensorKey, campaignIds };
}

function offerFields(offer: (typeof OFFERS)[number]) {
  const body = zOfferCreateBody.parse(offer);
  return { ...body, targeting: { ...EMPTY_TARGETING, ...body.targeting } };
}

/** A request into the seed app from a visitor's address (Fastify's `inject` with `remoteAddress`). */
export interface ClickInjectTarget {
  inject(options: {
    method: 'GET';
    url: string;
    headers: Record<string, string>;
    remoteAddress: string;
  }): Promise<{ statusCode: number; headers: Record<string, unknown>; body: string }>;
}

export interface DemoFirewallTotals {
  clicks: number;
  delivered: number;
  conversions: number;
  failed: number;
}

interface PendingConversion {
  at: number;
  clickId: string;
  click: FirewallClickDraft;
}

/**
 * The demo firewall's clicks and conversions over the history, played as the clock reaches them:
 * `playUntil(at, moveClock)` sends everything due up to `at`, moving the clock (and so the jobs) to
 * each event's time first.
 */
export function demoFirewallPlayer(
  firewalls: readonly DemoFirewall[],
  app: ClickInjectTarget,
  options: { sensorPath: string; from: Date; to: Date; log: FastifyBaseLogger; clicksPerDay?: number },
) {
  const last = options.to.getTime() - LAST_CONVERSION_MARGIN_MS;
  const clicks = firewalls.flatMap((firewall) =>
    firewallClicks({
      seed: `demo-${firewall.relationshipId}`,
      from: options.from,
      to: options.to,
      campaigns: CAMPAIGNS,
      clicksPerDay: options.clicksPerDay ?? DEMO_FIREWALL_CLICKS_PER_DAY,
    }).map((click) => ({ click, firewall })),
  );
  clicks.sort((a, b) => a.click.at - b.click.at);
  const pending: (PendingConversion & { firewall: DemoFirewall })[] = [];
  const totals: DemoFirewallTotals = { clicks: 0, delivered: 0, conversions: 0, failed: 0 };
  const errors: string[] = [];
  let next = 0;

  const failed = (message: string) => {
    totals.failed += 1;
    if (errors.length < 3) errors.push(message);
  };

  const sendClick = async ({ click, firewall }: (typeof clicks)[number]) => {
    const link = new URL(
      firewallClickLink({
        serverUrl: 'http://seed.local',
        sensorPath: options.sensorPath,
        sensorKey: firewall.sensorKey,
        campaignId: firewall.campaignIds[click.campaign] ?? 0,
        sourceParams: { clickid: click.sourceClickId, sub: click.subPublisher, ...click.vars },
      }),
    );
    const response = await app.inject({
      method: 'GET',
      url: link.pathname + link.search,
      headers: click.headers,
      remoteAddress: click.ip,
    });
    totals.clicks += 1;
    if (response.statusCode !== 302 && response.statusCode !== 200) {
      failed(`click ${response.statusCode}: ${response.body.slice(0, 200)}`);
      return;
    }
    const location = String(response.headers.location ?? '');
    // Delivered clicks go to the offer's landing URL, which carries Veracity's click id.
    if (!location.startsWith('https://offers.example.com/')) return;
    totals.delivered += 1;
    const clickId = new URL(location).searchParams.get('click');
    if (!clickId || !click.conversion) return;
    const at = click.at + click.conversion.afterMs;
    if (at <= last) {
      pending.push({ at, clickId, click, firewall });
      pending.sort((a, b) => a.at - b.at);
    }
  };

  const sendConversion = async (conversion: PendingConversion & { firewall: DemoFirewall }) => {
    const { payout, status } = conversion.click.conversion ?? { payout: 0, status: 'approved' };
    const query = new URLSearchParams({
      k: conversion.firewall.sensorKey,
      clickid: conversion.clickId,
      payout: String(payout),
      status,
      txid: `demo-${conversion.click.sourceClickId}`,
    });
    const response = await app.inject({
      method: 'GET',
      url: `${options.sensorPath}/pb?${query.toString()}`,
      headers: { 'user-agent': 'Advertiser-Tracker/2.1' },
      remoteAddress: DEMO_ADVERTISER_IP,
    });
    if (response.statusCode >= 300) failed(`postback ${response.statusCode}: ${response.body.slice(0, 200)}`);
    else totals.conversions += 1;
  };

  return {
    totals,
    errors,
    async playUntil(at: Date, moveClock: (at: Date) => Promise<void>): Promise<void> {
      const until = at.getTime();
      for (;;) {
        const click = clicks[next];
        const conversion = pending[0];
        const clickAt = click && click.click.at <= until ? click.click.at : Number.POSITIVE_INFINITY;
        const conversionAt = conversion && conversion.at <= until ? conversion.at : Number.POSITIVE_INFINITY;
        if (clickAt === Number.POSITIVE_INFINITY && conversionAt === Number.POSITIVE_INFINITY) return;
        if (clickAt <= conversionAt && click) {
          next += 1;
          await moveClock(new Date(clickAt));
          await sendClick(click);
        } else if (conversion) {
          pending.shift();
          await moveClock(new Date(conversionAt));
          await sendConversion(conversion);
        }
      }
    },
  };
}
