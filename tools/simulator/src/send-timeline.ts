import { EXCLUSION_PLATFORMS, type SensorExclusion } from '@veracity/contracts/collect';
import {
  S2S_CONVERSIONS_PATH,
  S2S_HITS_PATH,
  type S2sConversion,
  type S2sHit,
  zS2sHitVerdict,
  zS2sVerdict,
} from '@veracity/contracts/s2s';
import type { SimulatedVisit } from './model/traffic-model.js';
import { MAX_FAILURES_IN_A_ROW, type SendResult } from './send-visits.js';
import { createSummary, recordFailure, recordVerdict, type SimulationSummary } from './simulation-summary.js';
import { type CallContext, call, RequestFailed, RunStopped, zNoContent } from './transport.js';

/** One account's visits, sent with its API key. */
export interface AccountVisits {
  apiKey: string;
  visits: readonly SimulatedVisit[];
  /**
   * The account's public sensor key: the site runs the sensor, whose exclusion firings are reported
   * to the collector (`TimelineOptions.exclusionPath`).
   */
  sensorKey?: string;
}

/**
 * The ad platform tags on the simulated shop's pages (Google tag, Meta pixel, Microsoft UET, TikTok
 * pixel): the sensor fires the exclusion event on each of them.
 */
export const SHOP_TAGS = EXCLUSION_PLATFORMS;

export interface TimelineOptions extends Omit<CallContext, 'summary'> {
  /**
   * Moves the receiving server's clock to `at` (and runs what falls due on the way) before the
   * events of that instant are sent. The events carry no time of their own: the server stamps each
   * with its clock's now, which is `at`.
   */
  advanceTo: (at: Date) => Promise<void>;
  log: (line: string) => void;
  /**
   * The collector's sensor event path (`/c/e`). With it, a page view that ran the sensor (its hit
   * carries signals) of an account with a sensor key, answered high risk, is followed by what the
   * sensor sends in the browser then: the exclusion event fired on the page's tags, reported as
   * `type: "exclusion"` against that page view.
   */
  exclusionPath?: string;
}

interface TimedEvent {
  at: number;
  account: AccountVisits;
  visit: SimulatedVisit;
  /** The last event of its visit. */
  last: boolean;
  path: string;
  body: Omit<S2sHit, 'ts'> | Omit<S2sConversion, 'ts'>;
  event: 'hit' | 'conversion';
}

/**
 * The events of every visit in the order they happened: by time, and within a visit its hits then
 * its conversions, none before the one it follows (a conversion never goes before its click).
 */
function timeline(accounts: readonly AccountVisits[]): TimedEvent[] {
  const events: (TimedEvent & { order: number })[] = [];
  for (const account of accounts) {
    for (const visit of account.visits) {
      const own = [
        ...visit.hits.map((hit) => ({ path: S2S_HITS_PATH, ts: hit.ts, body: hit, event: 'hit' as const })),
        ...visit.conversions.map((conversion) => ({
          path: S2S_CONVERSIONS_PATH,
          ts: conversion.ts,
          body: conversion,
          event: 'conversion' as const,
        })),
      ];
      let previous = Number.NEGATIVE_INFINITY;
      own.forEach(({ path, ts, body, event }, index) => {
        const { ts: _sentTime, ...untimed } = body;
        previous = Math.max(previous, typeof ts === 'number' ? ts : Date.parse(String(ts)));
        events.push({
          at: previous,
          account,
          visit,
          last: index === own.length - 1,
          path,
          body: untimed,
          event,
          order: events.length,
        });
      });
    }
  }
  return events.sort((a, b) => a.at - b.at || a.order - b.order);
}

/**
 * Sends the visits of several accounts through the S2S endpoints on one timeline: the clock moves to
 * each event's time, then the events of that instant go (those of one visit in order, different
 * visits at once). Stops after MAX_FAILURES_IN_A_ROW failures in a row, or when the signal aborts.
 */
export async function sendTimeline(
  accounts: readonly AccountVisits[],
  options: TimelineOptions,
): Promise<SendResult> {
  const summary: SimulationSummary = createSummary();
  const context: CallContext = { ...options, summary };
  let failuresInARow = 0;
  let stopped: SendResult['stopped'] = null;

  const send = async (event: TimedEvent) => {
    if (stopped) return;
    if (event.event === 'hit') summary.sentHits += 1;
    else summary.sentConversions += 1;
    try {
      const verdict = await call(
        context,
        { method: 'POST', path: event.path, token: event.account.apiKey, body: event.body },
        event.event === 'hit' ? zS2sHitVerdict : zS2sVerdict,
      );
      recordVerdict(summary, event.visit.kind, event.event, verdict);
      failuresInARow = 0;
      if (event.event === 'hit' && verdict.riskLevel === 'high') await reportExclusion(event);
    } catch (error) {
      if (error instanceof RunStopped) {
        stopped ??= 'signal';
        return;
      }
      if (!(error instanceof RequestFailed)) throw error;
      recordFailure(summary, `${event.visit.kind} ${event.body.id}: ${error.message}`);
      failuresInARow += 1;
      if (failuresInARow >= MAX_FAILURES_IN_A_ROW && !stopped) {
        stopped = 'failures';
        options.log(`Stopping: ${failuresInARow} requests in a row failed (last: ${error.message}).`);
      }
    }
    if (event.last) summary.visits += 1;
  };

  /** The sensor's report of the exclusion event it fired for the page view (collector answer `exclude`). */
  const reportExclusion = async (event: TimedEvent) => {
    const hit = event.body as Omit<S2sHit, 'ts'>;
    const key = event.account.sensorKey;
    if (!options.exclusionPath || !key || !hit.signals || !hit.id || !hit.sessionId) return;
    const body: SensorExclusion = {
      type: 'exclusion',
      key,
      eventId: `${hit.id}-x`,
      sessionId: hit.sessionId,
      ts: event.at,
      hitId: hit.id,
      platforms: [...SHOP_TAGS],
    };
    await call(context, { method: 'POST', path: options.exclusionPath, body }, zNoContent);
    summary.exclusions += 1;
  };

  const events = timeline(accounts);
  for (let start = 0; start < events.length && !stopped; ) {
    if (options.signal?.aborted) {
      stopped = 'signal';
      break;
    }
    const at = events[start]?.at as number;
    let end = start;
    while (end < events.length && events[end]?.at === at) end++;
    await options.advanceTo(new Date(at));
    // The events of one instant: one visit's in order, different visits' at once.
    const byVisit = new Map<SimulatedVisit, TimedEvent[]>();
    for (const event of events.slice(start, end)) {
      byVisit.set(event.visit, [...(byVisit.get(event.visit) ?? []), event]);
    }
    await Promise.all(
      [...byVisit.values()].map(async (own) => {
        for (const event of own) await send(event);
      }),
    );
    start = end;
  }
  return { summary, stopped };
}
