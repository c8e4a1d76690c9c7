import { type ChildProcess, spawn } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { createServer } from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { startFakeGoogle } from '@veracity/fakes/google-ads/start-fake-google';
import { startFakeHubspot } from '@veracity/fakes/hubspot/start-fake-hubspot';
import { startFakeMicrosoft } from '@veracity/fakes/microsoft-ads/start-fake-microsoft';

/** The accounts the server creates on its first start, with credentials the tests know. */
export const E2E_ADMIN = { email: 'owner@veracity-e2e.example', password: 'owner-e2e-password' };
export const E2E_DEMO = { email: 'demo@veracity.example', password: 'demo-e2e-password' };
/**
 * The instance secret of the e2e server: the unsubscribe journey signs its links with the server's own
 * function (features/email/unsubscribe-link.ts), as the weekly performance mail does.
 */
export const E2E_SECRET_KEY = 'e2e-instance-secret-not-for-production-0123456789';
/** The first start's account with every feature flag, the firewall included; the admin is its admin. */
export const E2E_ENTERPRISE = 'Veracity Enterprise';

/**
 * What the local Google fake holds for the Google Ads journey: a manager the consenting user reaches,
 * two client accounts under it, and a Search and a Performance Max campaign on the first.
 */
export const E2E_GOOGLE = {
  managerId: '1112223333',
  shop: { customerId: '1234567890', name: 'E2E Shop' },
  brand: { customerId: '2345678901', name: 'E2E Brand' },
  searchCampaign: { id: '23000000001', name: 'E2E Brand search' },
  pmaxCampaign: { id: '23000000002', name: 'E2E Shop Performance Max' },
} as const;

/** The fake Google of the journeys, seeded as E2E_GOOGLE says; the server is pointed at it. */
async function startGoogle() {
  const google = await startFakeGoogle();
  google.state.addCustomer({ id: E2E_GOOGLE.managerId, name: 'E2E Agency MCC', manager: true });
  for (const client of [E2E_GOOGLE.shop, E2E_GOOGLE.brand]) {
    google.state.addCustomer({
      id: client.customerId,
      name: client.name,
      parentId: E2E_GOOGLE.managerId,
      currencyCode: 'EUR',
      timeZone: 'Europe/Madrid',
    });
  }
  const shop = E2E_GOOGLE.shop.customerId;
  google.state.addCampaign({ customerId: shop, ...E2E_GOOGLE.searchCampaign, type: 'SEARCH' });
  google.state.addCampaign({ customerId: shop, ...E2E_GOOGLE.pmaxCampaign, type: 'PERFORMANCE_MAX' });
  google.state.addCampaign({ customerId: E2E_GOOGLE.brand.customerId, name: 'E2E Display', type: 'DISPLAY' });
  return google;
}

/** What the local Microsoft Advertising holds for the Microsoft journey. */
export const E2E_MICROSOFT = {
  customerId: 9100001,
  account: { id: 3001, name: 'E2E Bing Shop' },
  campaigns: [
    { id: 3101, name: 'E2E Bing brand' },
    { id: 3102, name: 'E2E Bing generic' },
  ],
} as const;

async function startMicrosoft() {
  const microsoft = await startFakeMicrosoft();
  const { account, customerId } = E2E_MICROSOFT;
  microsoft.state.accounts.push({
    Id: account.id,
    Name: account.name,
    CurrencyCode: 'EUR',
    ParentCustomerId: customerId,
  });
  microsoft.state.uetTags.push({ Id: 4101, Name: 'shop.example.com', accountId: account.id });
  for (const campaign of E2E_MICROSOFT.campaigns) {
    microsoft.state.campaigns.push({
      Id: campaign.id,
      Name: campaign.name,
      Status: 'Active',
      accountId: account.id,
    });
  }
  return microsoft;
}

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');

