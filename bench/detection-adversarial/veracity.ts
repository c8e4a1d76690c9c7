import type { ChildProcess } from 'node:child_process';
import { mkdtemp, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { exited, freePort, startVeracityServer } from '../server-process.js';

/**
 * The Veracity under evaluation: the server of this checkout (as the other benches start it, from the
 * sources, the sensor script from its build) on loopback with a temporary DATA_DIR and TRUST_PROXY,
 * and the account the visits go to: its sensor key, an API key and an S2S campaign. Verdicts are read
 * back through the dashboard API (session forensics), as a customer reads them.
 */

/** How long the server waits for an S2S paid click's sensor page view (a browser's comes in seconds). */
const SENSOR_PAGE_VIEW_WAIT_S = 30;
const SENSOR_COVERAGE_CHECK_S = 5;
/**
 * How long after the last visit its S2S paid clicks are surely judged: the wait, the job's period it
 * falls in and the period of the run that judges it, and a few seconds for the run.
 */
export const SENSOR_COVERAGE_SETTLED_MS = (SENSOR_PAGE_VIEW_WAIT_S + 2 * SENSOR_COVERAGE_CHECK_S + 5) * 1000;

const ADMIN = { email: 'adversarial@veracity-bench.example', password: 'adversarial-bench-1' };
export type RiskLevel = 'low' | 'medium' | 'high';
const RANK: Record<RiskLevel, number> = { low: 0, medium: 1, high: 2 };
export const worst = (levels: RiskLevel[]): RiskLevel =>
  levels.reduce<RiskLevel>((a, b) => (RANK[b] > RANK[a] ? b : a), 'low');

/** The S2S-only account's session and keys. */
export interface S2sOnlyAccount {
  token: string;
  apiKey: string;
  /** A trial has no S2S campaigns: its hits go without one. */
  s2sCampaignId: null;
}

export interface SessionVerdict {
  riskLevel: RiskLevel;
  reasons: string[];
  /** What the server made of the visitor: the address, its country and ISP, and the agent. */
  seen: { ip: string | null; country: string | null; isp: string | null; userAgent: string | null };
}

export class Veracity {
  baseUrl = '';
  sensorKey = '';
  apiKey = '';
  s2sCampaignId = 0;
  /** The second account, integrated over S2S only (set by `start`). */
  s2sOnly: S2sOnlyAccount = { token: '', apiKey: '', s2sCampaignId: null };
  private token = '';
  private child: ChildProcess | undefined;
  private dataDir = '';

  async start(): Promise<void> {
    this.dataDir = await mkdtemp(path.join(os.tmpdir(), 'veracity-adversarial-'));
    const port = await freePort();
    this.baseUrl = `http://127.0.0.1:${port}`;
    // Not production: production refuses to start without the billing provider's settings, which
    // detection does not read.
    this.child = await startVeracityServer({
      dataDir: this.dataDir,
      port,
      admin: ADMIN,
      env: {
        NODE_ENV: 'test',
        // S2S paid clicks are judged for a missing sensor page view within the run, not half an hour on.
        SENSOR_PAGE_VIEW_WAIT_SECONDS: String(SENSOR_PAGE_VIEW_WAIT_S),
        SENSOR_COVERAGE_CHECK_SECONDS: String(SENSOR_COVERAGE_CHECK_S),
      },
    });
    await this.signIn();
    const me = await this.api<{ sensorKey: string }>('GET', '/api/me');
    this.sensorKey = me.sensorKey;
    this.apiKey = (
      await this.api<{ key: string }>('POST', '/api/me/keys', { name: 'Adversarial bench' })
    ).key;
    this.s2sCampaignId = (
      await this.api<{ id: number }>('POST', '/api/sensors/s2s', { name: 'Adversarial bench paid clicks' })
    ).id;
    this.s2sOnly = await this.signUpS2sOnlyAccount();
  }

  /**
   * A second account, a trial signed up and verified as its admin would, integrated over S2S only: no
   * page of it runs the sensor, so its paid clicks are never judged for a missing sensor page view.
   * The people simulated over HTTP visit it: on an account whose pages run the sensor a person's
   * browser would run it too, which an HTTP client cannot.
   */
  private async signUpS2sOnlyAccount(): Promise<S2sOnlyAccount> {
    const email = 's2s-only@veracity-bench.example';
    const password = 'adversarial-bench-2';
    const post = async <T>(pathname: string, body: unknown, token?: string): Promise<T> => {
      const response = await fetch(`${this.baseUrl}${pathname}`, {
        method: 'POST',
        headers: {
          'content-type': 'application/json',
          'x-forwarded-for': '203.0.113.20',
          ...(token ? { authorization: `Bearer ${token}` } : {}),
        },
        body: JSON.stringify(body),
      });
      if (!response.ok) throw new Error(`${pathname} answered ${response.status}: ${await response.text()}`);
      return (await response.json()) as T;
    };
    await post('/api/auth/trial-signup', {
      email,
      firstName: 'Sam',
      companyName: 'S2S Only Shop',
      jobTitle: 'Growth',
      password,
      terms: true,
    });
    const [mail] = await this.api<{ text: string }[]>(
      'GET',
      `/api/support/outbox?to=${encodeURIComponent(email)}`,
    );
    const link = new URL(/https?:\/\/\S+/.exec(mail?.text ?? '')?.[0] ?? 'http://missing/');
    const { hash } = await post<{ hash: string }>('/api/auth/email/verify', {
      email: link.searchParams.get('email'),
      hash: link.searchParams.get('hash'),
    });
    const token = await this.accountToken(hash, 'S2S Only Shop');
    const as = <T>(method: string, pathname: string, body?: unknown) =>
      this.api<T>(method, pathname, body, token);
    const { key } = await as<{ key: string }>('POST', '/api/me/keys', { name: 'Adversarial bench' });
    return { token, apiKey: key, s2sCampaignId: null };
  }

  async stop(): Promise<void> {
    if (this.child) {
      const done = exited(this.child);
      this.child.kill('SIGTERM');
      await done;
    }
    if (this.dataDir) await rm(this.dataDir, { recursive: true, force: true });
  }

  /** The admin's session in the first start's "Veracity" account. */
  private async signIn(): Promise<void> {
    const login = await fetch(`${this.baseUrl}/api/auth/login`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify(ADMIN),
    });
    if (!login.ok) throw new Error(`sign-in answered ${login.status}`);
    const { hash } = (await login.json()) as { hash: string };
    this.token = await this.accountToken(hash, 'Veracity');
  }

  /** The session in the account of `companyName` of a signed-in person. */
  private async accountToken(hash: string, companyName: string): Promise<string> {
    const auth = { authorization: `Bearer ${hash}` };
    const relationships = (await (
      await fetch(`${this.baseUrl}/api/me/relationships`, { headers: auth })
    ).json()) as {
      id: number;
      companyName: string;
    }[];
    const own = relationships.find((relationship) => relationship.companyName === companyName);
    if (!own) throw new Error(`no "${companyName}" account`);
    const chosen = (await (
      await fetch(`${this.baseUrl}/api/auth/account/${own.id}`, { headers: auth })
    ).json()) as {
      token: { hash: string };
    };
    return chosen.token.hash;
  }

  async api<T>(method: string, pathname: string, body?: unknown, token = this.token): Promise<T> {
    const response = await fetch(`${this.baseUrl}${pathname}`, {
      method,
      headers: {
        authorization: `Bearer ${token}`,
        ...(body === undefined ? {} : { 'content-type': 'application/json' }),
      },
      ...(body === undefined ? {} : { body: JSON.stringify(body) }),
    });
    if (!response.ok)
      throw new Error(`${method} ${pathname} answered ${response.status}: ${await response.text()}`);
    return (await response.json()) as T;
  }

  /**
   * A session's verdict from its forensics (the worst of the visit and its hits, so an engagement that
   * re-assessed a hit counts), or null while the store does not have it yet.
   */
  async session(id: string): Promise<SessionVerdict | null> {
    const response = await fetch(`${this.baseUrl}/api/forensics/sessions/${encodeURIComponent(id)}`, {
      headers: { authorization: `Bearer ${this.token}` },
    });
    if (response.status === 404 || response.status === 400) return null;
    if (!response.ok) throw new Error(`forensics of ${id} answered ${response.status}`);
    const visit = (await response.json()) as {
      session: { riskLevel: RiskLevel };
      reasons: { id: string }[];
      hits: { riskLevel: RiskLevel; threats: string[] }[];
      network: { ip: string | null; country: string | null; isp: string | null };
      device: { userAgent: string | null };
    };
    return {
      riskLevel: worst([visit.session.riskLevel, ...visit.hits.map((hit) => hit.riskLevel)]),
      reasons: [
        ...new Set([
          ...visit.reasons.map((reason) => reason.id),
          ...visit.hits.flatMap((hit) => hit.threats),
        ]),
      ],
      seen: {
        ip: visit.network.ip,
        country: visit.network.country,
        isp: visit.network.isp,
        userAgent: visit.device.userAgent,
      },
    };
  }
}
