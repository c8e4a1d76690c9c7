import type { DemoAccount } from '@veracity/simulator/demo-traffic';
import type { Kysely } from 'kysely';
import type { Database } from '../../storage/oltp/schema.js';
import { createRelationship } from '../account/relationships.service.js';

/** The demo account's vertical: the industry its benchmark compares it with. */
export const DEMO_VERTICAL = 'Ecommerce';

/**
 * The demo's anonymous peers (issue 39): four accounts of its vertical with light traffic of their
 * own, so that its benchmark (at least BENCHMARK_MIN_ACCOUNTS accounts a cell) has an industry to
 * show on a fresh start. They have no members and no features; their traffic goes through the same
 * first-start history as the demo's (`demo-traffic.ts`), with fixed ids, so an interrupted run
 * finishes them as it finishes the rest.
 */
export const DEMO_PEERS: readonly ({ companyName: string } & Required<
  Pick<DemoAccount, 'visitsPerDay' | 'botShare'>
>)[] = [
  { companyName: 'Alder Goods', visitsPerDay: 30, botShare: 0.08 },
  { companyName: 'Birch Supply', visitsPerDay: 24, botShare: 0.18 },
  { companyName: 'Cedar Market', visitsPerDay: 36, botShare: 0.3 },
  { companyName: 'Dune Outfitters', visitsPerDay: 30, botShare: 0.45 },
];

/** Creates the demo's peers; returns their relationship ids (their history is scheduled with the demo's). */
export async function createDemoPeers(db: Kysely<Database>): Promise<number[]> {
  return db.transaction().execute(async (trx) => {
    const ids: number[] = [];
    for (const peer of DEMO_PEERS) {
      ids.push(
        await createRelationship(trx, {
          companyName: peer.companyName,
          planType: 'custom',
          vertical: DEMO_VERTICAL,
          sensorIntegrated: true,
        }),
      );
    }
    return ids;
  });
}

/** What shapes a peer's history beyond its seed; undefined for an account that is not one. */
export function demoPeerTraffic(relationship: {
  companyName: string;
  vertical: string | null;
}): Pick<DemoAccount, 'visitsPerDay' | 'botShare'> | undefined {
  if (relationship.vertical !== DEMO_VERTICAL) return undefined;
  const peer = DEMO_PEERS.find((entry) => entry.companyName === relationship.companyName);
  return peer ? { visitsPerDay: peer.visitsPerDay, botShare: peer.botShare } : undefined;
}
