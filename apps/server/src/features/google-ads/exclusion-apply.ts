import type { ProtectionMode } from '@veracity/contracts/google-ads';
import type { Kysely } from 'kysely';
import type {
  GoogleAdsApi,
  GoogleAdsCaller,
  GoogleAdsIpBlock,
  GoogleAdsMutation,
  GoogleAdsOperationResult,
} from '../../integrations/google-ads/google-ads-api.js';
import type { Database } from '../../storage/oltp/schema.js';
import {
  type EntryKey,
  insertLogLines,
  type NewLogLine,
  type StoredEntryRow,
  saveEntry,
  updateEntry,
} from './exclusion-sync.repo.js';
import type { ExclusionPlan, PlannedAdd, PlannedRemoval } from './exclusions/exclusion-plan-types.js';
import { formatPrefix, parsePrefix } from './exclusions/ip-prefixes.js';

/**
 * Carries out one account's exclusion plan in its protection mode (docs/integrations/google-ads.md,
 * "What is pushed and when"): detection stores what would be excluded, dry run has Google validate
 * each operation (validateOnly) and changes nothing there, protection mutates with partialFailure.
 * Each operation's row and log line are written right after Google's answer for it, so a run cut
 * short leaves the rows of what was done; the next run reads Google's blocks first (remote truth).
 */

/** Operations per mutate request (Google takes up to 10,000; smaller requests fail smaller). */
const MUTATE_BATCH = 1000;
/** The mark of a removal planned or validated, not pushed (detection and dry run): logged once. */
const PENDING_REMOVAL = 'pending removal: ';

export interface ApplyContext {
  db: Kysely<Database>;
  api: GoogleAdsApi;
  relationshipId: number;
  mode: ProtectionMode;
  now: string;
  /** Stored rows by {@link entryKeyText}. */
  stored: Map<string, StoredEntryRow>;
  /** Google's IP blocks of each customer, by {@link entryKeyText} (read in every mode but detection). */
  remote: Map<string, Map<string, GoogleAdsIpBlock>>;
  /** Runs a Google call with a valid caller for the customer (renewing a refused token once). */
  call<T>(customerId: string, fn: (caller: GoogleAdsCaller) => Promise<T>): Promise<T>;
}

export interface ApplyResult {
  added: number;
  removed: number;
  failed: number;
  logged: number;
}

export function entryKeyText(customerId: string, campaignId: string | null, cidr: string): string {
  return `${customerId}\t${campaignId ?? ''}\t${canonicalCidr(cidr)}`;
}

/** An address without /32 or /128, a range with its network address (as the planner writes them). */
export function canonicalCidr(text: string): string {
  const parsed = parsePrefix(text);
  return parsed ? formatPrefix(parsed) : text;
}

function keyOf(target: { customerId: string; campaignId: string | null; cidr: string }): EntryKey {
  return { customerId: target.customerId, campaignId: target.campaignId ?? '', cidr: target.cidr };
}

function logLine(
  context: ApplyContext,
  action: 'add' | 'remove',
  item: PlannedAdd | PlannedRemoval,
  outcome: NewLogLine['outcome'],
  error: string | null = null,
): NewLogLine {
  return {
    at: context.now,
    action,
    mode: context.mode,
    outcome,
    customer_id: item.customerId,
    campaign_id: item.campaignId ?? '',
    cidr: item.cidr,
    ip_type: item.type,
    reason: item.detail,
    threats: JSON.stringify(item.threats),
    error,
  };
}

const failureText = (result: Extract<GoogleAdsOperationResult, { ok: false }>) =>
  `${result.code}: ${result.message}`.slice(0, 500);

async function mutateAll(
  context: ApplyContext,
  customerId: string,
  operations: readonly GoogleAdsMutation[],
  validateOnly: boolean,
  onBatch: (from: number, results: GoogleAdsOperationResult[]) => Promise<void>,
): Promise<void> {
  for (let start = 0; start < operations.length; start += MUTATE_BATCH) {
    const batch = operations.slice(start, start + MUTATE_BATCH);
    const results = await context.call(customerId, (caller) =>
      context.api.mutateIpBlocks(caller, customerId, batch, { validateOnly }),
    );
    await onBatch(start, results);
  }
}

