import type { TrafficType } from '@veracity/contracts/detection';
import type { S2sConversion, S2sHit } from '@veracity/contracts/s2s';
import type { Random } from './random.js';

/**
 * What the traffic model's visit builders (human-visits.ts, bot-visits.ts) share with the model that
 * calls them (traffic-model.ts): the kinds of visitor, a visit before it is placed in time and given
 * ids, the model's context and the times it draws. Kept apart so that the builders and the model do
 * not import each other.
 */

export const BOT_KINDS = [
  'declared_crawler',
  'http_library',
  'headless',
  'click_burst',
  'click_injection',
] as const;
export type BotKind = (typeof BOT_KINDS)[number];
export type VisitKind = 'human' | BotKind;
export const VISIT_KINDS: readonly VisitKind[] = ['human', ...BOT_KINDS];

/** A hit or conversion before the visit is placed in time and given ids. */
export interface DraftHit {
  at: number;
  body: Omit<S2sHit, 'id' | 'ts' | 'sessionId'>;
}
export interface DraftConversion {
  at: number;
  /** Index of the converting hit in the visit. */
  hitIndex: number;
  body: Omit<S2sConversion, 'id' | 'ts' | 'hitId'>;
}
export interface DraftVisit {
  kind: VisitKind;
  trafficType: TrafficType;
  hits: DraftHit[];
  conversions: DraftConversion[];
}

export interface ModelContext {
  random: Random;
  from: number;
  to: number;
  siteUrl: string;
  campaignIds: readonly number[];
  channelMix: Partial<Record<TrafficType, number>>;
  /** The paid channels of the mix, which click fraud targets. */
  paidMix: Partial<Record<TrafficType, number>>;
}

/** Local-hour weights of human traffic: quiet at night, busy by day and in the evening. */
const HOURLY = [
  0.25, 0.15, 0.1, 0.08, 0.08, 0.12, 0.25, 0.45, 0.65, 0.8, 0.9, 0.95, 1, 0.95, 0.9, 0.9, 0.9, 0.9, 0.95, 1,
  1, 0.9, 0.7, 0.45,
];
const WEEKEND_FACTOR = 0.8;

/** A time in the range, following the daily and weekly rhythm of people at `utcOffset` hours. */
export function rhythmTime(context: ModelContext, utcOffset: number): number {
  const { random, from, to } = context;
  let at = from;
  for (let attempt = 0; attempt < 64; attempt++) {
    at = from + random.next() * (to - from);
    const local = new Date(at + utcOffset * 3_600_000);
    const weekend = local.getUTCDay() === 0 || local.getUTCDay() === 6;
    const weight = (HOURLY[local.getUTCHours()] ?? 1) * (weekend ? WEEKEND_FACTOR : 1);
    if (random.next() < weight) break;
  }
  return Math.floor(at);
}

/** A uniformly random time in the range (bots keep no hours). */
export function anyTime(context: ModelContext): number {
  return Math.floor(context.from + context.random.next() * (context.to - context.from));
}
