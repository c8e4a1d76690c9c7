import { zCreatedApiKey, zRelationships } from '@veracity/contracts/account';
import { zAccountTokenResponse, zTokenResponse } from '@veracity/contracts/auth';
import {
  S2S_CONVERSIONS_PATH,
  S2S_HITS_PATH,
  type S2sConversion,
  type S2sHit,
  zS2sHitVerdict,
  zS2sVerdict,
} from '@veracity/contracts/s2s';
import type { z } from 'zod';
import type { SimulateOptions } from './simulate-args.js';
import { createSummary, recordFailure, recordVerdict, type SimulationSummary } from './simulation-summary.js';
import { type SimulatedVisit, simulateTraffic } from './traffic-model.js';

/**
 * `npm run simulate`: the traffic model's visits sent through a running server's S2S endpoints, as a
 * customer's server would forward them (the hits of a visit in order, visits concurrently), with
 * retries on 429 and 503 that honour Retry-After. simulate.ts is the command.
 */

export interface SimulatorIo {
  fetch: typeof fetch;
  log: (line: string) => void;
  sleep: (ms: number) => Promise<void>;
}

const defaultIo: SimulatorIo = {
  fetch: (...args) => fetch(...args),
  log: (line) => console.log(line),
  sleep: (ms) => new Promise((resolve) => setTimeout(resolve, ms)),
};

const RETRY_STATUSES = new Set([429, 502, 503, 504]);
const MAX_ATTEMPTS = 6;
const MAX_BACKOFF_MS = 30_000;

/** Milliseconds a Retry-After header asks for (seconds or an HTTP date), or null. */
export function retryAfterMs(header: string | null, now = Date.now()): number | null {
  if (header === null || header.trim() === '') return null;
  const seconds = Number(header);
  if (Number.isFinite(seconds)) return Math.max(0, seconds * 1000);
  const date = Date.parse(header);
  return Number.isNaN(date) ? null : Math.max(0, date - now);
}

class RequestFailed extends Error {}

/** A JSON call with retries on 429, 502-504 and network errors; throws RequestFailed at the end. */
async function call<T>(
  io: SimulatorIo,
  summary: SimulationSummary | null,
  request: { url: string; method: 'GET' | 'POST'; token?: string; body?: unknown },
  schema: z.ZodType<T>,
): Promise<T> {
  const label = `${request.method} ${new URL(request.url).pathname}`;
  for (let attempt = 1; ; attempt++) {
    let retryReason: string;
    let waitMs: number | null = null;
    try {
      const response = await io.fetch(request.url, {
        method: request.method,
        headers: {
          accept: 'application/json',
          ...(request.body === undefined ? {} : { 'content-type': 'application/json' }),
          ...(request.token ? { authorization: `Bearer ${request.token}` } : {}),
        },
        ...(request.body === undefined ? {} : { body: JSON.stringify(request.body) }),
      });
      const text = await response.text();
      if (response.ok) {
        let json: unknown;
        try {
          json = JSON.parse(text);
        } catch {
          throw new RequestFailed(`${label}: answered ${response.status} with a body that is not JSON`);
        }
        const parsed = schema.safeParse(json);
        if (!parsed.success) throw new RequestFailed(`${label}: unexpected answer: ${text.slice(0, 200)}`);
        return parsed.data;
      }
      if (!RETRY_STATUSES.has(response.status))
        throw new RequestFailed(`${label}: ${response.status} ${text.slice(0, 300)}`);
      retryReason = String(response.status);
      waitMs = retryAfterMs(response.headers.get('retry-after'));
    } catch (error) {
      if (error instanceof RequestFailed) throw error;
      retryReason = 'network';
      if (attempt >= MAX_ATTEMPTS) throw new RequestFailed(`${label}: ${(error as Error).message}`);
    }
    if (attempt >= MAX_ATTEMPTS)
      throw new RequestFailed(`${label}: still ${retryReason} after ${attempt} attempts`);
    if (summary) summary.retries[retryReason] = (summary.retries[retryReason] ?? 0) + 1;
    const backoff = Math.min(MAX_BACKOFF_MS, 250 * 2 ** (attempt - 1) * (1 + Math.random() * 0.25));
    await io.sleep(Math.min(MAX_BACKOFF_MS * 2, waitMs ?? backoff));
  }
}

/**
 * An API key for the S2S calls: the one given, or a new "Traffic simulator" key of the chosen
 * account after signing in to the dashboard API.
 */
