import { randomBytes } from 'node:crypto';
import {
  DEFAULT_SECURITY_SETTINGS,
  type FirewallCampaign,
  firewallClickLink,
  type Offer,
  type SecuritySettings,
} from '@veracity/contracts/firewall';
import { insertFirewallCampaign } from '../accounts/firewall-campaigns.repo.js';
import { insertOffer } from '../accounts/offers.repo.js';
import { insertTrafficSource } from '../accounts/traffic-sources.repo.js';
import { createFirewallTenant } from './firewall-fixtures.js';
import type { Tenant } from './fixtures.js';
import { CHROME, HOME_IP } from './ingest-fixtures.js';
import type { TestApp } from './test-app.js';

/** Amazon, Frankfurt: a hosting address. */
export const AWS_IP = '3.120.10.10';
/** What Chrome sends when a person follows a link to another site. */
export const NAVIGATION = {
  'user-agent': CHROME,
  'accept-language': 'es-ES,es;q=0.9,en;q=0.8',
  'sec-ch-ua': '"Chromium";v="142", "Google Chrome";v="142", "Not.A/Brand";v="99"',
  'sec-ch-ua-mobile': '?0',
  'sec-ch-ua-platform': '"Windows"',
  'sec-fetch-site': 'cross-site',
  'sec-fetch-mode': 'navigate',
  'sec-fetch-dest': 'document',
  'sec-fetch-user': '?1',
  referer: 'https://news.example/article',
};
/** A landing URL with every landing macro but the vars between 1 and 20. */
export const LANDING =
  'https://offer.example/lp?cid={clickid}&ext={external_id}&c={campaign_id}&o={offer_id}&s={traffic_source_id}&sub={sub_publisher}&v1={var1}&v20={var20}&cc={country}&d={device}&os={os}';
export const SAFE_PAGE = 'https://safe.example/page';

/** A firewall account with its sensor key, an offer (LANDING, no targeting) and a traffic source. */
export interface FirewallAccount {
  tenant: Tenant;
  sensorKey: string;
  offer: Offer;
  trafficSourceId: number;
}

export async function firewallAccount(t: TestApp, company: string): Promise<FirewallAccount> {
  const tenant = await createFirewallTenant(t, { company });
  const db = t.stores.accounts.db;
  const { sensor_key: sensorKey } = await db
    .selectFrom('relationships')
    .select('sensor_key')
    .where('id', '=', tenant.relationshipId)
    .executeTakeFirstOrThrow();
  const offer = await insertOffer(db, tenant.relationshipId, {
    name: 'Offer',
    active: true,
    hidden: false,
    landingUrl: LANDING,
    targeting: { countries: [], devices: [], os: [], carriers: [] },
    labelIds: [],
  });
  const source = await insertTrafficSource(db, tenant.relationshipId, {
    name: 'Source',
    active: true,
    hidden: false,
    postbackUrl: null,
    allowedPostbackAddresses: [],
    labelIds: [],
  });
  return { tenant, sensorKey, offer, trafficSourceId: source.id };
}

/** A firewall campaign of the account, to its offer and from its source unless told. */
export function firewallCampaign(
  t: TestApp,
  account: FirewallAccount,
  changes: { security?: Partial<SecuritySettings>; active?: boolean; offerId?: number | null } = {},
): Promise<FirewallCampaign> {
  return insertFirewallCampaign(t.stores.accounts.db, account.tenant.relationshipId, {
    name: `Campaign ${randomBytes(3).toString('hex')}`,
    active: changes.active ?? true,
    hidden: false,
    googleAccountId: null,
    googleCampaignId: null,
    googleCampaignType: null,
    offerId: changes.offerId === undefined ? account.offer.id : changes.offerId,
    trafficSourceId: account.trafficSourceId,
    security: { ...DEFAULT_SECURITY_SETTINGS, ...changes.security },
    labelIds: [],
  });
}

/** The click link's path and query (`firewallClickLink`), with the parameters a traffic source filled. */
export function clickLink(
  account: FirewallAccount,
  campaignId: number,
  params: Record<string, string> = {},
): string {
  const base = firewallClickLink({
    serverUrl: '',
    sensorPath: '/c',
    sensorKey: account.sensorKey,
    campaignId,
    sourceParams: {},
  });
  const query = new URLSearchParams(params).toString();
  return query ? `${base}&${query}` : base;
}

/** A GET as a visitor's browser makes it: from a residential address with navigation headers unless told. */
export function visit(
  t: TestApp,
  url: string,
  options: { ip?: string; headers?: Record<string, string> } = {},
) {
  return t.app.inject({
    method: 'GET',
    url,
    remoteAddress: options.ip ?? HOME_IP,
    headers: options.headers ?? NAVIGATION,
  });
}
