import { readFileSync } from 'node:fs';
import { parseArgs } from 'node:util';
import { startFakeGoogle } from './start-fake-google.js';

/**
 * The fake Google as its own process, for journeys that drive a server in another process:
 *   node --conditions=source --import tsx tools/fakes/src/google-ads/serve-fake-google.ts \
 *     --port 18105 [--seed seed.json] [--client-id ID --client-secret SECRET]
 * seed.json: {customers: [addCustomer input], campaigns: [addCampaign input], metrics: [addDailyMetrics
 * input, costMicros as a number]}. Prints one JSON line with the URLs, then serves until SIGTERM/SIGINT.
 */

const { values } = parseArgs({
  options: {
    port: { type: 'string', default: '0' },
    seed: { type: 'string' },
    'client-id': { type: 'string' },
    'client-secret': { type: 'string' },
  },
});

interface Seed {
  customers?: Parameters<Awaited<ReturnType<typeof startFakeGoogle>>['state']['addCustomer']>[0][];
  campaigns?: Parameters<Awaited<ReturnType<typeof startFakeGoogle>>['state']['addCampaign']>[0][];
  metrics?: Parameters<Awaited<ReturnType<typeof startFakeGoogle>>['state']['addDailyMetrics']>[0][];
}

const google = await startFakeGoogle({
  port: Number(values.port),
  ...(values['client-id'] ? { clientId: values['client-id'] } : {}),
  ...(values['client-secret'] ? { clientSecret: values['client-secret'] } : {}),
});
if (values.seed) {
  const seed = JSON.parse(readFileSync(values.seed, 'utf8')) as Seed;
  for (const customer of seed.customers ?? []) google.state.addCustomer(customer);
  for (const campaign of seed.campaigns ?? []) google.state.addCampaign(campaign);
  for (const metric of seed.metrics ?? []) google.state.addDailyMetrics(metric);
}
process.stdout.write(
  `${JSON.stringify({ url: google.url, version: google.version, oauth: google.oauthUrls })}\n`,
);
for (const signal of ['SIGTERM', 'SIGINT'] as const) {
  process.once(signal, () => {
    google.close().then(() => process.exit(0));
  });
}
