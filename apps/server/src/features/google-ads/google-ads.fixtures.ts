import type { Kysely } from 'kysely';
import type { Database } from '../../storage/oltp/schema.js';
import { replaceHierarchy } from './google-ads.repo.js';

/**
 * A Google Ads hierarchy as the callback stores it (through the same repo call), for the suites that
 * test what comes after linking: manager `<prefix>00000000`, client accounts `<prefix>00000001` (Shop:
 * SEARCH `<prefix>1`, PERFORMANCE_MAX `<prefix>2`, SHOPPING `<prefix>3`) and `<prefix>00000002` (Brand,
 * no campaign).
 */
export async function seedHierarchy(
  db: Kysely<Database>,
  relationshipId: number,
  prefix: string,
): Promise<void> {
  const account = (
    customer_id: string,
    name: string,
    is_manager: number,
    manager: string | null,
    level: number,
  ) => ({
    customer_id,
    name,
    manager_customer_id: manager,
    is_manager,
    level,
    currency: 'EUR',
    time_zone: 'Europe/Berlin',
  });
  const campaign = (campaign_id: string, type: string) => ({
    customer_id: `${prefix}00000001`,
    campaign_id,
    name: `${type} ${campaign_id}`,
    type,
    status: 'ENABLED',
  });
  await replaceHierarchy(
    db,
    relationshipId,
    [
      account(`${prefix}00000000`, 'Manager', 1, null, 0),
      account(`${prefix}00000001`, 'Shop', 0, `${prefix}00000000`, 1),
      account(`${prefix}00000002`, 'Brand', 0, `${prefix}00000000`, 1),
    ],
    [
      campaign(`${prefix}1`, 'SEARCH'),
      campaign(`${prefix}2`, 'PERFORMANCE_MAX'),
      campaign(`${prefix}3`, 'SHOPPING'),
    ],
    new Date().toISOString(),
  );
}
