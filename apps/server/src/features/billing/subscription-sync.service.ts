import {
  type BillingCurrency,
  type BillingFrequency,
  type BillingState,
  type PaidPlan,
  parseItemPriceId,
  VISITS_ADDON_ITEM,
} from '@veracity/contracts/billing';
import type { PlanType } from '@veracity/contracts/plans';
import type { FastifyBaseLogger } from 'fastify';
import type { Kysely } from 'kysely';
import { newSecret } from '../../accounts/secrets.js';
import type {
  BillingEvent,
  BillingProvider,
  ItemLine,
  ProviderSubscription,
} from '../../integrations/billing/billing-provider.js';
import type { Clock } from '../../jobs/clock.js';
import type { EventStore } from '../../storage/events/event-store.js';
import type { Database } from '../../storage/oltp/schema.js';
import { audit } from '../account/audit.js';
import {
  findRelationship,
  type RelationshipRecord,
  updateRelationship,
} from '../account/relationships.repo.js';
import { addMember, adminRoleId, createRelationship } from '../account/relationships.service.js';
import { findUserByEmail, insertUser } from '../users/users.repo.js';
import {
  type BillingAccountRow,
  billingAccountByCustomer,
  billingAccountOf,
  claimSignup,
  eventSeen,
  insertBillingAccount,
  recordEvent,
  signupByCustomer,
  updateBillingAccount,
} from './billing.repo.js';
import { monthlyVisitsOf, visitsThisMonth } from './plan-usage.js';

/**
 * The one place a plan changes (issue 37): a subscription re-read from the provider decides the
 * account's plan, visits add-ons, and whether it is active. Webhooks, checkout finishes and the plan
 * sign-up all end here, so events repeated or out of order cannot leave an older state behind.
 */
export interface BillingDeps {
  db: Kysely<Database>;
  /** Where the account's visits are counted against its plan (plan-usage.ts). */
  events: EventStore;
  clock: Clock;
  provider: BillingProvider;
  log: FastifyBaseLogger;
  /** The link an inactive account's users pay from (its path carries the account's payment token). */
  paymentLink: (token: string) => string;
}

const PLAN_RANK: Record<PaidPlan, number> = { lite: 1, pro: 2, max: 3 };
export function isDowngrade(from: string | null, to: PaidPlan): boolean {
  return from === 'lite' || from === 'pro' || from === 'max' ? PLAN_RANK[to] < PLAN_RANK[from] : false;
}

interface ItemsRead {
  plan: PaidPlan | null;
  currency: BillingCurrency | null;
  frequency: BillingFrequency | null;
  visitsAddons: number;
}

export function readItems(items: readonly ItemLine[]): ItemsRead {
  const read: ItemsRead = { plan: null, currency: null, frequency: null, visitsAddons: 0 };
  for (const line of items) {
    const parsed = parseItemPriceId(line.itemPriceId);
    if (!parsed) continue;
    if (parsed.item === VISITS_ADDON_ITEM) {
      read.visitsAddons += line.quantity;
    } else {
      read.plan = parsed.item;
      read.currency = parsed.currency;
      read.frequency = parsed.frequency;
    }
  }
  return read;
}

function iso(seconds: number | null): string | null {
  return seconds === null ? null : new Date(seconds * 1000).toISOString();
}

/** A new account's billing row, with the token of its payment link. */
export function newBillingAccount(relationshipId: number, provider: string, customerId: string) {
  const now = new Date().toISOString();
  return {
    relationship_id: relationshipId,
    provider,
    customer_id: customerId,
    payment_token: newSecret(24),
    created_at: now,
    updated_at: now,
  };
}

/**
 * A plan sign-up whose subscription now exists: its account (with the plan's admin, whose address the
 * paid checkout confirmed) is created once, whichever of the checkout finish and the webhook comes
 * first. Returns the account's billing row, or undefined when the sign-up cannot complete.
 */
async function completeSignup(
  deps: BillingDeps,
  customerId: string,
  plan: PlanType,
): Promise<BillingAccountRow | undefined> {
  const signup = await signupByCustomer(deps.db, customerId);
  if (!signup || signup.completed_at) return billingAccountByCustomer(deps.db, customerId);
  if (await findUserByEmail(deps.db, signup.email)) {
    deps.log.error({ customerId }, 'billing: a paid sign-up names an address that has an account meanwhile');
    return undefined;
  }
  const completed = await deps.db
    .transaction()
    .execute(async (trx) => {
      const relationshipId = await createRelationship(trx, {
        companyName: signup.company_name,
        planType: plan,
        timezone: signup.timezone,
      });
      const userId = await insertUser(trx, {
        email: signup.email,
        firstName: signup.first_name,
        jobTitle: null,
        passwordHash: signup.password_hash,
        emailVerified: true,
        timezone: signup.timezone,
      });
      await addMember(trx, { userId, relationshipId, roleIds: [await adminRoleId(trx)], joined: true });
      const claimed = await claimSignup(trx, customerId, {
        relationshipId,
        userId,
        at: new Date().toISOString(),
      });
      if (!claimed) throw new SignupTakenError();
      await insertBillingAccount(trx, newBillingAccount(relationshipId, deps.provider.name, customerId));
      return true;
    })
    .catch((error: unknown) => {
      if (error instanceof SignupTakenError) return false;
      throw error;
    });
  if (!completed) deps.log.info({ customerId }, 'billing: the sign-up was completed by another request');
  return billingAccountByCustomer(deps.db, customerId);
}

