import { once } from 'node:events';
import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import {
  S2S_CONVERSIONS_PATH,
  S2S_HITS_PATH,
  type S2sHit,
  type S2sHitVerdict,
  type S2sVerdict,
  zS2sConversion,
  zS2sHit,
} from '@veracity/contracts/s2s';
import { afterEach, describe, expect, it } from 'vitest';
import { simulateTraffic } from './model/traffic-model.js';
import { MAX_FAILURES_IN_A_ROW } from './send-visits.js';
import { parseMix, parseSimulateArgs, type SimulateOptions } from './simulate-args.js';
import { createSummary, formatSummary, recordFailure, recordVerdict } from './simulation-summary.js';
import { runSimulation, type SimulatorIo } from './simulator.js';
import { retryAfterMs } from './transport.js';

const NOW = Date.parse('2026-11-20T12:00:00Z');

describe('parseSimulateArgs', () => {
  it('falls back to the defaults and the environment', () => {
    const args = parseSimulateArgs(
      [],
      { VERACITY_ADMIN_EMAIL: 'admin@example.com', VERACITY_ADMIN_PASSWORD: 'secret' },
      NOW,
    );
    expect(args).toEqual({
      help: false,
      url: 'http://localhost:8080',
      apiKey: null,
      email: 'admin@example.com',
      password: 'secret',
      account: null,
      visits: 2000,
      days: 1,
      bots: 0.25,
      mix: null,
      campaignIds: [],
      siteUrl: null,
      seed: String(NOW),
      concurrency: 8,
    });
    expect(parseSimulateArgs([], { VERACITY_API_KEY: 'vk_env' })).toMatchObject({ apiKey: 'vk_env' });
  });

  it('reads every flag, in both spellings', () => {
    const args = parseSimulateArgs(
      [
        '--url=http://127.0.0.1:9000/',
        '--api-key',
        'vk_flag',
        '--visits',
        '500',
        '--days=7',
        '--bots',
        '0.4',
        '--mix',
        'google=40, facebook=20,direct=0',
        '--campaigns',
        '3,4',
        '--seed',
        'demo',
        '--concurrency',
        '16',
        '--account',
        'Acme',
        '--site',
        'https://acme.example',
      ],
      { VERACITY_API_KEY: 'vk_env' },
    );
    expect(args).toMatchObject({
      url: 'http://127.0.0.1:9000',
      apiKey: 'vk_flag',
      visits: 500,
      days: 7,
      bots: 0.4,
      mix: { google: 40, facebook: 20, direct: 0 },
      campaignIds: [3, 4],
      seed: 'demo',
      concurrency: 16,
      account: 'Acme',
      siteUrl: 'https://acme.example',
    });
    expect(parseSimulateArgs(['--help'])).toEqual({ help: true });
  });

  it('says what is wrong with a bad argument', () => {
    expect(() => parseSimulateArgs(['--visits', '0'])).toThrow(/--visits/);
    expect(() => parseSimulateArgs(['--visits', '1.5'])).toThrow(/--visits/);
    expect(() => parseSimulateArgs(['--days', '30'])).toThrow(/--days must be more than 0 and at most 29/);
    expect(() => parseSimulateArgs(['--bots', '1.2'])).toThrow(/--bots/);
    expect(() => parseSimulateArgs(['--concurrency', 'many'])).toThrow(/--concurrency/);
    expect(() => parseSimulateArgs(['--url', 'ftp://x'])).toThrow(/--url/);
    expect(() => parseSimulateArgs(['--campaigns', '1,x'])).toThrow(/--campaigns/);
    expect(() => parseSimulateArgs(['--frobnicate'])).toThrow(/frobnicate/);
    expect(() => parseMix('gogle=3')).toThrow(/unknown traffic type "gogle"/);
    expect(() => parseMix('google=-1')).toThrow(/weight of google/);
    expect(() => parseMix('google=0')).toThrow(/positive weight/);
  });
});

