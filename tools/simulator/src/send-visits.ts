import {
  S2S_CONVERSIONS_PATH,
  S2S_HITS_PATH,
  type S2sConversion,
  type S2sHit,
  zS2sHitVerdict,
  zS2sVerdict,
} from '@veracity/contracts/s2s';
import type { SimulatedVisit } from './model/traffic-model.js';
import { createSummary, recordFailure, recordVerdict, type SimulationSummary } from './simulation-summary.js';
import { type CallContext, call, RequestFailed, RunStopped } from './transport.js';

/** After this many failures in a row (a wrong key, a server gone) the run stops. */
export const MAX_FAILURES_IN_A_ROW = 50;

export interface SendOptions extends Omit<CallContext, 'summary'> {
  /** The account's API key for the S2S calls. */
  apiKey: string;
  /** Visits in flight at once. */
  concurrency: number;
  log: (line: string) => void;
  /** Called after each visit, with the tally so far. */
  onVisit?: (summary: SimulationSummary) => void;
}

export interface SendResult {
  summary: SimulationSummary;
  /** Why the run ended before its last visit: too many failures in a row, or its signal. */
  stopped: 'failures' | 'signal' | null;
}

interface RunState {
  failuresInARow: number;
  stopped: SendResult['stopped'];
}

async function sendVisit(
  visit: SimulatedVisit,
  options: SendOptions,
  context: CallContext,
  summary: SimulationSummary,
  state: RunState,
): Promise<void> {
  const send = async (path: string, body: S2sHit | S2sConversion, event: 'hit' | 'conversion') => {
    if (state.stopped) return;
    if (event === 'hit') summary.sentHits += 1;
    else summary.sentConversions += 1;
    try {
      const verdict = await call(
        context,
        { method: 'POST', path, token: options.apiKey, body },
        event === 'hit' ? zS2sHitVerdict : zS2sVerdict,
      );
      recordVerdict(summary, visit.kind, event, verdict);
      state.failuresInARow = 0;
    } catch (error) {
      if (error instanceof RunStopped) {
        state.stopped ??= 'signal';
        return;
      }
      if (!(error instanceof RequestFailed)) throw error;
      recordFailure(summary, `${visit.kind} ${body.id}: ${error.message}`);
      state.failuresInARow += 1;
      if (state.failuresInARow >= MAX_FAILURES_IN_A_ROW && !state.stopped) {
        state.stopped = 'failures';
        options.log(`Stopping: ${state.failuresInARow} requests in a row failed (last: ${error.message}).`);
      }
    }
  };
  // A session's hits go in order, as the visitor made them; its conversions after them.
  for (const hit of visit.hits) await send(S2S_HITS_PATH, hit, 'hit');
  for (const conversion of visit.conversions) await send(S2S_CONVERSIONS_PATH, conversion, 'conversion');
}

/**
 * Sends the visits through the S2S endpoints as a customer's server forwards them: the hits of a
 * visit in order, then its conversions; up to `concurrency` visits at once, taken in the given order.
 */
export async function sendVisits(
  visits: readonly SimulatedVisit[],
  options: SendOptions,
): Promise<SendResult> {
  const summary = createSummary();
  const context: CallContext = { ...options, summary };
  const state: RunState = { failuresInARow: 0, stopped: null };
  let next = 0;
  const worker = async () => {
    while (next < visits.length && !state.stopped) {
      if (options.signal?.aborted) {
        state.stopped = 'signal';
        break;
      }
      const visit = visits[next++] as SimulatedVisit;
      await sendVisit(visit, options, context, summary, state);
      summary.visits += 1;
      options.onVisit?.(summary);
    }
  };
  await Promise.all(Array.from({ length: Math.min(options.concurrency, visits.length) }, worker));
  return { summary, stopped: state.stopped };
}
