import type { SensorHit } from '@veracity/contracts/collect';
import { afterEach, describe, expect, it } from 'vitest';
import { VirtualClock } from '../jobs/clock.js';
import { parseEvidence } from '../storage/events/event-evidence.js';
import { sql } from '../storage/events/sql.js';
import { collect, type IngestTenant, sensorHit, startIngestApp } from '../test-support/ingest-fixtures.js';
import type { TestApp } from '../test-support/test-app.js';
import { PROOF_LIFE_MS, PROOF_ROTATION_MS, SENSOR_SCRIPT_MAX_AGE_S } from './sensor-proof.js';

/**
 * Proof that the sensor ran (issue 38), through the collector: the script served at /c/s.js carries a
 * token, a page view that sends it back is judged on its signals alone, and one without a valid token
 * is stored all the same, with `sensor:no_proof`.
 */

// The last second of a proof period: the worst case for a copy of the script kept by caches.
const PERIOD_END = new Date(
  Math.ceil(Date.UTC(2026, 10, 27, 9) / PROOF_ROTATION_MS) * PROOF_ROTATION_MS - 1_000,
);

let t: TestApp;
let tenant: IngestTenant;
let clock: VirtualClock;

async function start(): Promise<void> {
  clock = new VirtualClock(PERIOD_END);
  ({ t, tenant } = await startIngestApp({}, { clock }));
}

afterEach(async () => {
  await t.close();
});

/** The token in the script the collector serves now, and the script's cache header. */
async function servedToken(): Promise<{ token: string; cacheControl: string }> {
  const response = await t.app.inject({ method: 'GET', url: '/c/s.js' });
  expect(response.statusCode).toBe(200);
  const token = /v1\.\d+\.[A-Za-z0-9_-]{22}/.exec(response.body)?.[0];
  if (token === undefined) throw new Error('the served script carries no token');
  return { token, cacheControl: String(response.headers['cache-control']) };
}

/** Posts a page view at the clock's time; answers its verdict and the stored row. */
async function pageView(changes: Partial<SensorHit>) {
  const hit = sensorHit(tenant, { ts: clock.now().getTime(), ...changes });
  const response = await collect(t, hit);
  expect(response.statusCode, response.body).toBe(200);
  await t.stores.journal.drain();
  const [row] = await t.stores.events.query<{ risk_level: string; threats: string[]; evidence: string }>(
    () => sql`select risk_level, threats, evidence from hits where id = ${hit.eventId}`,
  );
  return {
    answer: response.json() as { riskLevel: string },
    row: row && { ...row, evidence: parseEvidence(row.evidence) },
  };
}

describe('proof that the sensor ran', () => {
  it('accepts the token of the served script for as long as caches may keep the script', async () => {
    await start();
    const { token, cacheControl } = await servedToken();
    expect(cacheControl).toBe(`public, max-age=${SENSOR_SCRIPT_MAX_AGE_S}`);
    expect(PROOF_LIFE_MS).toBeGreaterThanOrEqual(PROOF_ROTATION_MS + 2 * SENSOR_SCRIPT_MAX_AGE_S * 1000);
    const fresh = await pageView({ proof: token });
    expect(fresh.answer.riskLevel).toBe('low');
    expect(fresh.row?.threats).toEqual([]);
    // Served in the last second of its period, then kept max-age by a CDN and max-age by the browser.
    clock.set(new Date(PERIOD_END.getTime() + 2 * SENSOR_SCRIPT_MAX_AGE_S * 1000));
    expect((await pageView({ proof: token })).row?.threats).toEqual([]);
    // A new period serves a new token; the old one still holds.
    expect((await servedToken()).token).not.toBe(token);
  });

  it('stores a page view without a valid token, with sensor:no_proof and what was wrong', async () => {
    await start();
    const { token } = await servedToken();
    const forged = `${token.slice(0, -4)}AAAA`;
    const future = `v1.${Number(token.split('.')[1]) + 5}.${token.split('.')[2]}`;
    const cases: [Partial<SensorHit>, string][] = [
      [{ proof: undefined }, 'missing'],
      [{ proof: forged }, 'forged'],
      [{ proof: future }, 'forged'],
      [{ proof: 42 }, 'malformed'],
      [{ proof: '__VERACITY_SENSOR_PROOF__' }, 'malformed'],
    ];
    for (const [changes, proof] of cases) {
      const { answer, row } = await pageView(changes);
      expect(answer.riskLevel).toBe('medium');
      expect(row?.threats).toEqual(['sensor:no_proof']);
      expect(row?.evidence).toMatchObject({ 'sensor:no_proof': { proof } });
    }
    // Past its life: a copy of the script older than any cache keeps it.
    clock.set(new Date(PERIOD_END.getTime() + PROOF_LIFE_MS));
    const expired = await pageView({ proof: token });
    expect(expired.row?.evidence).toMatchObject({ 'sensor:no_proof': { proof: 'expired' } });
  });
});

describe('an unexpected probe value', () => {
  it('is kept as evidence, never a refusal: the page view is stored with its reason', async () => {
    await start();
    const { token } = await servedToken();
    const odd = await pageView({
      proof: token,
      signals: {
        patched: 'permissions.query',
        uaData: { brands: 'x' },
        engine: 'x',
      } as unknown as SensorHit['signals'],
    });
    expect(odd.row?.threats).toEqual(['automation:inconsistent_environment']);
    expect(odd.row?.evidence).toMatchObject({
      'automation:inconsistent_environment': {
        check: 'unexpected_values',
        seen: expect.stringContaining('engine="x"'),
      },
    });
    // Signals that are not an object at all.
    const notAnObject = await pageView({ proof: token, signals: 'none' as unknown as SensorHit['signals'] });
    expect(notAnObject.row?.threats).toEqual(['automation:inconsistent_environment']);
    expect(notAnObject.row?.evidence).toMatchObject({
      'automation:inconsistent_environment': { seen: 'signals="none"' },
    });
  });

  it('gives the stealth probes their reasons through the collector', async () => {
    await start();
    const { token } = await servedToken();
    const stealth = await pageView({
      proof: token,
      signals: {
        ...sensorHit(tenant).signals,
        patched: ['webdriver:absent', 'permissions.query'],
        window: { innerWidth: 1280, innerHeight: 720, outerWidth: 1280, outerHeight: 720 },
      },
    });
    expect([...(stealth.row?.threats ?? [])].sort()).toEqual([
      'automation:patched_native',
      'automation:window_chrome',
    ]);
    expect(stealth.answer.riskLevel).toBe('medium');
  });

  it('reads the engine probe against the claimed Chrome major through the collector', async () => {
    await start();
    const { token } = await servedToken();
    const signals = sensorHit(tenant).signals;
    // The fixture claims Chrome 142; this engine has only what Chrome 120 had (the first five features).
    const old = await pageView({ proof: token, signals: { ...signals, engine: 4 ** 5 - 1 } });
    expect(old.row?.threats).toEqual(['consistency:engine_version']);
    expect(old.row?.evidence).toMatchObject({
      'consistency:engine_version': { major: 142, feature: 'Set.prototype.union', seen: 'missing' },
    });
    // What Chrome 142 has (every feature up to Uint8Array.fromBase64, 140): nothing to say.
    const own = await pageView({ proof: token, signals: { ...signals, engine: 4 ** 11 - 1 } });
    expect(own.row?.threats).toEqual([]);
  });
});
