import { isBusinessEmail } from '@veracity/contracts/auth';
import {
  type CheckoutBody,
  type GuestCheckoutBody,
  type HostedPage,
  itemPriceId,
  type PortalSession,
  SIGNUPS_UNAVAILABLE,
  VISITS_ADDON_ITEM,
} from '@veracity/contracts/billing';
import { HTTP_STATUS } from '@veracity/contracts/errors';
import { hashPassword, newSecret, verifyPassword } from '../../accounts/secrets.js';
import type { AccountAuthContext } from '../../http/access.js';
import { ApiError } from '../../http/api-error.js';
import {
  BillingRequestError,
  BillingUnavailableError,
  type HostedPageResult,
  type ItemLine,
} from '../../integrations/billing/billing-provider.js';
import { findRelationship } from '../account/relationships.repo.js';
import { createSession } from '../auth/sessions.repo.js';
import { findUserByEmail, findUserById, normaliseEmail } from '../users/users.repo.js';
import {
  billingAccountByPaymentToken,
  billingAccountOf,
  insertBillingAccount,
  insertSignup,
  signupByCustomer,
} from './billing.repo.js';
import {
  type BillingDeps,
  billingState,
  isDowngrade,
  newBillingAccount,
  syncSubscription,
} from './subscription-sync.service.js';

/**
 * Checkouts, the portal and the payment link (issue 37, spec 01 §4, §7). Every grant of a plan goes
 * through a re-read of the hosted page and then of its subscription (subscription-sync.service.ts);
 * nothing the browser says about a payment is believed.
 */
export interface BillingServiceDeps extends BillingDeps {
  /** BILLING_SIGNUPS=closed: the plan sign-up answers 503. */
  signupsOpen: boolean;
}

export interface ClientInfo {
  ip: string;
  userAgent: string | null;
}

const unavailable = () => new ApiError(HTTP_STATUS.SERVICE_UNAVAILABLE, SIGNUPS_UNAVAILABLE);

/** Runs a provider call: unreachable is 503 with the spec's text, a refusal 400 with its message. */
async function withProvider<T>(deps: BillingDeps, call: () => Promise<T>): Promise<T> {
  try {
    return await call();
  } catch (error) {
    if (error instanceof BillingUnavailableError) {
      deps.log.warn({ err: error.message }, 'billing: the provider is unreachable');
      throw unavailable();
    }
    if (error instanceof BillingRequestError) {
      deps.log.warn({ err: error.message, status: error.status }, 'billing: the provider refused a request');
      throw ApiError.badRequest('The billing provider refused the request');
    }
    throw error;
  }
}

function lines(body: CheckoutBody): ItemLine[] {
  const items = [{ itemPriceId: itemPriceId(body.plan, body.currency, body.frequency), quantity: 1 }];
  if (body.numVisitsAddons > 0) {
    items.push({
      itemPriceId: itemPriceId(VISITS_ADDON_ITEM, body.currency, body.frequency),
      quantity: body.numVisitsAddons,
    });
  }
  return items;
}

const newCustomerId = () => `vc_${newSecret(12)}`;

/** POST /billing/guest-checkout: checks the sign-up as /auth/validate-signup does, opens the checkout. */
export async function guestCheckout(
  deps: BillingServiceDeps,
  body: GuestCheckoutBody,
  returnUrl: string,
): Promise<HostedPage> {
  if (!deps.signupsOpen) throw unavailable();
  const fields = body.signupFields;
  if (!isBusinessEmail(fields.email)) {
    throw ApiError.badRequest([{ code: 'BUSINESS_EMAIL_REQUIRED', field: 'email' }]);
  }
  if (await findUserByEmail(deps.db, fields.email)) {
    throw ApiError.conflict([{ code: 'USER_ALREADY_EXISTS', field: 'email' }]);
  }
  const customerId = newCustomerId();
  await insertSignup(deps.db, {
    customer_id: customerId,
    provider: deps.provider.name,
    email: normaliseEmail(fields.email),
    first_name: fields.firstName,
    company_name: fields.companyName,
    password_hash: await hashPassword(fields.password),
    timezone: fields.timezone ?? 'UTC',
    relationship_id: null,
    user_id: null,
    created_at: new Date().toISOString(),
    completed_at: null,
  });
  const query = new URLSearchParams({
    plan: body.plan,
    currency: body.currency,
    frequency: body.frequency,
    numVisitsAddons: String(body.numVisitsAddons),
  });
  return withProvider(deps, () =>
    deps.provider.checkoutNew({
      customerId,
      email: fields.email,
      firstName: fields.firstName,
      company: fields.companyName,
      items: lines(body),
      redirectUrl: `${returnUrl}/auth/signup-plan?${query}`,
    }),
  );
}

/** The re-read page, which must be paid; 404 when unknown, 409 while not paid. */
async function paidPage(deps: BillingDeps, hostedPageId: string): Promise<HostedPageResult> {
  const result = await withProvider(deps, () => deps.provider.hostedPage(hostedPageId));
  if (!result) throw ApiError.notFound('No such checkout');
  if (result.page.state !== 'succeeded' && result.page.state !== 'acknowledged') {
    throw ApiError.conflict('The payment is not complete');
  }
  return result;
}