function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = createServer();
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const address = server.address();
      server.close(() =>
        typeof address === 'object' && address ? resolve(address.port) : reject(new Error('no port')),
      );
    });
  });
}

async function waitForHealth(baseUrl: string, child: ChildProcess, timeoutMs: number): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  while (Date.now() < deadline) {
    if (child.exitCode !== null) throw new Error(`server exited early with code ${child.exitCode}`);
    try {
      const response = await fetch(`${baseUrl}/api/health`);
      if (response.ok) return;
    } catch {
      // not listening yet
    }
    await new Promise((resolve) => setTimeout(resolve, 200));
  }
  throw new Error(`server did not become healthy within ${timeoutMs} ms`);
}

/** Signs in through the API: the sign-in's hash, to choose an account with (once: choosing ends it). */
async function signIn(baseUrl: string, credentials: { email: string; password: string }): Promise<string> {
  const login = await fetch(`${baseUrl}/api/auth/login`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify(credentials),
  });
  const { hash } = (await login.json()) as { hash: string };
  return hash;
}

/** Chooses the named account of a signed-in user: its token and id. */
async function accountSession(
  baseUrl: string,
  hash: string,
  companyName: string,
): Promise<{ token: string; relationshipId: number }> {
  const headers = { authorization: `Bearer ${hash}` };
  const relationships = (await (await fetch(`${baseUrl}/api/me/relationships`, { headers })).json()) as {
    id: number;
    companyName: string;
  }[];
  const own = relationships.find((relationship) => relationship.companyName === companyName);
  if (!own) throw new Error(`the seeded account ${companyName} is missing`);
  const chosen = (await (await fetch(`${baseUrl}/api/auth/account/${own.id}`, { headers })).json()) as {
    token: { hash: string };
  };
  return { token: chosen.token.hash, relationshipId: own.id };
}

