import type { TrafficType } from '@veracity/contracts/detection';
import type { S2sConversion, S2sHit } from '@veracity/contracts/s2s';
import { botVisits } from './bot-visits.js';
import { assignGoogleCampaigns, type GoogleCampaignTag } from './google-campaigns.js';
import { humanVisit } from './human-visits.js';
import { isPaidTrafficType } from './landing.js';
import { createRandom, seedWords } from './random.js';
import {
  BOT_KINDS,
  type BotKind,
  type DraftVisit,
  type ModelContext,
  type VisitKind,
} from './visit-draft.js';

/**
 * A realistic, deterministic model of one account's traffic over a time range, as S2S hit and
 * conversion bodies: people from consumer networks with current browsers, arriving through the
 * account's channels by day and evening, and several kinds of bots, each labelled. Pure: no I/O, no
 * clock; the same options (seed included) give the same visits.
 *
 * Used by `npm run simulate` (simulate.ts) to drive a running server, and for demo data.
 */

/** A realistic e-commerce mix: search and social ads, organic search, direct, a tail of others. */
export const DEFAULT_CHANNEL_MIX: Readonly<Partial<Record<TrafficType, number>>> = {
  google: 30,
  facebook: 14,
  microsoft: 6,
  tiktok: 5,
  organic_search: 20,
  direct: 12,
  referral: 6,
  pinterest: 1.5,
  twitter: 1,
  linkedin: 1,
  reddit: 1,
  taboola: 0.8,
  outbrain: 0.7,
  criteo: 0.5,
  yandex: 0.3,
  tradedoubler: 0.2,
};
export const DEFAULT_BOT_SHARE = 0.25;
export const DEFAULT_SITE_URL = 'https://shop.example.com';
/** How the bot visits split between kinds. */
export const BOT_KIND_MIX: Readonly<Record<BotKind, number>> = {
  declared_crawler: 20,
  http_library: 22,
  headless: 20,
  click_burst: 23,
  click_injection: 15,
};

export interface TrafficModelOptions {
  /** The same seed gives the same traffic. */
  seed: string | number;
  from: Date;
  to: Date;
  /** Visits (sessions) in total, people and bots. */
  visits: number;
  /** Share of visits made by bots, 0..1 (default 0.25). */
  botShare?: number;
  /** Relative weight of each traffic type among people's visits (default DEFAULT_CHANNEL_MIX). */
  channelMix?: Partial<Record<TrafficType, number>>;
  /** Origin of the landing pages (default https://shop.example.com). */
  siteUrl?: string;
  /** S2S campaign ids of the account to spread paid hits over. */
  campaignIds?: readonly number[];
  /** Google Ads campaigns the Google clicks come from (google-campaigns.ts); none by default. */
  googleCampaigns?: readonly GoogleCampaignTag[];
}

export interface SimulatedVisit {
  kind: VisitKind;
  /** The channel the visit arrived through (what its landing URL and referrer say). */
  trafficType: TrafficType;
  /** Time of the first hit. */
  at: Date;
  /** Page views of one session, in time order; the first is the landing (the click). */
  hits: S2sHit[];
  /** Each refers to a hit of this visit by `hitId`. */
  conversions: S2sConversion[];
}

/** Splits `total` over weighted keys, exactly (largest remainder). */
export function apportion<K extends string>(
  total: number,
  weights: Readonly<Record<K, number>>,
): Record<K, number> {
  const keys = Object.keys(weights) as K[];
  const sum = keys.reduce((acc, key) => acc + weights[key], 0);
  const exact = keys.map((key) => ({ key, value: (total * weights[key]) / sum }));
  const counts = Object.fromEntries(exact.map(({ key, value }) => [key, Math.floor(value)])) as Record<
    K,
    number
  >;
  let left = total - exact.reduce((acc, { value }) => acc + Math.floor(value), 0);
  for (const { key } of [...exact].sort((a, b) => (b.value % 1) - (a.value % 1))) {
    if (left-- <= 0) break;
    counts[key] += 1;
  }
  return counts;
}