function entryValues(
  context: ApplyContext,
  add: PlannedAdd,
  state: StoredEntryRow['state'],
  extra: { resourceName: string | null; attempts: number; error: string | null },
) {
  const before = context.stored.get(entryKeyText(add.customerId, add.campaignId, add.cidr));
  return {
    ip_type: add.type,
    state,
    resource_name: extra.resourceName,
    // A returning IP starts a new period; a retried one keeps the time it was first planned.
    added_at: before && before.state !== 'removed' ? before.added_at : context.now,
    expires_at: add.expiresAt,
    last_invalid_at: add.lastInvalidAt,
    invalid_sessions: add.invalidSessions,
    threats: JSON.stringify(add.threats),
    attempts: extra.attempts,
    last_error: extra.error,
    updated_at: context.now,
  };
}

async function applyRemovals(
  context: ApplyContext,
  customerId: string,
  removals: readonly PlannedRemoval[],
  result: ApplyResult,
): Promise<void> {
  const lines: NewLogLine[] = [];
  const toPush: Array<{ removal: PlannedRemoval; resourceName: string }> = [];
  const remote = context.remote.get(customerId);
  for (const removal of removals) {
    const key = keyOf(removal);
    const block = remote?.get(entryKeyText(customerId, removal.campaignId, removal.cidr));
    const inGoogle = removal.state === 'active' || block !== undefined;
    if (context.mode === 'protection' && inGoogle && block) {
      toPush.push({ removal, resourceName: block.resourceName });
      continue;
    }
    if (context.mode !== 'protection' && inGoogle) {
      // Stays in Google until protection removes it: the row stays active, the log says it once.
      const mark = `${PENDING_REMOVAL}${removal.reason}`;
      const row = context.stored.get(entryKeyText(customerId, removal.campaignId, removal.cidr));
      if (row?.last_error === mark) continue;
      let outcome: NewLogLine['outcome'] = 'planned';
      let error: string | null = null;
      if (context.mode === 'dry_run' && block) {
        const [answer] = await context.call(customerId, (caller) =>
          context.api.mutateIpBlocks(
            caller,
            customerId,
            [{ kind: 'remove', resourceName: block.resourceName }],
            {
              validateOnly: true,
            },
          ),
        );
        outcome = answer?.ok ? 'validated' : 'failed';
        if (answer && !answer.ok) error = failureText(answer);
      }
      await updateEntry(context.db, context.relationshipId, key, {
        last_error: mark,
        updated_at: context.now,
      });
      lines.push(logLine(context, 'remove', removal, outcome, error));
      continue;
    }
    // Not in Google (planned, failed, or already gone there): only the row changes.
    await updateEntry(context.db, context.relationshipId, key, {
      state: 'removed',
      resource_name: null,
      last_error: null,
      updated_at: context.now,
    });
    result.removed += 1;
    lines.push(logLine(context, 'remove', removal, context.mode === 'protection' ? 'applied' : 'planned'));
  }
  await insertLogLines(context.db, context.relationshipId, lines);
  result.logged += lines.length;
  await mutateAll(
    context,
    customerId,
    toPush.map(({ resourceName }): GoogleAdsMutation => ({ kind: 'remove', resourceName })),
    false,
    async (from, answers) => {
      const batchLines: NewLogLine[] = [];
      for (const [offset, answer] of answers.entries()) {
        const item = toPush[from + offset];
        if (!item) continue;
        const key = keyOf(item.removal);
        const row = context.stored.get(entryKeyText(customerId, item.removal.campaignId, item.removal.cidr));
        if (answer.ok) {
          await updateEntry(context.db, context.relationshipId, key, {
            state: 'removed',
            resource_name: null,
            last_error: null,
            updated_at: context.now,
          });
          result.removed += 1;
          batchLines.push(logLine(context, 'remove', item.removal, 'applied'));
        } else {
          await updateEntry(context.db, context.relationshipId, key, {
            attempts: (row?.attempts ?? 0) + 1,
            last_error: failureText(answer),
            updated_at: context.now,
          });
          result.failed += 1;
          batchLines.push(logLine(context, 'remove', item.removal, 'failed', failureText(answer)));
        }
      }
      await insertLogLines(context.db, context.relationshipId, batchLines);
      result.logged += batchLines.length;
    },
  );
}