/** Starts the built server (npm run build first) and hands its address to the tests. */
export default async function globalSetup(): Promise<() => Promise<void>> {
  const dataDir = mkdtempSync(path.join(os.tmpdir(), 'veracity-e2e-'));
  const port = await freePort();
  const baseUrl = `http://127.0.0.1:${port}`;
  const google = await startGoogle();
  const microsoft = await startMicrosoft();
  const hubspot = await startFakeHubspot();
  const child = spawn(process.execPath, [path.join(root, 'apps/server/dist/main.js')], {
    cwd: root,
    env: {
      ...process.env,
      PORT: String(port),
      HOST: '127.0.0.1',
      DATA_DIR: dataDir,
      LOG_LEVEL: 'warn',
      PUBLIC_URL: baseUrl,
      SECRET_KEY: E2E_SECRET_KEY,
      // As behind a load balancer: the collection tests give each visitor an address.
      TRUST_PROXY: 'true',
      // Test-only (refused in production): the firewall journey's traffic source has its postback
      // receiver on this machine, and postbacks are sent every second.
      OUTBOUND_ALLOW_LOOPBACK: '1',
      POSTBACK_DELIVERY_SECONDS: '1',
      // The journeys make their own traffic; 30 days of demo data would only slow the first start.
      VERACITY_DEMO_TRAFFIC: 'off',
      // The alert journey waits for the scheduler: it checks for due windows every 2 s, not every minute.
      ALERTS_CHECK_SECONDS: '2',
      // The reports journey waits for the reports job (schedules due, runs waiting): every 2 s.
      REPORTS_CHECK_SECONDS: '2',
      // A deleted API key and a saved IP list reach the collector within a second, not 30: the key and
      // IP-list journeys check that they do without waiting half a minute.
      INGEST_ACCOUNT_CACHE_SECONDS: '1',
      VERACITY_ADMIN_EMAIL: E2E_ADMIN.email,
      VERACITY_ADMIN_PASSWORD: E2E_ADMIN.password,
      VERACITY_DEMO_PASSWORD: E2E_DEMO.password,
      // Google Ads against the local fake (the same client code as production; NODE_ENV is not production).
      GOOGLE_ADS_CLIENT_ID: google.clientId,
      GOOGLE_ADS_CLIENT_SECRET: google.clientSecret,
      GOOGLE_ADS_API_URL: google.url,
      GOOGLE_ADS_API_VERSION: google.version,
      GOOGLE_OAUTH_AUTHORIZE_URL: google.oauthUrls.authorize,
      GOOGLE_OAUTH_TOKEN_URL: google.oauthUrls.token,
      GOOGLE_OAUTH_REVOKE_URL: google.oauthUrls.revoke,
      // The Google Ads journey syncs with its "Sync now" button: no scheduled pass in between.
      GOOGLE_ADS_SYNC_MINUTES: '0',
      // Microsoft Advertising against its local fake, the same way.
      MICROSOFT_ADS_CLIENT_ID: microsoft.clientId,
      MICROSOFT_ADS_CLIENT_SECRET: microsoft.clientSecret,
      MICROSOFT_ADS_DEVELOPER_TOKEN: microsoft.developerToken,
      MICROSOFT_ADS_API_URL: microsoft.url,
      MICROSOFT_ADS_CUSTOMER_API_URL: microsoft.customerUrl,
      MICROSOFT_OAUTH_AUTHORIZE_URL: microsoft.oauthUrls.authorize,
      MICROSOFT_OAUTH_TOKEN_URL: microsoft.oauthUrls.token,
      AD_CHANNELS_SYNC_MINUTES: '0',
      // HubSpot against its local fake; the HubSpot journey waits for the matching every 2 s.
      HUBSPOT_CLIENT_ID: hubspot.clientId,
      HUBSPOT_CLIENT_SECRET: hubspot.clientSecret,
      HUBSPOT_API_URL: hubspot.url,
      HUBSPOT_APP_URL: hubspot.url,
      HUBSPOT_MATCH_SECONDS: '2',
    },
    stdio: ['ignore', 'inherit', 'inherit'],
  });
  const stop = async () => {
    const exited = new Promise((resolve) => {
      if (child.exitCode !== null) resolve(child.exitCode);
      else child.once('exit', resolve);
    });
    child.kill('SIGTERM');
    await exited;
    await google.close();
    await microsoft.close();
    await hubspot.close();
    rmSync(dataDir, { recursive: true, force: true });
  };
  try {
    await waitForHealth(baseUrl, child, 30_000);
    process.env.E2E_BASE_URL = baseUrl;
    // One sign-in for the journeys that are not about signing in: sign-ins are rate limited (8 per
    // account and 20 per address in 10 minutes), as they should be.
    const admin = await accountSession(baseUrl, await signIn(baseUrl, E2E_ADMIN), 'Veracity');
    process.env.E2E_ADMIN_TOKEN = admin.token;
    process.env.E2E_ADMIN_RELATIONSHIP_ID = String(admin.relationshipId);
    // The same admin in "Veracity Enterprise", the first start's account with the firewall: a sign-in of
    // its own (choosing an account ends the sign-in's session).
    const enterprise = await accountSession(baseUrl, await signIn(baseUrl, E2E_ADMIN), E2E_ENTERPRISE);
    process.env.E2E_ENTERPRISE_TOKEN = enterprise.token;
    process.env.E2E_ENTERPRISE_RELATIONSHIP_ID = String(enterprise.relationshipId);
    process.env.E2E_DATA_DIR = dataDir;
    // The tests read the fake's own state (GET /__fake/state) over HTTP.
    process.env.E2E_GOOGLE_URL = google.url;
    process.env.E2E_MICROSOFT_URL = microsoft.url;
    process.env.E2E_HUBSPOT_URL = hubspot.url;
  } catch (error) {
    // A failed setup must not leave the server and the fake running: Playwright runs no teardown then.
    await stop();
    throw error;
  }
  return stop;
}
