import { zCreatedApiKey, zRelationships } from '@veracity/contracts/account';
import { zAccountTokenResponse, zTokenResponse } from '@veracity/contracts/auth';
import { simulateTraffic } from './model/traffic-model.js';
import { sendVisits } from './send-visits.js';
import type { SimulateOptions } from './simulate-args.js';
import type { SimulationSummary } from './simulation-summary.js';
import { type CallContext, call, httpTransport } from './transport.js';

/**
 * `npm run simulate`: the traffic model's visits sent over HTTP through a running server's S2S
 * endpoints, as a customer's server would forward them (send-visits.ts), with retries on 429 and 503
 * that honour Retry-After (transport.ts). simulate.ts is the command.
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

/**
 * An API key for the S2S calls: the one given, or a new "Traffic simulator" key of the chosen
 * account after signing in to the dashboard API.
 */
export async function resolveApiKey(options: SimulateOptions, io: SimulatorIo = defaultIo): Promise<string> {
  const context: CallContext = { transport: httpTransport(options.url, io.fetch), sleep: io.sleep };
  if (options.apiKey) return options.apiKey;
  if (!options.email || !options.password)
    throw new Error(
      'No API key: pass --api-key (or VERACITY_API_KEY), or --email and --password to create one.',
    );
  const login = await call(
    context,
    { path: '/api/auth/login', method: 'POST', body: { email: options.email, password: options.password } },
    zTokenResponse,
  );
  const relationships = await call(
    context,
    { path: '/api/me/relationships', method: 'GET', token: login.hash },
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
    context,
    { path: `/api/auth/account/${account.id}`, method: 'GET', token: login.hash },
    zAccountTokenResponse,
  );
  if (bound.status !== 'OK' || !bound.token)
    throw new Error(
      `The account "${account.companyName}" restricts sign-in IPs: approve this IP (see the e-mail), or pass --api-key.`,
    );
  const created = await call(
    context,
    { path: '/api/me/keys', method: 'POST', token: bound.token.hash, body: { name: 'Traffic simulator' } },
    zCreatedApiKey,
  );
  io.log(`Created the API key "Traffic simulator" of ${account.companyName}: ${created.key}`);
  io.log('  (pass it as --api-key or VERACITY_API_KEY next time to reuse it)');
  return created.key;
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
  io.log(
    `Sending ${visits.length} visits (seed ${options.seed}, ${from.toISOString()} to ${to.toISOString()}) to ${options.url} ...`,
  );
  const step = Math.max(1, Math.ceil(visits.length / 10));
  const { summary } = await sendVisits(visits, {
    transport: httpTransport(options.url, io.fetch),
    sleep: io.sleep,
    log: io.log,
    apiKey,
    concurrency: options.concurrency,
    onVisit: (tally) => {
      if (tally.visits % step === 0 || tally.visits === visits.length) {
        const percent = Math.round((100 * tally.visits) / visits.length);
        io.log(
          `[${String(percent).padStart(3)}%] ${tally.visits}/${visits.length} visits: ${tally.sentHits} hits, ${tally.sentConversions} conversions, ${tally.failed} failed`,
        );
      }
    },
  });
  return summary;
}