describe('retryAfterMs', () => {
  it('reads seconds and HTTP dates', () => {
    expect(retryAfterMs('3')).toBe(3000);
    expect(retryAfterMs(new Date(NOW + 5000).toUTCString(), NOW)).toBe(5000);
    expect(retryAfterMs(null)).toBeNull();
    expect(retryAfterMs('soon')).toBeNull();
  });
});

describe('the summary', () => {
  it('counts verdicts by kind and level, and lists failures', () => {
    const summary = createSummary();
    summary.visits = 3;
    summary.sentHits = 4;
    summary.sentConversions = 1;
    recordVerdict(summary, 'human', 'hit', { riskLevel: 'low', duplicate: false });
    recordVerdict(summary, 'human', 'hit', { riskLevel: 'low', duplicate: true });
    recordVerdict(summary, 'headless', 'hit', { riskLevel: 'high', duplicate: false });
    recordVerdict(summary, 'click_injection', 'conversion', { riskLevel: 'medium', duplicate: false });
    recordFailure(summary, 'http_library sim-1-h0: POST /s2s/v1/hits: 400 bad');
    summary.retries['429'] = 2;
    expect(summary.hits.human).toEqual({ low: 2, medium: 0, high: 0 });
    expect(summary.conversions.click_injection).toEqual({ low: 0, medium: 1, high: 0 });
    const text = formatSummary(summary);
    expect(text).toContain('Sent 4 hits and 1 conversions of 3 visits.');
    expect(text).toMatch(/ {2}human +2 +0 +0 +2 +0\.0%/);
    expect(text).toMatch(/ {2}headless +0 +0 +1 +1 +100\.0%/);
    expect(text).toMatch(/conversions\n {2}click_injection +0 +1 +0 +1/);
    expect(text).not.toContain('declared_crawler');
    expect(text).toContain('Retries: 2 after 429.');
    expect(text).toContain('Duplicates (ids stored before): 1.');
    expect(text).toContain('Failed requests: 1.\n  http_library sim-1-h0: POST /s2s/v1/hits: 400 bad');
  });
});

/** A fake of the server's API: sign-in, accounts, keys and the S2S endpoints with contract answers. */
interface Fake {
  url: string;
  hits: S2sHit[];
  authorizations: Set<string>;
  /** Status codes to answer the next S2S calls with before answering normally. */
  hiccups: { status: number; retryAfter?: string }[];
  failConversions: boolean;
}

const BOT_AGENT = /bot|curl|python|Go-http|okhttp|axios|Java\/|HeadlessChrome/i;

async function readJson(request: IncomingMessage): Promise<unknown> {
  const chunks: Buffer[] = [];
  for await (const chunk of request) chunks.push(chunk as Buffer);
  return chunks.length === 0 ? undefined : JSON.parse(Buffer.concat(chunks).toString('utf8'));
}

function answer(
  response: ServerResponse,
  status: number,
  body: unknown,
  headers: Record<string, string> = {},
) {
  response.writeHead(status, { 'content-type': 'application/json', ...headers });
  response.end(JSON.stringify(body));
}

let server: Server | undefined;
afterEach(async () => {
  server?.close();
  server = undefined;
});

