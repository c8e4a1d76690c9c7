import { randomUUID } from 'node:crypto';
import type { AccountChanges } from '../accounts/account-changes.js';
import type { SharedState } from './shared-state.js';

/**
 * Carries the account changes made on each server to every other one, on a Redis channel: a saved
 * setting reaches the next hit on any server, not only on the one that saved it. A message names the
 * account and the server that sent it (which ignores its own). Pub/sub delivers at most once: a server
 * that was disconnected when a change was published reads it when its account cache expires
 * (`INGEST_ACCOUNT_CACHE_SECONDS`), as before.
 */
export function shareAccountChanges(changes: AccountChanges, shared: SharedState): void {
  const channel = `${shared.prefix}account-changes`;
  const origin = randomUUID();
  const subscription = shared.subscriber();
  subscription.on('message', (from: string, message: string) => {
    if (from !== channel) return;
    const heard = readMessage(message);
    if (heard && heard.origin !== origin) changes.heard(heard.relationshipId);
  });
  // Not awaited: a server starts while Redis is away; the subscription is made once it connects.
  subscription.subscribe(channel).catch((error: unknown) => shared.failed('account changes', error));
  changes.announceWith((relationshipId) => {
    shared.redis
      .publish(channel, JSON.stringify({ origin, relationshipId }))
      .catch((error: unknown) => shared.failed('account changes', error));
  });
}

function readMessage(message: string): { origin: string; relationshipId: number } | undefined {
  try {
    const parsed = JSON.parse(message) as { origin?: unknown; relationshipId?: unknown };
    if (typeof parsed.origin !== 'string' || !Number.isSafeInteger(parsed.relationshipId)) return undefined;
    return { origin: parsed.origin, relationshipId: parsed.relationshipId as number };
  } catch {
    return undefined;
  }
}