async function applyAdds(
  context: ApplyContext,
  customerId: string,
  adds: readonly PlannedAdd[],
  result: ApplyResult,
): Promise<void> {
  const lines: NewLogLine[] = [];
  const toPush: PlannedAdd[] = [];
  const remote = context.remote.get(customerId);
  for (const add of adds) {
    const textKey = entryKeyText(customerId, add.campaignId, add.cidr);
    const before = context.stored.get(textKey);
    const block = remote?.get(textKey);
    if (context.mode === 'protection' && block) {
      // Already in Google (a run cut short between Google's answer and its rows): record, push nothing.
      await saveEntry(
        context.db,
        context.relationshipId,
        keyOf(add),
        entryValues(context, add, 'active', {
          resourceName: block.resourceName,
          attempts: before?.attempts ?? 0,
          error: null,
        }),
      );
      result.added += 1;
      lines.push(logLine(context, 'add', add, 'applied'));
    } else if (context.mode === 'detection') {
      await saveEntry(
        context.db,
        context.relationshipId,
        keyOf(add),
        entryValues(context, add, 'planned', { resourceName: null, attempts: 0, error: null }),
      );
      result.added += 1;
      lines.push(logLine(context, 'add', add, 'planned'));
    } else toPush.push(add);
  }
  await insertLogLines(context.db, context.relationshipId, lines);
  result.logged += lines.length;
  const validateOnly = context.mode === 'dry_run';
  await mutateAll(
    context,
    customerId,
    toPush.map(
      (add): GoogleAdsMutation =>
        add.campaignId === null
          ? { kind: 'add_account_ip_block', ipAddress: add.cidr }
          : { kind: 'add_campaign_ip_block', campaignId: add.campaignId, ipAddress: add.cidr },
    ),
    validateOnly,
    async (from, answers) => {
      const batchLines: NewLogLine[] = [];
      for (const [offset, answer] of answers.entries()) {
        const add = toPush[from + offset];
        if (!add) continue;
        const before = context.stored.get(entryKeyText(customerId, add.campaignId, add.cidr));
        const attempts = (before && before.state !== 'removed' ? before.attempts : 0) + 1;
        if (answer.ok) {
          const state = validateOnly ? 'planned' : 'active';
          const resourceName = validateOnly ? null : answer.resourceName;
          await saveEntry(
            context.db,
            context.relationshipId,
            keyOf(add),
            entryValues(context, add, state, { resourceName, attempts, error: null }),
          );
          result.added += 1;
          batchLines.push(logLine(context, 'add', add, validateOnly ? 'validated' : 'applied'));
        } else {
          await saveEntry(
            context.db,
            context.relationshipId,
            keyOf(add),
            entryValues(context, add, 'failed', { resourceName: null, attempts, error: failureText(answer) }),
          );
          result.failed += 1;
          batchLines.push(logLine(context, 'add', add, 'failed', failureText(answer)));
        }
      }
      await insertLogLines(context.db, context.relationshipId, batchLines);
      result.logged += batchLines.length;
    },
  );
}

/** Removals first (they free room on full lists), then adds, customer by customer; then the updates. */
export async function applyPlan(context: ApplyContext, plan: ExclusionPlan): Promise<ApplyResult> {
  const result: ApplyResult = { added: 0, removed: 0, failed: 0, logged: 0 };
  const customers = [...new Set([...plan.removals, ...plan.adds].map((item) => item.customerId))].sort();
  for (const customerId of customers) {
    await applyRemovals(
      context,
      customerId,
      plan.removals.filter((removal) => removal.customerId === customerId),
      result,
    );
    await applyAdds(
      context,
      customerId,
      plan.adds.filter((add) => add.customerId === customerId),
      result,
    );
  }
  for (const update of plan.updates) {
    await updateEntry(context.db, context.relationshipId, keyOf(update), {
      ip_type: update.type,
      expires_at: update.expiresAt,
      last_invalid_at: update.lastInvalidAt,
      invalid_sessions: update.invalidSessions,
      threats: JSON.stringify(update.threats),
      updated_at: context.now,
    });
  }
  return result;
}
