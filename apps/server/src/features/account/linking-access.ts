import { isViewVisible } from '@veracity/contracts/plans';
import type { ViewId } from '@veracity/contracts/views';
import type { Kysely } from 'kysely';
import type { Database } from '../../storage/oltp/schema.js';
import { findRelationship, permissionsOf } from './relationships.repo.js';

/**
 * Whether the person who started an OAuth round trip may still link when its callback comes (it
 * carries no session): the account active and not the demo, the integration's view in its plan and
 * features, and their account_manage_integrations permission.
 */
export async function mayStillLink(
  db: Kysely<Database>,
  who: { relationship_id: number; user_id: number },
  view: ViewId,
): Promise<boolean> {
  const relationship = await findRelationship(db, who.relationship_id);
  const permissions = await permissionsOf(db, who.user_id, who.relationship_id);
  return (
    relationship?.active === true &&
    relationship.planType !== 'demo' &&
    isViewVisible(view, relationship.planType, relationship.accountFeatures) &&
    permissions.has('account_manage_integrations')
  );
}
