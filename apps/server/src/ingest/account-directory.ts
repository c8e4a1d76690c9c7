import type { Campaign } from '@veracity/contracts/campaigns';
import type { AccountRules } from '@veracity/contracts/detection';
import type { FirewallCampaign, Offer } from '@veracity/contracts/firewall';
import type { SensorSettings } from '@veracity/contracts/sensor-settings';
import type { Kysely } from 'kysely';
import { LRUCache } from 'lru-cache';
import { relationshipOfApiKey } from '../accounts/api-keys.js';
import { readAppLists, recordAppSighting } from '../accounts/app-security.repo.js';
import { findCampaign } from '../accounts/campaigns.repo.js';
import { readDomainValues, readForeignDomainAction } from '../accounts/domain-security.repo.js';
import { findFirewallCampaign } from '../accounts/firewall-campaigns.repo.js';
import { findOffer } from '../accounts/offers.repo.js';
import { findSensorSettings } from '../accounts/sensor-settings.repo.js';
import type { Database } from '../storage/oltp/schema.js';

/** What ingestion needs to know about the account an event belongs to. */
export interface AccountContext {
  relationshipId: number;
  planType: string;
  /** An inactive account's events are refused (403), unless it is inactive for a payment. */
  active: boolean;
  sensorIntegrated: boolean;
  rules: AccountRules;
  /** The JavaScript sensor settings (/setup/security/javascript-settings): exclusion events, cookie-less. */
  sensor: SensorSettings;
}

export interface AccountDirectoryOptions {
  /** How long an account's settings are reused before they are read again. */
  ttlMs?: number;
  clock?: () => number;
}

interface Cached<T> {
  value: T;
  expiresAt: number;
}

const DEFAULT_TTL_MS = 30_000;
const MAX_CACHED = 10_000;

/**
 * Resolves the keys events arrive with (the public sensor key, an S2S API key) to their account, and
 * the account's rules (traffic IP allow and deny lists, excluded referring domains, sensor domains and
 * what a hit outside them becomes), S2S campaigns and the firewall's campaigns and
 * offers. Answers are cached for
 * `ttlMs`, unknown keys included, so the collector reads the accounts store once per key and period,
 * not once per hit; a change in the dashboard reaches the collector within that time.
 */
