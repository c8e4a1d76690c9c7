import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { fillMacros } from '@veracity/contracts/firewall-macros';
import { zPostbackDelivery } from '@veracity/contracts/postbacks';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { z } from 'zod';
import { VirtualClock } from '../jobs/clock.js';
import { POSTBACK_DELIVERY_JOB } from '../jobs/postback-delivery.js';
import type { Resolver } from '../outbound/destination.js';
import { createTenant } from '../test-support/fixtures.js';
import { NO_JOBS, startTestApp, type TestApp } from '../test-support/test-app.js';
import { startPostbackAttempt } from './postback-deliveries.repo.js';
import {
  deliverDuePostbacks,
  enqueueConversionPostback,
  enqueuePostback,
  type PostbackDeliveryDeps,
  postbackDeliveryLog,
  postbackRetryDelayMs,
} from './postback-delivery.service.js';

const SECOND = 1000;
const MINUTE = 60 * SECOND;

/**
 * A traffic source's postback receiver on this machine (reachable through the test-only loopback
 * setting). Each path answers the statuses queued for it in turn, then 200; `hang` never answers.
 */
let receiver: Server;
let base: string;
const answers = new Map<string, number[]>();
let received: string[] = [];

let t: TestApp;
let clock: VirtualClock;
let relationshipId: number;
let otherRelationshipId: number;
let conversionSeq = 0;

beforeAll(async () => {
  receiver = createServer((req, res) => {
    received.push(req.url ?? '');
    const path = (req.url ?? '').split('?')[0] ?? '';
    if (path === '/hang') return;
    if (path === '/nul') {
      res.writeHead(500).end('bad\u0000answer\r\n\u0007here');
      return;
    }
    const queued = answers.get(path);
    const status = queued?.shift() ?? 200;
    res.writeHead(status, { 'content-type': 'text/plain' }).end(status === 200 ? 'OK' : `status ${status}`);
  });
  await new Promise<void>((resolve) => receiver.listen(0, '127.0.0.1', resolve));
  base = `http://127.0.0.1:${(receiver.address() as AddressInfo).port}`;
  clock = new VirtualClock(new Date('2026-11-20T10:00:00.000Z'));
  t = await startTestApp(
    {
      ...NO_JOBS,
      POSTBACK_DELIVERY_SECONDS: '5',
      OUTBOUND_ALLOW_LOOPBACK: 'true',
    },
    { clock },
  );
  relationshipId = (await createTenant(t)).relationshipId;
  otherRelationshipId = (await createTenant(t)).relationshipId;
});
afterAll(async () => {
  await t.close();
  receiver.closeAllConnections();
  await new Promise((resolve) => receiver.close(resolve));
});
beforeEach(() => {
  received = [];
  answers.clear();
});

function deps(extra: Partial<PostbackDeliveryDeps> = {}): PostbackDeliveryDeps {
  return {
    db: t.stores.accounts.db,
    clock,
    log: t.app.log,
    outbound: { allowLoopback: true, timeoutMs: 5_000 },
    ...extra,
  };
}

function advance(ms: number): void {
  clock.set(new Date(clock.now().getTime() + ms));
}

async function queue(path: string, trafficSourceId = 7): Promise<string> {
  conversionSeq += 1;
  const conversionId = `cnv-${conversionSeq}`;
  const url = `${base}${path}?cid=${conversionId}`;
  expect(await enqueuePostback(deps(), { relationshipId, conversionId, trafficSourceId, url })).toBe(true);
  return conversionId;
}

async function logOf(conversionId: string) {
  const [delivery, ...more] = await postbackDeliveryLog(t.stores.accounts.db, relationshipId, conversionId);
  expect(more).toEqual([]);
  if (!delivery) throw new Error(`no delivery for ${conversionId}`);
  return delivery;
}

/** One pass of the app's own scheduler (the registered job), waiting for its run to end. */
async function schedulerPass(): Promise<string[]> {
  const started = await t.app.jobs.tick();
  await t.app.jobs.idle();
  return started;
}

