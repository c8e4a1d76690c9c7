import { randomUUID } from 'node:crypto';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { buildApp } from './app.js';
import { ConfigError, loadConfig } from './config.js';
import { runDemoSeed } from './demo-seed.js';
import { createDemoPeers } from './features/bootstrap/demo-peers.js';
import { scheduleDemoTraffic } from './features/bootstrap/demo-traffic.js';
import { prepareAccounts } from './features/bootstrap/first-start.js';
import { createLogger } from './http/logger.js';
import { openStores } from './storage/open-stores.js';

/** How long in-flight requests get to finish after SIGTERM before the process gives up on them. */
const SHUTDOWN_GRACE_MS = 4000;

const here = path.dirname(fileURLToPath(import.meta.url));

async function main(): Promise<void> {
  let config: ReturnType<typeof loadConfig>;
  try {
    config = loadConfig(process.env, path.resolve(here, '../../web/dist'));
  } catch (error) {
    if (error instanceof ConfigError) {
      process.stderr.write(`veracity: ${error.message}\n`);
      process.exit(1);
    }
    throw error;
  }

  // The logger first: opening the stores recovers the ingestion journal, and logs what it loaded.
  const log = createLogger(config);
  const stores = await openStores(config, { log });
  const unloggedRequestToken = randomUUID();
  const app = await buildApp(config, stores, { log, unloggedRequestToken });
  if (stores.firstStart) {
    app.log.info(
      { dataDir: config.dataDir, accounts: stores.accounts.dialect },
      'first start: stores created',
    );
  }
  if (!config.publicUrlSet) {
    app.log.warn(
      { fallback: config.publicUrl },
      `PUBLIC_URL is not set: links shown in the dashboard use the address each request came to; links in mails use ${config.publicUrl} unless the request that sends one came straight to this server's own address. Set PUBLIC_URL to the address users reach Veracity at.`,
    );
  }
  const seeded = await prepareAccounts(
    stores.accounts.db,
    { email: config.adminEmail, password: config.adminPassword },
    config.demoPassword,
  );
  if (seeded && config.demoTraffic) {
    // The demo's anonymous peers of its vertical, whose light history gives its benchmark an industry.
    const peers = await createDemoPeers(stores.accounts.db);
    await scheduleDemoTraffic(stores.accounts.db, [
      seeded.relationships.demo,
      seeded.relationships.pro,
      seeded.relationships.enterprise,
      ...peers,
    ]);
  }
  if (seeded) {
    // Printed once, on the empty database's first start: nothing keeps these in clear anywhere.
    const adminPassword = seeded.admin.generated ? seeded.admin.password : '(VERACITY_ADMIN_PASSWORD)';
    const demoPassword = config.demoPassword ? '(VERACITY_DEMO_PASSWORD)' : seeded.demo.password;
    process.stdout.write(
      [
        '',
        'Veracity accounts created:',
        `  admin  ${seeded.admin.email}  password ${adminPassword}  (accounts "Veracity" (pro), "Veracity Demo" and "Veracity Enterprise"; support staff)`,
        `  demo   ${seeded.demo.email}  password ${demoPassword}  (the read-only demo account)`,
        '',
        '',
      ].join('\n'),
    );
  }

  let stopping = false;
  const demoTraffic = new AbortController();
  let demoSeed: Promise<unknown> = Promise.resolve();
  const stop = async (signal: NodeJS.Signals): Promise<void> => {
    if (stopping) return;
    stopping = true;
    demoTraffic.abort();
    app.log.info({ signal }, 'shutting down: draining in-flight requests');
    const grace = setTimeout(() => {
      app.log.warn('shutdown grace period over: closing the connections still open');
      app.server.closeAllConnections();
    }, SHUTDOWN_GRACE_MS);
    grace.unref();
    const deadline = setTimeout(() => {
      app.log.error('shutdown did not finish in time; exiting');
      process.exit(1);
    }, SHUTDOWN_GRACE_MS + 3000);
    deadline.unref();
    try {
      await app.close();
      // The demo history's own app closes once its run has stopped, before the stores do.
      await demoSeed;
      await stores.close();
      app.log.info('stopped cleanly');
      process.exit(0);
    } catch (error) {
      app.log.error({ err: error }, 'error while shutting down');
      process.exit(1);
    }
  };
  process.once('SIGTERM', (signal) => void stop(signal));
  process.once('SIGINT', (signal) => void stop(signal));

  try {
    await app.listen({ port: config.port, host: config.host });
  } catch (error) {
    app.log.fatal({ err: error }, 'could not listen');
    await stores.close();
    process.exit(1);
  }
  // After listening: the dashboard is up at once and the demo history fills in behind it, played by
  // an app of its own on a virtual clock (demo-seed.ts). This app's jobs start once it is done, so
  // that one scheduler at a time claims the jobs' windows.
  demoSeed = runDemoSeed(config, stores, app.log, { signal: demoTraffic.signal, unloggedRequestToken })
    .catch((error: unknown) => app.log.error({ err: error }, 'demo traffic failed'))
    .finally(() => {
      if (!stopping) app.jobs.start();
    });
}

await main();
