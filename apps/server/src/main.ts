import { randomUUID } from 'node:crypto';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { buildApp, UNLOGGED_REQUEST_HEADER } from './app.js';
import { ConfigError, loadConfig } from './config.js';
import { runScheduledDemoTraffic, scheduleDemoTraffic } from './features/bootstrap/demo-traffic.js';
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
    await scheduleDemoTraffic(stores.accounts.db, [seeded.relationships.demo, seeded.relationships.pro]);
  }
  if (seeded) {
    // Printed once, on the empty database's first start: nothing keeps these in clear anywhere.
    const adminPassword = seeded.admin.generated ? seeded.admin.password : '(VERACITY_ADMIN_PASSWORD)';
    const demoPassword = config.demoPassword ? '(VERACITY_DEMO_PASSWORD)' : seeded.demo.password;
    process.stdout.write(
      [
        '',
        'Veracity accounts created:',
        `  admin  ${seeded.admin.email}  password ${adminPassword}  (accounts "Veracity" (pro) and "Veracity Demo"; support staff)`,
        `  demo   ${seeded.demo.email}  password ${demoPassword}  (the read-only demo account)`,
        '',
        '',
      ].join('\n'),
    );
  }

  app.jobs.start();

  let stopping = false;
  const demoTraffic = new AbortController();
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
  // After listening: the dashboard is up at once and the demo data fills in behind it, sent by the
  // traffic simulator through the app's own S2S endpoints.
  runScheduledDemoTraffic(
    stores.accounts.db,
    {
      app: {
        inject: (request) =>
          app.inject({
            ...request,
            headers: { ...request.headers, [UNLOGGED_REQUEST_HEADER]: unloggedRequestToken },
          }),
      },
      settle: () => stores.journal.drain(),
      signal: demoTraffic.signal,
    },
    app.log,
  ).catch((error: unknown) => app.log.error({ err: error }, 'demo traffic failed'));
}

await main();