async function startFake(): Promise<Fake> {
  const fake: Fake = { url: '', hits: [], authorizations: new Set(), hiccups: [], failConversions: false };
  const verdict = (id: string, riskLevel: S2sVerdict['riskLevel']): S2sVerdict => ({
    id,
    riskLevel,
    label: riskLevel === 'low' ? 'Legitimate' : riskLevel === 'medium' ? 'Suspicious' : 'Invalid',
    score: riskLevel === 'low' ? 0 : riskLevel === 'medium' ? 40 : 100,
    threats: riskLevel === 'high' ? [{ id: 'ua:known_bot', category: 'ua', label: 'Known bot' }] : [],
    duplicate: false,
  });
  server = createServer(async (request, response) => {
    const body = await readJson(request);
    const auth = request.headers.authorization ?? '';
    switch (`${request.method} ${request.url}`) {
      case 'GET /api/health':
        return answer(response, 200, { status: 'ok' });
      case 'POST /api/auth/login': {
        const { email, password } = body as { email: string; password: string };
        return email === 'admin@example.com' && password === 'secret'
          ? answer(response, 200, { hash: 'session-token-aaaaaaaaaaaa' })
          : answer(response, 401, 'E-Mail or password not valid');
      }
      case 'GET /api/me/relationships': {
        const relationship = (id: number, companyName: string, planType: string) => ({
          id,
          companyName,
          active: true,
          paymentUrl: null,
          vertical: null,
          planType,
          accountFeatures: [],
        });
        return answer(response, 200, [relationship(1, 'Demo', 'demo'), relationship(2, 'Acme', 'pro')]);
      }
      case 'GET /api/auth/account/2':
        return answer(response, 200, { status: 'OK', token: { hash: 'account-token-bbbbbbbbbbbb' } });
      case 'POST /api/me/keys':
        if (auth !== 'Bearer account-token-bbbbbbbbbbbb')
          return answer(response, 403, 'Select an account first');
        return answer(response, 201, {
          id: 7,
          name: (body as { name: string }).name,
          prefix: 'vk_fake',
          createdAt: new Date(NOW).toISOString(),
          lastUsedAt: null,
          key: 'vk_fake_key_cccccccccccc',
        });
    }
    if (request.url === S2S_HITS_PATH || request.url === S2S_CONVERSIONS_PATH) {
      fake.authorizations.add(auth);
      if (auth !== 'Bearer vk_fake_key_cccccccccccc') return answer(response, 401, 'Invalid API key');
      const hiccup = fake.hiccups.shift();
      if (hiccup)
        return answer(
          response,
          hiccup.status,
          'busy',
          hiccup.retryAfter ? { 'retry-after': hiccup.retryAfter } : {},
        );
      if (request.url === S2S_HITS_PATH) {
        const hit = zS2sHit.parse(body);
        fake.hits.push(hit);
        const risky = BOT_AGENT.test(hit.userAgent) || hit.signals?.webdriver === true;
        const answered: S2sHitVerdict = {
          ...verdict(hit.id ?? 'x', risky ? 'high' : 'low'),
          sessionId: hit.sessionId ?? 'x',
          trafficType: 'direct',
        };
        return answer(response, 200, answered);
      }
      const conversion = zS2sConversion.parse(body);
      if (fake.failConversions) return answer(response, 400, [{ code: 'NOT_VALID', field: 'hitId' }]);
      return answer(response, 200, verdict(conversion.id ?? 'x', 'medium'));
    }
    answer(response, 404, 'Not found');
  });
  server.listen(0, '127.0.0.1');
  await once(server, 'listening');
  fake.url = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  return fake;
}

function quietIo(): SimulatorIo & { lines: string[]; waits: number[] } {
  const lines: string[] = [];
  const waits: number[] = [];
  return {
    lines,
    waits,
    fetch: (...args) => fetch(...args),
    log: (line) => lines.push(line),
    sleep: async (ms) => {
      waits.push(ms);
    },
  };
}

function optionsFor(fake: Fake, overrides: Partial<SimulateOptions> = {}): SimulateOptions {
  const parsed = parseSimulateArgs([
    '--url',
    fake.url,
    '--visits',
    '120',
    '--seed',
    'cli-test',
    '--concurrency',
    '4',
  ]);
  if (parsed.help) throw new Error('unexpected help');
  return { ...parsed, email: 'admin@example.com', password: 'secret', ...overrides };
}