export class AccountDirectory {
  readonly #db: Kysely<Database>;
  readonly #ttlMs: number;
  readonly #clock: () => number;
  readonly #bySensorKey = new LRUCache<string, Cached<Promise<AccountContext | undefined>>>({
    max: MAX_CACHED,
  });
  readonly #byApiKey = new LRUCache<string, Cached<Promise<AccountContext | undefined>>>({ max: MAX_CACHED });
  readonly #campaigns = new LRUCache<string, Cached<Promise<Campaign | undefined>>>({ max: MAX_CACHED });
  readonly #firewallCampaigns = new LRUCache<string, Cached<Promise<FirewallCampaign | undefined>>>({
    max: MAX_CACHED,
  });
  readonly #offers = new LRUCache<string, Cached<Promise<Offer | undefined>>>({ max: MAX_CACHED });
  /** The sensor and API keys each cached account was reached by, to forget them with it. */
  readonly #keysOf = new Map<number, Set<string>>();

  constructor(db: Kysely<Database>, options: AccountDirectoryOptions = {}) {
    this.#db = db;
    this.#ttlMs = options.ttlMs ?? DEFAULT_TTL_MS;
    this.#clock = options.clock ?? Date.now;
  }

  bySensorKey(key: string): Promise<AccountContext | undefined> {
    return this.#cached(this.#bySensorKey, key, async () => {
      const row = await this.#db
        .selectFrom('relationships')
        .select('id')
        .where('sensor_key', '=', key)
        .executeTakeFirst();
      return row ? this.#loadByKey(row.id, `sensor:${key}`) : undefined;
    });
  }

  byApiKey(key: string): Promise<AccountContext | undefined> {
    return this.#cached(this.#byApiKey, key, async () => {
      const relationshipId = await relationshipOfApiKey(this.#db, key);
      return relationshipId === undefined ? undefined : this.#loadByKey(relationshipId, `api:${key}`);
    });
  }

  /**
   * Forgets what is cached of the account's settings (a dashboard change committed): its next hit on
   * this server reads them again. Its campaigns and offers keep their own cache period.
   */
  forget(relationshipId: number): void {
    const keys = this.#keysOf.get(relationshipId);
    if (!keys) return;
    this.#keysOf.delete(relationshipId);
    for (const key of keys) {
      if (key.startsWith('sensor:')) this.#bySensorKey.delete(key.slice('sensor:'.length));
      else this.#byApiKey.delete(key.slice('api:'.length));
    }
  }

  /** The account by its id (in-process producers such as the first-start demo traffic). */
  byRelationshipId(relationshipId: number): Promise<AccountContext | undefined> {
    return this.#load(relationshipId);
  }

  /** An S2S campaign of the account; undefined when it is not one of the account's. */
  s2sCampaign(account: AccountContext, id: number): Promise<Campaign | undefined> {
    return this.#cached(this.#campaigns, `${account.relationshipId}:${id}`, () =>
      findCampaign(this.#db, account.relationshipId, 's2s', id),
    );
  }

  /** A firewall campaign of the account (the click path's); undefined when it is not one of the account's. */
  firewallCampaign(account: AccountContext, id: number): Promise<FirewallCampaign | undefined> {
    return this.#cached(this.#firewallCampaigns, `${account.relationshipId}:${id}`, () =>
      findFirewallCampaign(this.#db, account.relationshipId, id),
    );
  }

  /** An offer of the account; undefined when it is not one of the account's. */
  offer(account: AccountContext, id: number): Promise<Offer | undefined> {
    return this.#cached(this.#offers, `${account.relationshipId}:${id}`, () =>
      findOffer(this.#db, account.relationshipId, id),
    );
  }

  /** Records the account's first hit: `sensorIntegrated` becomes true, once. */
  async markIntegrated(account: AccountContext): Promise<void> {
    if (account.sensorIntegrated) return;
    account.sensorIntegrated = true;
    await this.#db
      .updateTable('relationships')
      .set({ sensor_integrated: 1 })
      .where('id', '=', account.relationshipId)
      .where('sensor_integrated', '=', 0)
      .execute();
  }

  /** Counts a hit of in-app traffic towards the apps seen in the account's traffic. */
  async recordApp(account: AccountContext, appPackage: string, at: Date): Promise<void> {
    await recordAppSighting(this.#db, account.relationshipId, appPackage, at);
  }

  #loadByKey(relationshipId: number, key: string): Promise<AccountContext | undefined> {
    let keys = this.#keysOf.get(relationshipId);
    if (!keys) {
      keys = new Set();
      this.#keysOf.set(relationshipId, keys);
    }
    keys.add(key);
    return this.#load(relationshipId);
  }

  async #load(relationshipId: number): Promise<AccountContext | undefined> {
    const relationship = await this.#db
      .selectFrom('relationships')
      .select(['id', 'plan_type', 'active', 'payment_url', 'sensor_integrated'])
      .where('id', '=', relationshipId)
      .executeTakeFirst();
    if (!relationship) return undefined;
    const entries = await this.#db
      .selectFrom('ip_list_entries')
      .select(['list', 'value'])
      .where('relationship_id', '=', relationshipId)
      .where('list', 'in', ['traffic_allow', 'traffic_deny'])
      .execute();
    const [domains, foreignDomainAction, apps, sensor] = await Promise.all([
      readDomainValues(this.#db, relationshipId),
      readForeignDomainAction(this.#db, relationshipId),
      readAppLists(this.#db, relationshipId),
      findSensorSettings(this.#db, relationshipId),
    ]);
    return {
      relationshipId,
      planType: relationship.plan_type,
      // An account inactive for a payment (it has a payment link) is still collected and protected
      // (issue 37, spec 01 §2): only its dashboard is closed until it pays.
      active: relationship.active === 1 || relationship.payment_url !== null,
      sensorIntegrated: relationship.sensor_integrated === 1,
      rules: {
        ipAllowList: entries.filter((entry) => entry.list === 'traffic_allow').map((entry) => entry.value),
        ipDenyList: entries.filter((entry) => entry.list === 'traffic_deny').map((entry) => entry.value),
        excludedDomains: domains.excluded_referrer,
        sensorDomains: domains.sensor,
        foreignDomainAction,
        appAllowList: apps.allowed,
        appDenyList: apps.blocked,
      },
      sensor,
    };
  }

  #cached<T>(cache: LRUCache<string, Cached<Promise<T>>>, key: string, load: () => Promise<T>): Promise<T> {
    const now = this.#clock();
    const hit = cache.get(key);
    if (hit && hit.expiresAt > now) return hit.value;
    const value = load();
    cache.set(key, { value, expiresAt: now + this.#ttlMs });
    // A failed read is not remembered: the next event tries again.
    value.catch(() => cache.delete(key));
    return value;
  }
}