class SignupTakenError extends Error {}

/** Re-reads a subscription and applies it to its account; returns the account id, if any. */
export async function syncSubscription(deps: BillingDeps, subscriptionId: string): Promise<number | null> {
  const subscription = await deps.provider.subscription(subscriptionId);
  if (!subscription) {
    deps.log.warn({ subscriptionId }, 'billing: the provider knows no such subscription');
    return null;
  }
  const items = readItems(subscription.items);
  const plan: PlanType = subscription.status === 'cancelled' || !items.plan ? 'free_trial' : items.plan;
  const account =
    (await billingAccountByCustomer(deps.db, subscription.customerId)) ??
    (await completeSignup(deps, subscription.customerId, plan));
  if (!account) {
    deps.log.warn({ subscriptionId }, 'billing: a subscription of no Veracity account');
    return null;
  }
  await applySubscription(deps, account, subscription, plan, items);
  return account.relationship_id;
}

async function applySubscription(
  deps: BillingDeps,
  account: BillingAccountRow,
  subscription: ProviderSubscription,
  plan: PlanType,
  items: ItemsRead,
): Promise<void> {
  const relationship = await findRelationship(deps.db, account.relationship_id);
  if (!relationship) return;
  const paying = subscription.dueInvoices === 0 && subscription.status !== 'paused';
  const scheduled = subscription.scheduledItems ? readItems(subscription.scheduledItems).plan : null;
  await deps.db.transaction().execute(async (trx) => {
    await updateBillingAccount(trx, account.relationship_id, {
      subscription_id: subscription.id,
      status: subscription.status,
      plan,
      currency: items.currency,
      frequency: items.frequency,
      visits_addons: items.visitsAddons,
      scheduled_plan: scheduled !== plan ? scheduled : null,
      next_billing_at: iso(subscription.nextBillingAt),
      due_invoices: subscription.dueInvoices,
      updated_at: new Date().toISOString(),
    });
    await updateRelationship(trx, account.relationship_id, {
      plan_type: plan,
      // A cancelled subscription leaves the account on an expired free plan: the plans screen opens.
      trial_expires_at:
        plan === 'free_trial' ? (relationship.trialExpiresAt ?? new Date().toISOString()) : null,
      active: paying ? 1 : 0,
      payment_url: paying ? null : deps.paymentLink(account.payment_token),
    });
    if (relationship.planType !== plan || relationship.active !== paying) {
      await audit(trx, {
        actorUserId: null,
        relationshipId: account.relationship_id,
        action: 'billing.subscription_applied',
        detail: {
          plan: { from: relationship.planType, to: plan },
          active: { from: relationship.active, to: paying },
          subscriptionId: subscription.id,
        },
      });
    }
  });
  if (relationship.planType !== plan || relationship.active !== paying) {
    deps.log.info(
      { relationshipId: account.relationship_id, plan, active: paying },
      'billing: the account follows its subscription',
    );
  }
}

/**
 * A provider's event (a webhook, or the built-in provider's own): handled once by its id; it only
 * names the subscription to re-read. Events that name none (a customer's details) are recorded.
 */
export async function handleBillingEvent(
  deps: BillingDeps,
  event: BillingEvent,
): Promise<'handled' | 'repeated'> {
  if (await eventSeen(deps.db, event.id)) return 'repeated';
  let subscriptionId = event.subscriptionId;
  if (!subscriptionId && event.customerId) {
    subscriptionId = (await billingAccountByCustomer(deps.db, event.customerId))?.subscription_id ?? null;
  }
  if (subscriptionId) await syncSubscription(deps, subscriptionId);
  await recordEvent(deps.db, { eventId: event.id, provider: deps.provider.name, eventType: event.eventType });
  return 'handled';
}

/** The account's billing as the plans screen shows it, with this month's visits against the plan. */
export async function billingState(
  deps: Pick<BillingDeps, 'db' | 'events' | 'clock'>,
  relationship: RelationshipRecord,
): Promise<BillingState> {
  const [account, visits] = await Promise.all([
    billingAccountOf(deps.db, relationship.id),
    visitsThisMonth(deps.events, relationship, deps.clock.now()),
  ]);
  const addons = account?.visits_addons ?? 0;
  return {
    planType: relationship.planType,
    subscriptionId: account?.subscription_id ?? null,
    status: (account?.status as BillingState['status']) ?? null,
    currency: (account?.currency as BillingCurrency | null) ?? null,
    frequency: (account?.frequency as BillingFrequency | null) ?? null,
    numVisitsAddons: addons,
    monthlyVisits: monthlyVisitsOf(relationship.planType, addons),
    visitsThisMonth: visits,
    scheduledPlan: (account?.scheduled_plan as PaidPlan | null) ?? null,
    nextBillingAt: account?.next_billing_at ?? null,
    active: relationship.active,
  };
}