export async function resolveApiKey(options: SimulateOptions, io: SimulatorIo = defaultIo): Promise<string> {
  if (options.apiKey) return options.apiKey;
  if (!options.email || !options.password)
    throw new Error(
      'No API key: pass --api-key (or VERACITY_API_KEY), or --email and --password to create one.',
    );
  const api = `${options.url}/api`;
  const login = await call(
    io,
    null,
    { url: `${api}/auth/login`, method: 'POST', body: { email: options.email, password: options.password } },
    zTokenResponse,
  );
  const relationships = await call(
    io,
    null,
    { url: `${api}/me/relationships`, method: 'GET', token: login.hash },
    zRelationships,
  );
  const wanted = options.account?.toLowerCase();
  const account = wanted
    ? relationships.find((candidate) => candidate.companyName.toLowerCase() === wanted)
    : (relationships.find((candidate) => candidate.active && candidate.planType !== 'demo') ??
      relationships.find((candidate) => candidate.active));
  if (!account) {
    const names = relationships.map((candidate) => candidate.companyName).join(', ') || 'none';
    throw new Error(
      options.account
        ? `No account named "${options.account}" (accounts: ${names}).`
        : `No active account to send traffic to (accounts: ${names}).`,
    );
  }
  const bound = await call(
    io,
    null,
    { url: `${api}/auth/account/${account.id}`, method: 'GET', token: login.hash },
    zAccountTokenResponse,
  );
  if (bound.status !== 'OK' || !bound.token)
    throw new Error(
      `The account "${account.companyName}" restricts sign-in IPs: approve this IP (see the e-mail), or pass --api-key.`,
    );
  const created = await call(
    io,
    null,
    { url: `${api}/me/keys`, method: 'POST', token: bound.token.hash, body: { name: 'Traffic simulator' } },
    zCreatedApiKey,
  );
  io.log(`Created the API key "Traffic simulator" of ${account.companyName}: ${created.key}`);
  io.log('  (pass it as --api-key or VERACITY_API_KEY next time to reuse it)');
  return created.key;
}

/** After this many failures in a row (a wrong key, a server gone) the run stops. */
export const MAX_FAILURES_IN_A_ROW = 50;

interface RunState {
  failuresInARow: number;
  stopped: boolean;
}

async function sendVisit(
  visit: SimulatedVisit,
  options: SimulateOptions,
  apiKey: string,
  io: SimulatorIo,
  summary: SimulationSummary,
  state: RunState,
): Promise<void> {
  const send = async (path: string, body: S2sHit | S2sConversion, event: 'hit' | 'conversion') => {
    if (state.stopped) return;
    if (event === 'hit') summary.sentHits += 1;
    else summary.sentConversions += 1;
    try {
      const verdict = await call(
        io,
        summary,
        { url: `${options.url}${path}`, method: 'POST', token: apiKey, body },
        event === 'hit' ? zS2sHitVerdict : zS2sVerdict,
      );
      recordVerdict(summary, visit.kind, event, verdict);
      state.failuresInARow = 0;
    } catch (error) {
      if (!(error instanceof RequestFailed)) throw error;
      recordFailure(summary, `${visit.kind} ${body.id}: ${error.message}`);
      state.failuresInARow += 1;
      if (state.failuresInARow >= MAX_FAILURES_IN_A_ROW && !state.stopped) {
        state.stopped = true;
        io.log(`Stopping: ${state.failuresInARow} requests in a row failed (last: ${error.message}).`);
      }
    }
  };
  // A session's hits go in order, as the visitor made them; its conversions after them.
  for (const hit of visit.hits) await send(S2S_HITS_PATH, hit, 'hit');
  for (const conversion of visit.conversions) await send(S2S_CONVERSIONS_PATH, conversion, 'conversion');
}

/** Sends every visit (up to `concurrency` at once), logging progress every tenth; the tally at the end. */
export async function runSimulation(
  options: SimulateOptions,
  io: SimulatorIo = defaultIo,
  now = Date.now(),
): Promise<SimulationSummary> {
  try {
    await io.fetch(`${options.url}/api/health`);
  } catch (error) {
    throw new Error(
      `Cannot reach ${options.url}: ${(error as Error).message}. Is the server running (npm run dev)?`,
    );
  }
  const apiKey = await resolveApiKey(options, io);
  // Ends a minute before now: the server refuses times ahead of its clock.
  const to = new Date(now - 60_000);
  const from = new Date(to.getTime() - options.days * 86_400_000);
  const visits = simulateTraffic({
    seed: options.seed,
    from,
    to,
    visits: options.visits,
    botShare: options.bots,
    ...(options.mix ? { channelMix: options.mix } : {}),
    ...(options.siteUrl ? { siteUrl: options.siteUrl } : {}),
    ...(options.campaignIds.length > 0 ? { campaignIds: options.campaignIds } : {}),
  });
  const summary = createSummary();
  io.log(
    `Sending ${visits.length} visits (seed ${options.seed}, ${from.toISOString()} to ${to.toISOString()}) to ${options.url} ...`,
  );
  const step = Math.max(1, Math.ceil(visits.length / 10));
  let next = 0;
  const state: RunState = { failuresInARow: 0, stopped: false };
  const worker = async () => {
    while (next < visits.length && !state.stopped) {
      const visit = visits[next++] as SimulatedVisit;
      await sendVisit(visit, options, apiKey, io, summary, state);
      summary.visits += 1;
      if (summary.visits % step === 0 || summary.visits === visits.length) {
        const percent = Math.round((100 * summary.visits) / visits.length);
        io.log(
          `[${String(percent).padStart(3)}%] ${summary.visits}/${visits.length} visits: ${summary.sentHits} hits, ${summary.sentConversions} conversions, ${summary.failed} failed`,
        );
      }
    }
  };
  await Promise.all(Array.from({ length: Math.min(options.concurrency, visits.length) }, worker));
  return summary;
}