describe('runSimulation against a fake of the API', () => {
  it('signs in, creates a key, sends every visit in order and tallies the answers by kind', async () => {
    const fake = await startFake();
    fake.hiccups.push({ status: 429, retryAfter: '2' }, { status: 503 });
    const io = quietIo();
    const options = optionsFor(fake);
    const summary = await runSimulation(options, io, NOW);

    const expected = simulateTraffic({
      seed: 'cli-test',
      from: new Date(NOW - 60_000 - 86_400_000),
      to: new Date(NOW - 60_000),
      visits: 120,
      botShare: 0.25,
    });
    const expectedHits = expected.flatMap((visit) => visit.hits);
    const expectedConversions = expected.flatMap((visit) => visit.conversions);
    expect(summary.failed).toBe(0);
    expect(summary.visits).toBe(120);
    expect(summary.sentHits).toBe(expectedHits.length);
    expect(summary.sentConversions).toBe(expectedConversions.length);
    expect(fake.authorizations).toEqual(new Set(['Bearer vk_fake_key_cccccccccccc']));
    expect(io.lines[0]).toContain('vk_fake_key_cccccccccccc');
    // Every hit arrived once, and the hits of each session in the order they happened.
    expect(fake.hits.map((hit) => hit.id).sort()).toEqual(expectedHits.map((hit) => hit.id).sort());
    const lastBySession = new Map<string, string>();
    for (const hit of fake.hits) {
      const previous = lastBySession.get(hit.sessionId ?? '');
      if (previous !== undefined) expect(String(hit.ts) > previous).toBe(true);
      lastBySession.set(hit.sessionId ?? '', String(hit.ts));
    }
    // The fake calls bots by their agent: the tally says which kinds it caught.
    const hitsOf = (kind: string) =>
      expected.filter((visit) => visit.kind === kind).flatMap((visit) => visit.hits).length;
    expect(summary.hits.declared_crawler).toEqual({ low: 0, medium: 0, high: hitsOf('declared_crawler') });
    expect(summary.hits.http_library.high).toBe(hitsOf('http_library'));
    expect(summary.hits.human).toEqual({ low: hitsOf('human'), medium: 0, high: 0 });
    expect(summary.conversions.human.medium + summary.conversions.click_injection.medium).toBe(
      expectedConversions.length,
    );
    // One retry after 429 (waiting what Retry-After said) and one after 503 (backing off).
    expect(summary.retries).toEqual({ '429': 1, '503': 1 });
    expect(io.waits[0]).toBe(2000);
    expect(io.waits[1]).toBeGreaterThan(0);
    expect(io.lines.filter((line) => /^\[ *\d+%\]/.test(line))).toHaveLength(10);
    expect(formatSummary(summary)).toContain('Failed requests: 0.');
  });

  it('picks the account by name and uses a given key without signing in', async () => {
    const fake = await startFake();
    const io = quietIo();
    await expect(runSimulation(optionsFor(fake, { account: 'Nobody' }), io, NOW)).rejects.toThrow(
      'No account named "Nobody" (accounts: Demo, Acme).',
    );
    const summary = await runSimulation(
      optionsFor(fake, { apiKey: 'vk_fake_key_cccccccccccc', email: null, password: null, visits: 10 }),
      io,
      NOW,
    );
    expect(summary.failed).toBe(0);
  });

  it('counts requests that finally failed, and stops when everything fails', async () => {
    const fake = await startFake();
    fake.failConversions = true;
    const io = quietIo();
    const summary = await runSimulation(optionsFor(fake, { visits: 400 }), io, NOW);
    expect(summary.sentConversions).toBeGreaterThan(0);
    expect(summary.failed).toBe(summary.sentConversions);
    expect(summary.errors[0]).toMatch(/POST \/s2s\/v1\/conversions: 400 /);

    const wrongKey = quietIo();
    const refused = await runSimulation(
      optionsFor(fake, { apiKey: 'vk_wrong_key_dddddddddd', visits: 300 }),
      wrongKey,
      NOW,
    );
    // Requests already in flight (four at once) still finish.
    expect(refused.failed).toBeGreaterThanOrEqual(MAX_FAILURES_IN_A_ROW);
    expect(refused.failed).toBeLessThan(MAX_FAILURES_IN_A_ROW + 4);
    expect(refused.visits).toBeLessThan(300);
    expect(wrongKey.lines.some((line) => line.startsWith('Stopping: 50 requests in a row failed'))).toBe(
      true,
    );
  });
});
