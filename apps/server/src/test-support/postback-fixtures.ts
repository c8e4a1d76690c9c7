import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import type { FirewallCampaign, Offer, TrafficSource } from '@veracity/contracts/firewall';
import type { PostbackDelivery } from '@veracity/contracts/postbacks';
import type { LightMyRequestResponse } from 'fastify';
import { expect } from 'vitest';
import { VirtualClock } from '../jobs/clock.js';
import { deliverDuePostbacks } from '../postbacks/postback-delivery.service.js';
import type { HitRow } from '../storage/events/event-store.js';
import { createFirewallTenant } from './firewall-fixtures.js';
import { accountToken, call, type Tenant } from './fixtures.js';
import { eventId } from './ingest-fixtures.js';
import { startTestApp, type TestApp } from './test-app.js';

/** Where an advertiser's postbacks come from: the fixture's traffic sources allow its range. */
export const ADVERTISER_IP = '203.0.113.7';
export const ELSEWHERE_IP = '198.51.100.20';
const START = new Date('2026-11-20T10:00:00.000Z');

/** A firewall account with a traffic source (postback URL to the local receiver), an offer and a campaign. */
export interface FirewallAccount {
  tenant: Tenant;
  token: string;
  sensorKey: string;
  source: TrafficSource;
  offer: Offer;
  campaign: FirewallCampaign;
}

/**
 * A test app (virtual clock, postbacks allowed to this machine, no scheduled jobs) with a local
 * traffic-source receiver that records every postback it gets.
 */
export interface PostbackHarness {
  t: TestApp;
  clock: VirtualClock;
  /** Postbacks the receiver got, since the last `received.length = 0`. */
  received: URL[];
  firewallAccount(company: string): Promise<FirewallAccount>;
  storeClick(account: FirewallAccount, changes?: Partial<HitRow> & { agoMs?: number }): Promise<HitRow>;
  postback(
    params: Record<string, string>,
    options?: { ip?: string; method?: 'GET' | 'POST'; form?: boolean },
  ): Promise<LightMyRequestResponse>;
  /** One pass of the delivery job. */
  deliver(): ReturnType<typeof deliverDuePostbacks>;
  deliveriesOf(account: FirewallAccount, conversionId: string): Promise<PostbackDelivery[]>;
  close(): Promise<void>;
}

export async function startPostbackHarness(): Promise<PostbackHarness> {
  const received: URL[] = [];
  const receiver: Server = createServer((req, res) => {
    received.push(new URL(req.url ?? '/', 'http://receiver'));
    res.writeHead(200, { 'content-type': 'text/plain' }).end('OK');
  });
  await new Promise<void>((resolve) => receiver.listen(0, '127.0.0.1', resolve));
  const base = `http://127.0.0.1:${(receiver.address() as AddressInfo).port}`;
  const clock = new VirtualClock(START);
  const t = await startTestApp(
    {
      ALERTS_CHECK_SECONDS: '0',
      GOOGLE_ADS_SYNC_MINUTES: '0',
      GOOGLE_ADS_COST_IMPORT_HOURS: '0',
      AD_CHANNELS_SYNC_MINUTES: '0',
      POSTBACK_DELIVERY_SECONDS: '0',
      OUTBOUND_ALLOW_LOOPBACK: 'true',
      SENSOR_PATH: '/c',
    },
    { clock },
  );

  const created = async <T>(token: string, path: string, body: object): Promise<T> => {
    const response = await call(t, 'POST', path, { token, body });
    expect(response.statusCode, response.body).toBe(201);
    return response.json() as T;
  };

  return {
    t,
    clock,
    received,
    async firewallAccount(company) {
      const tenant = await createFirewallTenant(t, { company });
      const token = await accountToken(t, tenant);
      const { sensor_key: sensorKey } = await t.stores.accounts.db
        .selectFrom('relationships')
        .select('sensor_key')
        .where('id', '=', tenant.relationshipId)
        .executeTakeFirstOrThrow();
      const source = await created<TrafficSource>(token, '/sensors/firewall/trafficsources', {
        name: 'Push network',
        postbackUrl: `${base}/postback?cid={external_id}&payout={payout}&status={status}&click={clickid}&conv={conversion_id}&src={traffic_source_id}&sub={sub_publisher}&v1={var1}&cc={country}`,
        allowedPostbackAddresses: ['203.0.113.0/24'],
      });
      const offer = await created<Offer>(token, '/sensors/firewall/offers', {
        name: 'Offer',
        landingUrl: 'https://offer.example/land?c={clickid}',
      });
      const campaign = await created<FirewallCampaign>(token, '/sensors/firewall', {
        name: 'Campaign',
        offerId: offer.id,
        trafficSourceId: source.id,
      });
      return { tenant, token, sensorKey, source, offer, campaign };
    },

    // A firewall click as the click path stores it (campaign, offer, traffic source, the source's
    // click id, the hit status), through the journal like every hit, and known to the pipeline.
    async storeClick(account, changes = {}) {
      const { agoMs = 60_000, ...fields } = changes;
      const id = eventId('click');
      const row: HitRow = {
        relationshipId: account.tenant.relationshipId,
        id,
        sessionId: `s-${id}`,
        ts: new Date(clock.now().getTime() - agoMs),
        url: `https://veracity.example/c/fc/${account.campaign.id}`,
        trafficType: 'direct',
        riskLevel: 'low',
        threats: [],
        hitStatus: 'delivered',
        campaignId: account.campaign.id,
        offerId: account.offer.id,
        trafficSourceId: account.source.id,
        clickId: `src-${id}`,
        subPublisher: 'pub-42',
        country: 'ES',
        vars: { var1: 'v one' },
        ...fields,
      };
      await t.stores.journal.append({ hits: [row], hitSessions: [{ hits: 1, startedAt: row.ts }] });
      await t.stores.journal.drain();
      t.app.ingest.pipeline.storedIds?.add('hits', row.relationshipId, row.id);
      return row;
    },

    postback(params, options = {}) {
      const query = new URLSearchParams(params).toString();
      const method = options.method ?? 'GET';
      const form = method === 'POST' && options.form === true;
      return t.app.inject({
        method,
        url: form ? '/c/pb' : `/c/pb?${query}`,
        remoteAddress: options.ip ?? ADVERTISER_IP,
        ...(form ? { payload: query, headers: { 'content-type': 'application/x-www-form-urlencoded' } } : {}),
      });
    },

    deliver() {
      return deliverDuePostbacks({
        db: t.stores.accounts.db,
        clock,
        log: t.app.log,
        outbound: { allowLoopback: true, timeoutMs: 5_000 },
      });
    },

    async deliveriesOf(account, conversionId) {
      const response = await call(t, 'GET', `/sensors/firewall/conversions/${conversionId}/postbacks`, {
        token: account.token,
      });
      expect(response.statusCode, response.body).toBe(200);
      return response.json() as PostbackDelivery[];
    },

    async close() {
      await t.close();
      receiver.closeAllConnections();
      await new Promise((resolve) => receiver.close(resolve));
    },
  };
}