/** Shifts a visit into the range when its last event would fall after `to`. */
function placeInRange(visit: DraftVisit, from: number, to: number): void {
  const times = [...visit.hits.map((hit) => hit.at), ...visit.conversions.map((conversion) => conversion.at)];
  const last = Math.max(...times);
  const first = Math.min(...times);
  let shift = last > to ? to - last : 0;
  if (first + shift < from) shift = from - first;
  if (shift === 0) return;
  for (const hit of visit.hits) hit.at += shift;
  for (const conversion of visit.conversions) conversion.at += shift;
}

function validate(options: TrafficModelOptions): void {
  const { from, to, visits, botShare } = options;
  if (
    !(from instanceof Date) ||
    !(to instanceof Date) ||
    Number.isNaN(from.getTime()) ||
    Number.isNaN(to.getTime())
  )
    throw new Error('from and to must be valid dates');
  if (to.getTime() <= from.getTime()) throw new Error('to must be after from');
  if (!Number.isInteger(visits) || visits < 0) throw new Error('visits must be a non-negative integer');
  if (botShare !== undefined && !(botShare >= 0 && botShare <= 1))
    throw new Error('botShare must be within 0..1');
}

/** The visits of the range, sorted by time, with stable unique ids. */
export function simulateTraffic(options: TrafficModelOptions): SimulatedVisit[] {
  validate(options);
  const random = createRandom(options.seed);
  const channelMix = options.channelMix ?? DEFAULT_CHANNEL_MIX;
  if (!Object.values(channelMix).some((weight) => (weight ?? 0) > 0))
    throw new Error('channelMix needs a positive weight');
  const paid = Object.entries(channelMix).filter(
    ([type, weight]) => isPaidTrafficType(type as TrafficType) && (weight ?? 0) > 0,
  );
  const context: ModelContext = {
    random,
    from: options.from.getTime(),
    to: options.to.getTime(),
    siteUrl: options.siteUrl ?? DEFAULT_SITE_URL,
    campaignIds: options.campaignIds ?? [],
    channelMix,
    paidMix: paid.length > 0 ? Object.fromEntries(paid) : { google: 1 },
  };
  const bots = Math.round(options.visits * (options.botShare ?? DEFAULT_BOT_SHARE));
  const drafts: DraftVisit[] = [];
  for (let i = 0; i < options.visits - bots; i++) drafts.push(humanVisit(context));
  const perKind = apportion(bots, BOT_KIND_MIX);
  for (const kind of BOT_KINDS) drafts.push(...botVisits(kind, perKind[kind], context));
  assignGoogleCampaigns(drafts, options.googleCampaigns ?? [], createRandom(`${options.seed}:google-ads`));

  const tag = (seedWords(String(options.seed))[0] % 36 ** 5).toString(36).padStart(5, '0');
  const visits = drafts.map((draft, index) => {
    placeInRange(draft, context.from, context.to);
    // At least 16 characters with its suffix: the sensor's event ids (zSensorId) can name its hits.
    const visitId = `sim-${tag}-${index.toString(36).padStart(4, '0')}`;
    const hits: S2sHit[] = draft.hits.map((hit, h) => ({
      id: `${visitId}-h${h}`,
      ts: new Date(hit.at).toISOString(),
      sessionId: `${visitId}-s`,
      ...hit.body,
    }));
    const conversions: S2sConversion[] = draft.conversions.map((conversion, c) => ({
      id: `${visitId}-c${c}`,
      ts: new Date(conversion.at).toISOString(),
      hitId: hits[conversion.hitIndex]?.id ?? `${visitId}-h0`,
      ...conversion.body,
    }));
    return {
      visit: {
        kind: draft.kind,
        trafficType: draft.trafficType,
        at: new Date(draft.hits[0]?.at ?? context.from),
        hits,
        conversions,
      },
      index,
    };
  });
  visits.sort((a, b) => a.visit.at.getTime() - b.visit.at.getTime() || a.index - b.index);
  return visits.map(({ visit }) => visit);
}