/** After a succeeded page: the subscription applied, then the page acknowledged. */
async function settle(deps: BillingDeps, result: HostedPageResult): Promise<void> {
  if (result.subscriptionId)
    await withProvider(deps, () => syncSubscription(deps, result.subscriptionId ?? ''));
  if (result.page.state === 'succeeded')
    await withProvider(deps, () => deps.provider.acknowledge(result.page.id));
}

/**
 * POST /billing/guest-checkout-finish: the paid page of a plan sign-up, with the address and password
 * it was opened with. Answers a session token of the new account's admin (logged in automatically).
 */
export async function guestCheckoutFinish(
  deps: BillingServiceDeps,
  body: { hostedPageId: string; signupFields: { email: string; password: string } },
  client: ClientInfo,
): Promise<string> {
  const result = await paidPage(deps, body.hostedPageId);
  const signup = result.customerId ? await signupByCustomer(deps.db, result.customerId) : undefined;
  const matches =
    signup !== undefined &&
    signup.email === normaliseEmail(body.signupFields.email) &&
    (await verifyPassword(signup.password_hash, body.signupFields.password));
  if (!signup || !matches) throw ApiError.unauthorized('E-Mail or password not valid');
  await settle(deps, result);
  const completed = await signupByCustomer(deps.db, signup.customer_id);
  const user = completed?.user_id ? await findUserById(deps.db, completed.user_id) : undefined;
  if (!user) throw ApiError.conflict([{ code: 'USER_ALREADY_EXISTS', field: 'email' }]);
  return createSession(deps.db, {
    userId: user.id,
    relationshipId: null,
    ip: client.ip,
    userAgent: client.userAgent,
  });
}

function refuseManagedPlan(auth: AccountAuthContext): void {
  const plan = auth.relationship.planType;
  if (plan !== 'free_trial' && plan !== 'lite' && plan !== 'pro' && plan !== 'max') {
    throw ApiError.conflict("This account's plan is managed by your representative");
  }
}

/**
 * POST /billing/checkout: an upgrade or add-on applies at once, a downgrade at the end of the term; an
 * account with no live subscription (a free trial, a cancelled plan) buys a new one.
 */
export async function checkout(
  deps: BillingServiceDeps,
  auth: AccountAuthContext,
  body: CheckoutBody,
  returnUrl: string,
): Promise<HostedPage> {
  refuseManagedPlan(auth);
  const relationshipId = auth.relationship.id;
  const redirectUrl = `${returnUrl}/account/plans`;
  let account = await billingAccountOf(deps.db, relationshipId);
  if (account?.subscription_id && account.status !== 'cancelled') {
    const subscriptionId = account.subscription_id;
    const atTermEnd = isDowngrade(account.plan, body.plan);
    return withProvider(deps, () =>
      deps.provider.checkoutExisting({ subscriptionId, items: lines(body), atTermEnd, redirectUrl }),
    );
  }
  if (!account) {
    await insertBillingAccount(
      deps.db,
      newBillingAccount(relationshipId, deps.provider.name, newCustomerId()),
    );
    account = await billingAccountOf(deps.db, relationshipId);
  }
  const customerId = account?.customer_id ?? '';
  return withProvider(deps, () =>
    deps.provider.checkoutNew({
      customerId,
      email: auth.user.email,
      firstName: auth.user.firstName,
      company: auth.relationship.companyName,
      items: lines(body),
      redirectUrl,
    }),
  );
}

/** POST /billing/checkout-finish: a paid page of this account's customer, applied. */
export async function checkoutFinish(
  deps: BillingServiceDeps,
  auth: AccountAuthContext,
  hostedPageId: string,
) {
  const result = await paidPage(deps, hostedPageId);
  const account = await billingAccountOf(deps.db, auth.relationship.id);
  if (!account || result.customerId !== account.customer_id) throw ApiError.notFound('No such checkout');
  await settle(deps, result);
  const fresh = await findRelationship(deps.db, auth.relationship.id);
  return billingState(deps, fresh ?? auth.relationship);
}

/** POST /billing/portal: a portal session of the account's customer, optionally for one subscription. */
export async function portal(
  deps: BillingServiceDeps,
  auth: AccountAuthContext,
  subscriptionId: string | undefined,
  returnUrl: string,
): Promise<PortalSession> {
  const account = await billingAccountOf(deps.db, auth.relationship.id);
  if (!account?.subscription_id) throw ApiError.notFound('This account has no subscription');
  if (subscriptionId !== undefined && subscriptionId !== account.subscription_id) {
    throw ApiError.notFound('No such subscription');
  }
  return withProvider(deps, () =>
    deps.provider.portalSession(account.customer_id, `${returnUrl}/account/plans`),
  );
}

/** GET /billing/pay/{token}: where "Reactivate access" goes; a fresh provider page each time. */
export async function paymentPageUrl(
  deps: BillingServiceDeps,
  token: string,
  returnUrl: string,
): Promise<string> {
  const account = await billingAccountByPaymentToken(deps.db, token);
  if (!account?.subscription_id) throw ApiError.notFound('No such payment link');
  const subscriptionId = account.subscription_id;
  return withProvider(deps, () =>
    deps.provider.paymentLink(account.customer_id, subscriptionId, `${returnUrl}/auth/login`),
  );
}
