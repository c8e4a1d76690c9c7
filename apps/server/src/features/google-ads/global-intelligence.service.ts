import {
  GLOBAL_INTELLIGENCE_MIN_ACCOUNTS,
  type GlobalIntelligenceEntry,
} from '@veracity/contracts/google-ads';
import type { Services } from '../../services.js';
import type { EventStore } from '../../storage/events/event-store.js';
import { excludedCidrs } from './exclusions.repo.js';
import { findGlobalIntelligence, mainCountry } from './global-intelligence.repo.js';

/**
 * Global intelligence (issue 33, spec 02 §9 global IP types): addresses and /24 ranges Veracity found
 * high risk in at least GLOBAL_INTELLIGENCE_MIN_ACCOUNTS distinct accounts over the last
 * GLOBAL_INTELLIGENCE_DAYS days, anonymised (counts only). Each is typed for the account it is shown to,
 * whose country is the one most of its sessions came from over the same days:
 * - COUNTRY_GOOGLE: that many accounts saw it high risk on Google traffic in the account's country;
 * - COUNTRY_GLOBAL: that many accounts saw it high risk in the account's country, any channel;
 * - GLOBAL_REGULAR: that many accounts saw it high risk, anywhere.
 * An account that opted in (settings.globalIntelligence) gets them added to its exclusions by the
 * exclusion engine, which calls {@link globalIntelligenceFor}.
 */
export const GLOBAL_INTELLIGENCE_DAYS = 30;

export type GlobalIntelligenceItem = Omit<GlobalIntelligenceEntry, 'excluded'>;

/** The list as typed for one account (the exclusion engine's input when the account opted in). */
export async function globalIntelligenceFor(
  events: EventStore,
  relationshipId: number,
  now: Date,
): Promise<GlobalIntelligenceItem[]> {
  const since = new Date(now.getTime() - GLOBAL_INTELLIGENCE_DAYS * 24 * 60 * 60 * 1000);
  const country = await mainCountry(events, relationshipId, since);
  const rows = await findGlobalIntelligence(events, {
    since,
    minAccounts: GLOBAL_INTELLIGENCE_MIN_ACCOUNTS,
    country,
  });
  return rows.map((row) => ({
    cidr: row.cidr,
    type:
      country && row.countryGoogleAccounts >= GLOBAL_INTELLIGENCE_MIN_ACCOUNTS
        ? 'COUNTRY_GOOGLE'
        : country && row.countryAccounts >= GLOBAL_INTELLIGENCE_MIN_ACCOUNTS
          ? 'COUNTRY_GLOBAL'
          : 'GLOBAL_REGULAR',
    accounts: row.accounts,
    lastSeenAt: row.lastSeenAt,
  }));
}

/** GET /global-intelligence: the list, each marked when this account excludes it already. */
export async function globalIntelligence(
  services: Services,
  events: EventStore,
  relationshipId: number,
): Promise<GlobalIntelligenceEntry[]> {
  const [items, excluded] = await Promise.all([
    globalIntelligenceFor(events, relationshipId, services.clock.now()),
    excludedCidrs(services.db, relationshipId),
  ]);
  return items.map((item) => ({ ...item, excluded: excluded.has(item.cidr) }));
}
