import {
  SEEN_DOMAINS_DAYS,
  SEEN_DOMAINS_LIMIT,
  type SeenDomains,
  type SeenHost,
} from '@veracity/contracts/domain-security';
import type { EventStore } from '../../storage/events/event-store.js';
import { sql } from '../../storage/events/sql.js';

const DAY_MS = 24 * 60 * 60_000;

type Row = { host: string; hits: number };

/**
 * The hosts of the account's hits of the last 30 days, most hits first (at most 100 a kind): the pages'
 * (where the sensor ran) and the referrers'. Hits without a host (no referrer, an unparsable URL) are
 * left out.
 */
export async function seenDomains(
  events: EventStore,
  relationshipId: number,
  now: Date = new Date(),
): Promise<SeenDomains> {
  const from = new Date(now.getTime() - SEEN_DOMAINS_DAYS * DAY_MS);
  const top = async (column: 'url' | 'referrer'): Promise<SeenHost[]> => {
    const rows = await events.query<Row>(
      (d) => sql`select host, count(*) as hits from (
          select ${d.urlHost(column)} as host from hits
          where relationship_id = ${relationshipId} and ts >= ${from}
        ) as seen
        where host <> ''
        group by host
        order by hits desc, host
        limit ${SEEN_DOMAINS_LIMIT}`,
    );
    return rows.map((row) => ({ host: row.host, hits: Number(row.hits) }));
  };
  const [pages, referrers] = await Promise.all([top('url'), top('referrer')]);
  return { days: SEEN_DOMAINS_DAYS, pages, referrers };
}
