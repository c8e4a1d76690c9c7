import { parseArgs } from 'node:util';
import { TRAFFIC_TYPES, type TrafficType } from '@veracity/contracts/detection';
import { S2S_MAX_AGE_MS } from '@veracity/contracts/s2s';

/** The arguments of `npm run simulate` (simulate.ts): parsed, checked, with their defaults. */

export const SIMULATE_USAGE = `Usage: npm run simulate -- [options]

Sends simulated traffic (people and labelled bots) to a running Veracity server through the S2S API
and prints the verdicts it answered, by kind of visitor.

Options:
  --url URL            server (default http://localhost:8080)
  --api-key KEY        account API key (default env VERACITY_API_KEY); without one, signs in and
                       creates a key named "Traffic simulator"
  --email ADDRESS      sign-in e-mail (default env VERACITY_ADMIN_EMAIL)
  --password PASSWORD  sign-in password (default env VERACITY_ADMIN_PASSWORD)
  --account NAME       account to use after sign-in (default the first active non-demo account)
  --visits N           visits to send (default 2000)
  --days D             spread them over the last D days, at most 29 (default 1)
  --bots SHARE         share of bot visits, 0..1 (default 0.25)
  --mix TYPE=W,...     channel weights, e.g. google=40,facebook=20,organic_search=25,direct=15
  --campaigns ID,...   S2S campaign ids to spread paid hits over
  --site URL           landing site origin (default https://shop.example.com)
  --seed SEED          the same seed sends the same traffic (default: the current time)
  --concurrency N      visits in flight at once (default 8)
  --help               this text
`;

export interface SimulateOptions {
  url: string;
  apiKey: string | null;
  email: string | null;
  password: string | null;
  account: string | null;
  visits: number;
  days: number;
  bots: number;
  mix: Partial<Record<TrafficType, number>> | null;
  campaignIds: number[];
  siteUrl: string | null;
  seed: string;
  concurrency: number;
}

export type ParsedArgs = { help: true } | ({ help: false } & SimulateOptions);

const MAX_DAYS = Math.floor(S2S_MAX_AGE_MS / 86_400_000) - 1;

function numberOption(
  name: string,
  value: string | undefined,
  fallback: number,
  check: (n: number) => boolean,
  rule: string,
): number {
  if (value === undefined) return fallback;
  const parsed = Number(value);
  if (value.trim() === '' || !Number.isFinite(parsed) || !check(parsed))
    throw new Error(`--${name} must be ${rule} (got "${value}")`);
  return parsed;
}

/** `google=40,facebook=20` as a channel weight table. */
export function parseMix(text: string): Partial<Record<TrafficType, number>> {
  const mix: Partial<Record<TrafficType, number>> = {};
  for (const part of text
    .split(',')
    .map((item) => item.trim())
    .filter(Boolean)) {
    const [type, weight] = part.split('=').map((item) => item.trim());
    if (!TRAFFIC_TYPES.includes(type as TrafficType))
      throw new Error(`--mix: unknown traffic type "${type}" (one of ${TRAFFIC_TYPES.join(', ')})`);
    const value = Number(weight);
    if (weight === undefined || weight === '' || !Number.isFinite(value) || value < 0)
      throw new Error(`--mix: the weight of ${type} must be a number of 0 or more`);
    mix[type as TrafficType] = value;
  }
  if (!Object.values(mix).some((value) => (value ?? 0) > 0))
    throw new Error('--mix needs at least one positive weight');
  return mix;
}

/** The command's arguments; throws an Error whose message says what is wrong. */
export function parseSimulateArgs(
  argv: readonly string[],
  env: NodeJS.ProcessEnv = {},
  now = Date.now(),
): ParsedArgs {
  const { values } = parseArgs({
    args: [...argv],
    strict: true,
    allowPositionals: false,
    options: {
      url: { type: 'string' },
      'api-key': { type: 'string' },
      email: { type: 'string' },
      password: { type: 'string' },
      account: { type: 'string' },
      visits: { type: 'string' },
      days: { type: 'string' },
      bots: { type: 'string' },
      mix: { type: 'string' },
      campaigns: { type: 'string' },
      site: { type: 'string' },
      seed: { type: 'string' },
      concurrency: { type: 'string' },
      help: { type: 'boolean', short: 'h' },
    },
  });
  if (values.help) return { help: true };
  const url = (values.url ?? 'http://localhost:8080').replace(/\/+$/, '');
  if (!URL.canParse(url) || !/^https?:$/.test(new URL(url).protocol))
    throw new Error(`--url must be an http(s) URL (got "${url}")`);
  if (values.site !== undefined && !URL.canParse(values.site))
    throw new Error(`--site must be a URL (got "${values.site}")`);
  const campaignIds = (values.campaigns ?? '')
    .split(',')
    .map((item) => item.trim())
    .filter(Boolean)
    .map((item) => {
      const id = Number(item);
      if (!Number.isInteger(id) || id <= 0) throw new Error(`--campaigns: "${item}" is not a campaign id`);
      return id;
    });
  return {
    help: false,
    url,
    apiKey: values['api-key'] ?? env.VERACITY_API_KEY ?? null,
    email: values.email ?? env.VERACITY_ADMIN_EMAIL ?? null,
    password: values.password ?? env.VERACITY_ADMIN_PASSWORD ?? null,
    account: values.account ?? null,
    visits: numberOption(
      'visits',
      values.visits,
      2000,
      (n) => Number.isInteger(n) && n >= 1 && n <= 1_000_000,
      'a whole number from 1 to 1000000',
    ),
    days: numberOption(
      'days',
      values.days,
      1,
      (n) => n > 0 && n <= MAX_DAYS,
      `more than 0 and at most ${MAX_DAYS}`,
    ),
    bots: numberOption('bots', values.bots, 0.25, (n) => n >= 0 && n <= 1, 'a share from 0 to 1'),
    mix: values.mix === undefined ? null : parseMix(values.mix),
    campaignIds,
    siteUrl: values.site ?? null,
    seed: values.seed ?? String(now),
    concurrency: numberOption(
      'concurrency',
      values.concurrency,
      8,
      (n) => Number.isInteger(n) && n >= 1 && n <= 256,
      'a whole number from 1 to 256',
    ),
  };
}