describe('postback delivery', () => {
  it('queues without calling out, then the job delivers the filled URL once', async () => {
    const template = `${base}/ok?click={clickid}&sum={payout}&st={status}&sp={sub_publisher}&v2={var2}`;
    const url = fillMacros(template, {
      clickid: 'abc 123&x=y',
      payout: 1.5,
      status: 'approved',
      sub_publisher: 'site/7',
      var2: 'ü',
    });
    const conversionId = 'cnv-filled';
    const queued = { relationshipId, conversionId, trafficSourceId: 3, url };
    expect(await enqueuePostback(deps(), queued)).toBe(true);
    // The same conversion for the same traffic source is queued once.
    expect(await enqueuePostback(deps(), queued)).toBe(false);
    expect(received).toEqual([]);
    expect(await logOf(conversionId)).toMatchObject({ state: 'pending', attempts: 0, log: [] });

    advance(5 * SECOND);
    expect(t.app.jobs.names).toContain(POSTBACK_DELIVERY_JOB);
    expect(await schedulerPass()).toEqual([POSTBACK_DELIVERY_JOB]);
    expect(received).toEqual(['/ok?click=abc%20123%26x%3Dy&sum=1.5&st=approved&sp=site%2F7&v2=%C3%BC']);
    const delivery = await logOf(conversionId);
    expect(delivery).toMatchObject({
      trafficSourceId: 3,
      url,
      state: 'delivered',
      attempts: 1,
      nextAttemptAt: null,
      lastHttpStatus: 200,
      lastError: null,
      deliveredAt: clock.now().toISOString(),
    });
    expect(delivery.log).toEqual([
      { attempt: 1, at: clock.now().toISOString(), outcome: 'delivered', httpStatus: 200, error: null },
    ]);
    // Nothing left to send.
    advance(10 * SECOND);
    await schedulerPass();
    expect(received).toHaveLength(1);
  });

  it("fills a traffic source's template for a conversion, and queues nothing without one", async () => {
    const source = {
      id: 11,
      postbackUrl: `${base}/tpl?c={clickid}&conv={conversion_id}&p={payout}&v1={var1}`,
    };
    const queued = await enqueueConversionPostback(deps(), {
      relationshipId,
      conversionId: 'cnv-tpl',
      trafficSource: source,
      values: { clickid: 'k&1', payout: '2.50', var1: undefined },
    });
    expect(queued).toBe(true);
    expect((await logOf('cnv-tpl')).url).toBe(`${base}/tpl?c=k%261&conv=cnv-tpl&p=2.50&v1=`);
    for (const postbackUrl of [null, '', '   ']) {
      expect(
        await enqueueConversionPostback(deps(), {
          relationshipId,
          conversionId: 'cnv-no-url',
          trafficSource: { id: 12, postbackUrl },
          values: {},
        }),
      ).toBe(false);
    }
    expect(await postbackDeliveryLog(t.stores.accounts.db, relationshipId, 'cnv-no-url')).toEqual([]);
    await deliverDuePostbacks(deps());
    expect(await logOf('cnv-tpl')).toMatchObject({ state: 'delivered' });
  });

  it('retries after a 500 with exponential back-off on the app clock', async () => {
    answers.set('/flaky', [500, 502]);
    const conversionId = await queue('/flaky');
    const start = clock.now().getTime();
    expect(await deliverDuePostbacks(deps())).toMatchObject({ attempted: 1, retrying: 1 });
    let delivery = await logOf(conversionId);
    expect(delivery).toMatchObject({
      state: 'pending',
      attempts: 1,
      lastHttpStatus: 500,
      lastError: 'HTTP 500: status 500',
    });
    expect(delivery.nextAttemptAt).toBe(new Date(start + postbackRetryDelayMs(1)).toISOString());
    expect(postbackRetryDelayMs(1)).toBe(MINUTE);
    expect(postbackRetryDelayMs(2)).toBe(2 * MINUTE);

    // Not before its time.
    advance(MINUTE - SECOND);
    expect((await deliverDuePostbacks(deps())).attempted).toBe(0);
    advance(SECOND);
    expect(await deliverDuePostbacks(deps())).toMatchObject({ attempted: 1, retrying: 1 });
    delivery = await logOf(conversionId);
    expect(delivery.nextAttemptAt).toBe(new Date(start + MINUTE + 2 * MINUTE).toISOString());

    advance(2 * MINUTE - SECOND);
    expect((await deliverDuePostbacks(deps())).attempted).toBe(0);
    advance(SECOND);
    expect(await deliverDuePostbacks(deps())).toMatchObject({ attempted: 1, delivered: 1 });
    delivery = await logOf(conversionId);
    expect(delivery).toMatchObject({ state: 'delivered', attempts: 3, lastHttpStatus: 200, lastError: null });
    expect(delivery.log.map((entry) => [entry.attempt, entry.outcome, entry.httpStatus])).toEqual([
      [1, 'http_error', 500],
      [2, 'http_error', 502],
      [3, 'delivered', 200],
    ]);
    expect(delivery.log.map((entry) => entry.at)).toEqual([
      new Date(start).toISOString(),
      new Date(start + MINUTE).toISOString(),
      new Date(start + 3 * MINUTE).toISOString(),
    ]);
    expect(received.filter((url) => url.startsWith('/flaky'))).toHaveLength(3);
  });

  it('gives up after the most attempts allowed', async () => {
    answers.set('/down', Array(10).fill(503));
    const conversionId = await queue('/down');
    const retry = { maxAttempts: 3 };
    for (let pass = 0; pass < 3; pass += 1) {
      expect((await deliverDuePostbacks(deps({ retry }))).attempted).toBe(1);
      advance(postbackRetryDelayMs(pass + 1));
    }
    const delivery = await logOf(conversionId);
    expect(delivery).toMatchObject({
      state: 'failed',
      attempts: 3,
      nextAttemptAt: null,
      lastHttpStatus: 503,
    });
    expect(delivery.log.map((entry) => entry.outcome)).toEqual(['http_error', 'http_error', 'http_error']);
    advance(24 * 60 * MINUTE);
    expect((await deliverDuePostbacks(deps({ retry }))).attempted).toBe(0);
    expect(received).toHaveLength(3);
  });

  it("records a receiver's answer as text on one line, control characters left out", async () => {
    const conversionId = await queue('/nul');
    await deliverDuePostbacks(deps());
    expect(await logOf(conversionId)).toMatchObject({
      state: 'pending',
      lastHttpStatus: 500,
      lastError: 'HTTP 500: bad answer here',
      log: [{ outcome: 'http_error', httpStatus: 500, error: 'HTTP 500: bad answer here' }],
    });
    // Settled here so that later passes in this file have nothing of it left to send.
    await t.stores.accounts.db
      .updateTable('postback_deliveries')
      .set({ state: 'failed', next_attempt_at: null })
      .where('conversion_id', '=', conversionId)
      .execute();
  });

  it('settles a 404 as rejected at once, and retries a 429', async () => {
    answers.set('/gone', [404]);
    answers.set('/busy', [429]);
    const gone = await queue('/gone');
    const busy = await queue('/busy');
    await deliverDuePostbacks(deps());
    expect(await logOf(gone)).toMatchObject({
      state: 'rejected',
      attempts: 1,
      nextAttemptAt: null,
      lastHttpStatus: 404,
    });
    expect(await logOf(busy)).toMatchObject({ state: 'pending', attempts: 1, lastHttpStatus: 429 });
    advance(MINUTE);
    await deliverDuePostbacks(deps());
    expect(await logOf(gone)).toMatchObject({ state: 'rejected', attempts: 1 });
    expect(await logOf(busy)).toMatchObject({ state: 'delivered', attempts: 2 });
  });

  it('logs a private destination as refused and never retries it', async () => {
    const resolve: Resolver = async (hostname) =>
      hostname === 'metadata.tracker.test' ? [{ address: '169.254.169.254', family: 4 }] : [];
    const urls = [
      'http://10.0.0.8/pb?c=1',
      'http://metadata.tracker.test/latest/meta-data/',
      'ftp://tracker.test/pb',
    ];
    const ids: string[] = [];
    for (const url of urls) {
      conversionSeq += 1;
      ids.push(`cnv-${conversionSeq}`);
      await enqueuePostback(deps(), {
        relationshipId,
        conversionId: `cnv-${conversionSeq}`,
        trafficSourceId: 9,
        url,
      });
    }
    expect(await deliverDuePostbacks(deps({ outbound: { allowLoopback: true, resolve } }))).toMatchObject({
      attempted: 3,
      givenUp: 3,
    });
    const logs = await Promise.all(ids.map(logOf));
    expect(
      logs.map((delivery) => [delivery.state, delivery.nextAttemptAt, delivery.log.map((e) => e.outcome)]),
    ).toEqual([
      ['refused', null, ['refused']],
      ['refused', null, ['refused']],
      ['refused', null, ['refused']],
    ]);
    expect(logs[0]?.lastError).toBe('10.0.0.8 is a private address');
    expect(logs[1]?.lastError).toBe(
      'metadata.tracker.test resolves to 169.254.169.254, which is the cloud metadata address',
    );
    expect(logs[2]?.lastError).toContain('the scheme ftp: is not allowed');
    advance(24 * 60 * MINUTE);
    expect((await deliverDuePostbacks(deps({ outbound: { allowLoopback: true, resolve } }))).attempted).toBe(
      0,
    );
  });

  it('keeps its queue across a restart: a failed attempt is retried by the next process', async () => {
    answers.set('/restart', [500]);
    const conversionId = await queue('/restart');
    advance(5 * SECOND);
    await schedulerPass();
    expect(await logOf(conversionId)).toMatchObject({ state: 'pending', attempts: 1 });

    await t.restart();
    advance(MINUTE);
    expect(await schedulerPass()).toEqual([POSTBACK_DELIVERY_JOB]);
    const delivery = await logOf(conversionId);
    expect(delivery).toMatchObject({ state: 'delivered', attempts: 2 });
    expect(received.filter((url) => url.startsWith('/restart'))).toHaveLength(2);
  });

  it('sends an attempt cut short by a dead process again after its back-off, once', async () => {
    const conversionId = await queue('/cut-short');
    // The process counted the attempt and died before the answer: nothing was recorded after.
    const [row] = await t.stores.accounts.db
      .selectFrom('postback_deliveries')
      .select(['id', 'attempts'])
      .where('conversion_id', '=', conversionId)
      .execute();
    if (!row) throw new Error('not queued');
    const diedAt = clock.now().getTime();
    expect(
      await startPostbackAttempt(t.stores.accounts.db, {
        id: row.id,
        attemptsBefore: 0,
        nextAttemptAt: new Date(diedAt + postbackRetryDelayMs(1)).toISOString(),
        now: new Date(diedAt).toISOString(),
      }),
    ).toBe(true);

    await t.restart();
    advance(5 * SECOND);
    await schedulerPass();
    expect(received).toEqual([]);
    advance(MINUTE);
    await schedulerPass();
    expect(received).toEqual([`/cut-short?cid=${conversionId}`]);
    expect(await logOf(conversionId)).toMatchObject({
      state: 'delivered',
      attempts: 2,
      log: [{ attempt: 2 }],
    });
  });

  it("reads one account's log only", async () => {
    const conversionId = await queue('/mine');
    expect(await postbackDeliveryLog(t.stores.accounts.db, otherRelationshipId, conversionId)).toEqual([]);
    const log = await postbackDeliveryLog(t.stores.accounts.db, relationshipId, conversionId);
    expect(log).toHaveLength(1);
    // The shape the dashboard will parse.
    expect(z.array(zPostbackDelivery).parse(log)).toEqual(log);
  });

  // Last: its delivery stays pending (due again later) while the receiver holds the request.
  it('queues while a pass waits on a receiver that does not answer, and retries that one later', async () => {
    const conversionId = await queue('/hang');
    let passEnded = false;
    const pass = deliverDuePostbacks(deps({ outbound: { allowLoopback: true, timeoutMs: 3000 } })).finally(
      () => {
        passEnded = true;
      },
    );
    // Wait (with a deadline) until the receiver holds the request.
    const deadline = Date.now() + 10_000;
    while (!received.some((url) => url.startsWith('/hang')) && Date.now() < deadline) {
      await new Promise((resolve) => setTimeout(resolve, 10));
    }
    expect(received.some((url) => url.startsWith('/hang'))).toBe(true);
    // Queueing another conversion does not wait for the pass.
    expect(
      await enqueuePostback(deps(), {
        relationshipId,
        conversionId: 'cnv-meanwhile',
        trafficSourceId: 7,
        url: `${base}/ok`,
      }),
    ).toBe(true);
    expect(passEnded).toBe(false);
    expect(await pass).toMatchObject({ retrying: 1 });
    expect(await logOf(conversionId)).toMatchObject({
      state: 'pending',
      attempts: 1,
      lastHttpStatus: null,
      lastError: 'no answer within 3000 ms',
      log: [{ outcome: 'timeout' }],
    });
  });
});
