import { type APIRequestContext, test as base, expect, type Page, request } from '@playwright/test';
import { STORAGE_KEYS } from '@veracity/contracts/storage-keys';

/** Every test talks to the server that global-setup.ts started. */
export const test = base.extend({
  baseURL: async ({ baseURL }, use) => {
    const url = process.env.E2E_BASE_URL ?? baseURL;
    if (!url) throw new Error('E2E_BASE_URL is not set: run through e2e/playwright.config.ts');
    await use(url);
  },
});

export { expect };

interface BrowserStorage {
  getItem(key: string): string | null;
  setItem(key: string, value: string): void;
}

function adminSession(): AccountSession {
  const token = process.env.E2E_ADMIN_TOKEN;
  const relationshipId = process.env.E2E_ADMIN_RELATIONSHIP_ID;
  if (!token || !relationshipId) throw new Error('no admin session: run through e2e/playwright.config.ts');
  return { token, relationshipId };
}

/** A token bound to an account, as after choosing the account on /role. */
export interface AccountSession {
  token: string;
  relationshipId: string;
}

/**
 * Opens the dashboard with a session already chosen: the page starts with the token and account in
 * storage, as after choosing the account (the sign-in screens have their own journeys).
 */
export async function signInWith(page: Page, session: AccountSession): Promise<void> {
  await page.addInitScript(
    ([keys, session]) => {
      // Runs in the page (the e2e project has no DOM typings).
      const storage = (globalThis as unknown as { localStorage: BrowserStorage }).localStorage;
      if (storage.getItem(keys.token) !== null) return;
      storage.setItem(keys.token, session.token);
      storage.setItem(keys.activeRelationshipId, session.relationshipId);
    },
    [STORAGE_KEYS, session] as const,
  );
  await page.goto('/');
  await page.waitForURL(/\/intelligence\/|\/setup\//, { timeout: 15_000 });
}

/** The admin in "Veracity Enterprise" (the firewall's account), as global-setup.ts chose it. */
export function enterpriseSession(): AccountSession {
  const token = process.env.E2E_ENTERPRISE_TOKEN;
  const relationshipId = process.env.E2E_ENTERPRISE_RELATIONSHIP_ID;
  if (!token || !relationshipId)
    throw new Error('no enterprise session: run through e2e/playwright.config.ts');
  return { token, relationshipId };
}

/** Opens the dashboard as the admin in the "Veracity" account, with the session global-setup.ts signed in once. */
export async function signInAsAdmin(page: Page): Promise<void> {
  await signInWith(page, adminSession());
}

/** API calls as the admin in the "Veracity" account (the same session). */
export function adminApi(baseURL: string): Promise<APIRequestContext> {
  return apiAs(baseURL, adminSession().token);
}

/** API calls with a token. */
export function apiAs(baseURL: string, token: string): Promise<APIRequestContext> {
  return request.newContext({ baseURL, extraHTTPHeaders: { authorization: `Bearer ${token}` } });
}

/** The newest mail to an address, from the outbox (read as the instance admin), and its first link. */
export async function mailLink(baseURL: string, to: string): Promise<URL> {
  const api = await adminApi(baseURL);
  let link: string | undefined;
  try {
    await expect
      .poll(async () => {
        const response = await api.get(`/api/support/outbox?to=${encodeURIComponent(to)}`);
        const [mail] = (await response.json()) as { text: string }[];
        link = mail ? /https?:\/\/\S+/.exec(mail.text)?.[0] : undefined;
        return link;
      })
      .toBeTruthy();
  } finally {
    await api.dispose();
  }
  return new URL(link ?? '');
}

/**
 * The proof token the served sensor script carries, as a visitor loading `/c/s.js` gets it: page views
 * posted without it are stored with `sensor:no_proof` (docs/detection.md), as a bot's would be.
 */
export async function sensorProof(client: APIRequestContext): Promise<string> {
  const script = await (await client.get('/c/s.js')).text();
  const token = /v1\.\d+\.[\w-]{22}/.exec(script)?.[0];
  if (token === undefined) throw new Error('the served sensor script carries no proof token');
  return token;
}

const BROWSER_UA =
  'Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0.0.0 Safari/537.36';

/** Visits to one landing page: its address, where they came from ('' by default) and how many. */
export interface LandingVisits {
  url: string;
  referrer?: string;
  count: number;
}

/**
 * Sends the visits through the real collector, each from its own address: half of each landing page
 * from hosting addresses with an HTTP library (invalid), half browser-like from homes. A spec's own
 * id prefix and address ranges keep its visits apart from other specs'. Returns how many were sent.
 */
export async function sendVisits(
  baseURL: string,
  sensorKey: string,
  visits: readonly LandingVisits[],
  origin: { idPrefix: string; hostingNet: string; homeNet: string },
): Promise<number> {
  const id = (prefix: string, n: number) =>
    `${prefix}${Date.now().toString(36)}${n}`.padEnd(24, 'x').slice(0, 40);
  const collector = await request.newContext({ baseURL });
  let sent = 0;
  try {
    for (const [index, visit] of visits.entries()) {
      for (let n = 0; n < visit.count; n++) {
        const automated = n % 2 === 0;
        const ip = automated
          ? `${origin.hostingNet}.${10 + index}.${10 + n}`
          : `${origin.homeNet}.${20 + index}.${10 + n}`;
        const response = await collector.post('/c/e', {
          headers: {
            'content-type': 'text/plain',
            'user-agent': automated ? 'curl/8.5.0' : BROWSER_UA,
            'x-forwarded-for': ip,
            'accept-language': 'es-ES,es;q=0.9',
          },
          data: JSON.stringify({
            type: 'hit',
            proof: await sensorProof(collector),
            key: sensorKey,
            eventId: id(`${origin.idPrefix}${index}e`, n),
            sessionId: id(`${origin.idPrefix}${index}s`, n),
            ts: Date.now(),
            url: `${visit.url}${visit.url.includes('?') ? '&' : '?'}v=${n}`,
            referrer: visit.referrer ?? '',
            utm: {},
            clickIds: {},
            signals: {},
          }),
        });
        expect(response.status(), await response.text()).toBe(200);
        sent++;
      }
    }
  } finally {
    await collector.dispose();
  }
  return sent;
}

/** The notification the dashboard shows after an action. */
export async function expectNotification(page: Page, text: string): Promise<void> {
  await expect(page.getByTestId('notification').filter({ hasText: text })).toBeVisible();
}

/**
 * Sends one visit to the admin's account through the collector and waits until the account counts as
 * integrated: until then the guard sends its screens to /setup/integration (spec 01 §4), so a spec that
 * opens them works whether or not an earlier spec sent traffic.
 */
export async function integrateAdminSensor(): Promise<void> {
  const baseURL = process.env.E2E_BASE_URL;
  if (!baseURL) throw new Error('E2E_BASE_URL is not set: run through e2e/playwright.config.ts');
  const api = await adminApi(baseURL);
  const collector = await request.newContext({ baseURL });
  try {
    const me = async () =>
      (await (await api.get('/api/me')).json()) as { sensorKey: string; sensorIntegrated: boolean };
    const { sensorKey, sensorIntegrated } = await me();
    if (sensorIntegrated) return;
    const stamp = Date.now().toString(36);
    const response = await collector.post('/c/e', {
      headers: { 'content-type': 'text/plain', 'x-forwarded-for': '81.33.90.10' },
      data: JSON.stringify({
        type: 'hit',
        proof: await sensorProof(collector),
        key: sensorKey,
        eventId: `integrate-e-${stamp}`.padEnd(24, 'x'),
        sessionId: `integrate-s-${stamp}`.padEnd(24, 'x'),
        ts: Date.now(),
        url: 'https://shop.example.com/',
        referrer: '',
        utm: {},
        clickIds: {},
        signals: {},
      }),
    });
    expect(response.status(), await response.text()).toBe(200);
    await expect.poll(async () => (await me()).sensorIntegrated, { timeout: 20_000 }).toBe(true);
  } finally {
    await collector.dispose();
    await api.dispose();
  }
}

/**
 * Signs a new trial account up through the API and verifies it from the mail, as its admin would (the
 * sign-up screens have their own journey): a person and an account no other journey touches. Sign-ups
 * are limited per address, so each caller sends its own (the e2e server trusts the proxy header).
 */
export async function signUpTrialAccount(
  baseURL: string,
  person: { email: string; companyName: string; ip: string; password?: string },
): Promise<{ email: string; password: string; session: AccountSession }> {
  const password = person.password ?? 'trial-e2e-password';
  const api = await request.newContext({ baseURL, extraHTTPHeaders: { 'x-forwarded-for': person.ip } });
  try {
    const signup = await api.post('/api/auth/trial-signup', {
      data: {
        email: person.email,
        firstName: 'Lena',
        companyName: person.companyName,
        jobTitle: 'Growth',
        password,
        terms: true,
      },
    });
    expect(signup.status(), await signup.text()).toBe(201);
    const link = await mailLink(baseURL, person.email);
    const verified = await api.post('/api/auth/email/verify', {
      data: { email: link.searchParams.get('email'), hash: link.searchParams.get('hash') },
    });
    expect(verified.status(), await verified.text()).toBe(200);
    const { hash } = (await verified.json()) as { hash: string };
    const signedIn = await apiAs(baseURL, hash);
    try {
      const [own] = (await (await signedIn.get('/api/me/relationships')).json()) as { id: number }[];
      if (!own) throw new Error('the new account is missing');
      const chosen = (await (await signedIn.get(`/api/auth/account/${own.id}`)).json()) as {
        token: { hash: string };
      };
      return {
        email: person.email,
        password,
        session: { token: chosen.token.hash, relationshipId: String(own.id) },
      };
    } finally {
      await signedIn.dispose();
    }
  } finally {
    await api.dispose();
  }
}
