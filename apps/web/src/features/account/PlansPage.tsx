import { useMutation } from '@tanstack/react-query';
import type { Me } from '@veracity/contracts/account';
import {
  BILLING_CURRENCIES,
  BILLING_FREQUENCIES,
  type BillingCurrency,
  type BillingFrequency,
  type BillingState,
  MAX_VISITS_ADDONS,
  type PaidPlan,
  VISITS_ADDON,
} from '@veracity/contracts/billing';
import { TRIAL_DAYS } from '@veracity/contracts/plans';
import { useState } from 'react';
import { Button } from '../../components/Button/Button';
import { Card } from '../../components/Card/Card';
import { Dropdown } from '../../components/Dropdown/Dropdown';
import { GuardedButton } from '../../components/GuardedButton/GuardedButton';
import { Icon } from '../../components/Icon/Icon';
import { Input } from '../../components/Input/Input';
import { PageHeader } from '../../components/PageHeader/PageHeader';
import { LoadError, SkeletonRows } from '../../components/PageStates/PageStates';
import { Spinner } from '../../components/Spinner/Spinner';
import { leaveInactiveAccount } from '../auth/use-select-relationship';
import { billingApi, useBillingState } from '../billing/billing.api';
import { formatPrice, formatTermPrice, termPrice } from '../billing/prices';
import { useAccountCheckout } from '../billing/use-account-checkout';
import { useClientConfig } from '../client-config/client-config.api';
import { useMe } from '../session/session.api';
import { useWriteAccess, type WriteAccess } from '../session/use-write-access';
import styles from './Account.module.css';
import plans from './Plans.module.css';
import {
  COMPARED_PLANS,
  type ComparedPlan,
  isComparedPlan,
  offeredPlans,
  PLAN_FEATURES,
  planAction,
  planIncludes,
  trialStatus,
  visitsUsage,
} from './plan-catalogue';

export const PLANS_MESSAGES = {
  adminOnly: 'Only an admin of this account can change its plan. Please ask one of them.',
  supportSession: 'Plans cannot be changed in a support session.',
  trialExpired: 'Your free trial has expired. Choose a plan to keep protecting your traffic.',
  trialDaysLeft: (days: number) => `Your free trial ends in ${days} ${days === 1 ? 'day' : 'days'}.`,
  demoPlan: 'This is a demo account, so its plan cannot be changed.',
  customPlan:
    'This account has a custom plan agreed with Veracity. Your account manager handles any change to it.',
  visitsNear: (percent: number) =>
    `This account has used ${percent}% of its visits this month. Visits beyond the plan are still collected and protected; upgrade or add visits to cover them.`,
  visitsOver:
    'This account has used all the visits of its plan this month. Visits beyond it are still collected and protected: upgrade or add visits to cover them.',
  checkoutFailed: 'The payment page could not be opened. Please try again.',
  applying: 'Applying your new plan...',
  downgradeNote: 'From the end of the current period',
  currencyLocked: 'A subscription keeps the currency it was bought in.',
  testMode:
    'Payments here are in TEST MODE: no card is charged. A failed renewal closes the account until its invoice is paid with a test card.',
} as const;

const PLAN_NAMES: Record<ComparedPlan, string> = Object.fromEntries(
  COMPARED_PLANS.map(({ plan, name }) => [plan, name]),
) as Record<ComparedPlan, string>;

const STATUS_TEXT: Record<NonNullable<BillingState['status']>, string> = {
  future: 'Starts soon',
  in_trial: 'In trial',
  active: 'Active',
  non_renewing: 'Ends at the end of the period',
  paused: 'Paused',
  cancelled: 'Cancelled',
};

const dateText = (iso: string) =>
  new Intl.DateTimeFormat('en-GB', { day: 'numeric', month: 'long', year: 'numeric' }).format(new Date(iso));
const count = (value: number) => value.toLocaleString('en');

/** A subscription that is still running: its plan changes through a checkout of the existing one. */
function isLive(state: BillingState | undefined): boolean {
  return Boolean(state?.subscriptionId) && state?.status !== 'cancelled';
}

function TrialNotice({ trialExpiresAt }: { trialExpiresAt: string | null }) {
  const status = trialStatus(trialExpiresAt);
  if (!status) return null;
  if (status.state === 'expired') {
    return (
      <p className={styles.notice} data-level="error" data-testid="trial-expired">
        {PLANS_MESSAGES.trialExpired}
      </p>
    );
  }
  return (
    <p
      className={styles.notice}
      data-level={status.daysLeft <= 3 ? 'warning' : undefined}
      data-testid="trial-days-left"
    >
      {PLANS_MESSAGES.trialDaysLeft(status.daysLeft)}
    </p>
  );
}

function UsageMeter({ state }: { state: BillingState }) {
  const { percent, level } = visitsUsage(state.visitsThisMonth, state.monthlyVisits);
  return (
    <div className={plans.usage} data-testid="plans-usage">
      <div className={plans.usageText}>
        <span>
          <strong>{count(state.visitsThisMonth)}</strong> of {count(state.monthlyVisits)} visits this month
        </span>
        <span className={plans.usagePercent}>{percent}%</span>
      </div>
      {/* The figures above say it in words; the bar only draws it. */}
      <div
        className={plans.meter}
        aria-hidden="true"
        data-level={level ?? undefined}
        data-testid="plans-usage-bar"
      >
        <span style={{ width: `${Math.min(percent, 100)}%` }} />
      </div>
      {level ? (
        <p
          className={styles.notice}
          data-level={level === 'over' ? 'error' : 'warning'}
          data-testid={`plans-usage-${level}`}
        >
          {level === 'over' ? PLANS_MESSAGES.visitsOver : PLANS_MESSAGES.visitsNear(percent)}
        </p>
      ) : null}
    </div>
  );
}

interface CurrentPlanProps {
  me: Me;
  state: BillingState;
  access: WriteAccess;
  busy: boolean;
  onAddons: (quantity: number) => void;
  portal: (() => void) | null;
}

function CurrentPlanCard({ me, state, access, busy, onAddons, portal }: CurrentPlanProps) {
  const plan = isComparedPlan(me.planType) ? me.planType : null;
  const [addons, setAddons] = useState(String(state.numVisitsAddons));
  const live = isLive(state);
  const quantity = Number(addons);
  const addonsValid = Number.isInteger(quantity) && quantity >= 0 && quantity <= MAX_VISITS_ADDONS;
  const currency = state.currency;
  const frequency = state.frequency;
  const price =
    plan && currency && frequency ? termPrice(plan, currency, frequency, state.numVisitsAddons) : null;
  return (
    <Card
      title="Your plan"
      data-testid="plans-current"
      actions={
        portal ? (
          <Button variation="secondary" onClick={portal} data-testid="plans-portal">
            Manage billing
          </Button>
        ) : null
      }
    >
      <div className={plans.current}>
        <dl className={plans.facts}>
          <div>
            <dt>Plan</dt>
            <dd data-testid="plans-current-plan">{plan ? PLAN_NAMES[plan] : (me.planType ?? '-')}</dd>
          </div>
          {state.status ? (
            <div>
              <dt>Status</dt>
              <dd data-testid="plans-current-status">{STATUS_TEXT[state.status]}</dd>
            </div>
          ) : null}
          {price !== null && currency && frequency ? (
            <div>
              <dt>Price</dt>
              <dd data-testid="plans-current-price">{formatTermPrice(price, currency, frequency)}</dd>
            </div>
          ) : null}
          {live && state.nextBillingAt && price !== null && currency && state.status !== 'non_renewing' ? (
            <div>
              <dt>Next invoice</dt>
              <dd data-testid="plans-next-invoice">
                {dateText(state.nextBillingAt)}: {formatPrice(price, currency)}
              </dd>
            </div>
          ) : null}
        </dl>
        {state.scheduledPlan && state.nextBillingAt ? (
          <p className={styles.notice} data-testid="plans-scheduled">
            Your plan changes to {PLAN_NAMES[state.scheduledPlan]} on {dateText(state.nextBillingAt)}.
          </p>
        ) : null}
        <UsageMeter state={state} />
        {live && plan && plan !== 'free_trial' && currency && frequency ? (
          <form
            className={plans.addons}
            onSubmit={(event) => {
              event.preventDefault();
              if (addonsValid && quantity !== state.numVisitsAddons) onAddons(quantity);
            }}
          >
            <Input
              label="Visits add-ons"
              type="number"
              min={0}
              max={MAX_VISITS_ADDONS}
              width="m"
              value={addons}
              onChange={(event) => setAddons(event.target.value)}
              touched
              error={addonsValid ? undefined : `From 0 to ${MAX_VISITS_ADDONS}`}
              hint={`${count(VISITS_ADDON.visits)} more visits a month each, ${formatTermPrice(
                VISITS_ADDON.prices[currency][frequency],
                currency,
                frequency,
              )}`}
              data-testid="plans-addons-input"
            />
            <GuardedButton
              type="submit"
              variation="secondary"
              access={access}
              disabled={busy || !addonsValid || quantity === state.numVisitsAddons}
              data-testid="plans-addons-submit"
            >
              Update add-ons
            </GuardedButton>
          </form>
        ) : null}
      </div>
    </Card>
  );
}

/**
 * The built-in provider is a test mode: no card is charged. Its admins can play a renewal whose
 * payment fails, to see what the account's users then get (/account-inactive, "Reactivate access").
 */
function TestModeCard({ access }: { access: WriteAccess }) {
  const fail = useMutation({
    mutationFn: billingApi.failRenewal,
    onSuccess: () => void leaveInactiveAccount(),
    onError: (error) => console.error('Failing the renewal failed', error),
  });
  return (
    <Card title="Test mode" data-testid="plans-test-mode">
      <div className={plans.testMode}>
        <p className={styles.help}>{PLANS_MESSAGES.testMode}</p>
        <GuardedButton
          variation="secondary"
          access={access}
          loading={fail.isPending}
          onClick={() => fail.mutate()}
          data-testid="plans-test-fail-renewal"
        >
          Fail the next renewal
        </GuardedButton>
      </div>
    </Card>
  );
}

interface PlanCardProps {
  plan: ComparedPlan;
  name: string;
  summary: string;
  current: boolean;
  action: 'upgrade' | 'switch' | null;
  downgrade: boolean;
  price: string | null;
  access: WriteAccess;
  busy: boolean;
  onChoose: () => void;
}

function PlanCard(props: PlanCardProps) {
  const { plan, name, summary, current, action, downgrade, price, access, busy, onChoose } = props;
  return (
    <article className={plans.plan} data-current={current || undefined} data-testid={`plan-${plan}`}>
      <header className={plans.planHeader}>
        <h2 className={plans.planName}>{name}</h2>
        {current ? (
          <span className={plans.badge} data-testid="plan-current">
            Current plan
          </span>
        ) : null}
      </header>
      <p className={plans.price} data-testid={`plan-price-${plan}`}>
        {price ?? `Free for ${TRIAL_DAYS} days`}
      </p>
      <p className={plans.summary}>{summary}</p>
      <ul className={plans.features}>
        {PLAN_FEATURES.map((feature) => {
          const included = planIncludes(plan, feature.views);
          return (
            <li key={feature.label} className={plans.feature} data-included={included}>
              <Icon name={included ? 'check' : 'close'} size={14} className={plans.featureIcon} />
              <span>
                {feature.label}
                <span className="visually-hidden">{included ? ' (included)' : ' (not included)'}</span>
              </span>
            </li>
          );
        })}
      </ul>
      <div className={plans.action}>
        {action ? (
          <>
            <GuardedButton
              variation={action === 'upgrade' ? 'primary' : 'secondary'}
              access={access}
              disabled={busy}
              onClick={onChoose}
              data-testid={`plan-choose-${plan}`}
            >
              {action === 'upgrade' ? `Upgrade to ${name}` : `Switch to ${name}`}
            </GuardedButton>
            {downgrade ? <span className={plans.actionNote}>{PLANS_MESSAGES.downgradeNote}</span> : null}
          </>
        ) : null}
      </div>
    </article>
  );
}

const CURRENCY_OPTIONS = BILLING_CURRENCIES.map((value) => ({ value, label: value }));
const FREQUENCY_OPTIONS = BILLING_FREQUENCIES.map((value) => ({
  value,
  label: value === 'monthly' ? 'Monthly' : 'Yearly (2 months free)',
}));

function planChangeAccess(me: Me | undefined, writeAccess: WriteAccess): WriteAccess {
  if (!writeAccess.allowed) return writeAccess;
  if (!me) return { allowed: false, reason: null };
  if (me.ghost) return { allowed: false, reason: PLANS_MESSAGES.supportSession };
  return me.isAdmin ? { allowed: true, reason: null } : { allowed: false, reason: PLANS_MESSAGES.adminOnly };
}

const RANK: Record<ComparedPlan, number> = { free_trial: 0, lite: 1, pro: 2, max: 3 };

/**
 * /account/plans (spec 01 §2, §4; issue 37): the account's plan as billed (status, price, next
 * invoice, a change waiting for the end of the period, this month's visits against the plan's, visits
 * add-ons), and the self-service plans side by side with their prices from the one catalogue. An
 * admin buys or changes the plan through the hosted checkout; an expired free trial lands here.
 */
export function PlansPage() {
  const me = useMe();
  const writeAccess = useWriteAccess();
  const planType = me.data?.planType ?? null;
  const selfService = isComparedPlan(planType);
  const billing = useBillingState(me.data !== undefined && selfService);
  const config = useClientConfig();
  const checkout = useAccountCheckout();
  const state = billing.data;
  const live = isLive(state);
  const [currencyChoice, setCurrency] = useState<BillingCurrency | null>(null);
  const [frequencyChoice, setFrequency] = useState<BillingFrequency | null>(null);
  const currency = (live ? state?.currency : null) ?? currencyChoice ?? state?.currency ?? 'EUR';
  const frequency = frequencyChoice ?? state?.frequency ?? 'monthly';
  const access = planChangeAccess(me.data, writeAccess);
  const busy = checkout.phase === 'opening' || checkout.phase === 'applying';

  const buy = (plan: PaidPlan, numVisitsAddons: number) =>
    checkout.start({ plan, currency, frequency, numVisitsAddons });
  const portal =
    config.data?.billing.provider === 'chargebee' && live && access.allowed && state?.subscriptionId
      ? () => {
          const subscriptionId = state.subscriptionId ?? undefined;
          void checkout
            .openPortal(subscriptionId, () => void billing.refetch())
            .catch((error: unknown) => {
              console.error('Billing portal failed', error);
            });
        }
      : null;

  return (
    <div className={styles.page} data-testid="account-plans-page">
      <PageHeader title="Plans" eyebrow="Account" />
      {me.isPending || (selfService && billing.isPending) ? (
        <Card>
          <SkeletonRows rows={4} testId="plans-loading" />
        </Card>
      ) : me.isError || billing.isError ? (
        <Card>
          <LoadError
            error={me.error ?? billing.error}
            onRetry={() => void (me.isError ? me.refetch() : billing.refetch())}
          />
        </Card>
      ) : (
        <>
          {planType === 'free_trial' ? <TrialNotice trialExpiresAt={me.data.trialExpiresAt} /> : null}
          {planType === 'demo' ? (
            <p className={styles.notice} data-testid="plans-demo">
              {PLANS_MESSAGES.demoPlan}
            </p>
          ) : !selfService ? (
            <p className={styles.notice} data-testid="plans-custom">
              {PLANS_MESSAGES.customPlan}
            </p>
          ) : null}
          {checkout.phase === 'applying' ? (
            <p className={styles.notice} role="status" data-testid="plans-applying">
              <Spinner size="s" label="" /> {PLANS_MESSAGES.applying}
            </p>
          ) : checkout.phase === 'failed' ? (
            <p className={styles.notice} data-level="error" role="alert" data-testid="plans-checkout-failed">
              {PLANS_MESSAGES.checkoutFailed}
            </p>
          ) : null}
          {selfService && state ? (
            <CurrentPlanCard
              me={me.data}
              state={state}
              access={access}
              busy={busy}
              onAddons={(quantity) => {
                if (isComparedPlan(planType) && planType !== 'free_trial') buy(planType, quantity);
              }}
              portal={portal}
            />
          ) : null}
          {live && config.data?.billing.provider === 'builtin' ? <TestModeCard access={access} /> : null}
          {selfService ? (
            <div className={plans.terms} data-testid="plans-terms">
              <span data-testid="plans-currency">
                <Dropdown
                  label="Currency"
                  options={CURRENCY_OPTIONS}
                  value={currency}
                  onChange={setCurrency}
                  width={120}
                  disabled={live}
                />
              </span>
              <span data-testid="plans-frequency">
                <Dropdown
                  label="Billing"
                  options={FREQUENCY_OPTIONS}
                  value={frequency}
                  onChange={setFrequency}
                  width={220}
                />
              </span>
              {live ? <span className={styles.help}>{PLANS_MESSAGES.currencyLocked}</span> : null}
            </div>
          ) : null}
          <div className={plans.grid} data-testid="plans-grid">
            {offeredPlans(planType).map(({ plan, name, summary }) => {
              const cents = termPrice(plan, currency, frequency);
              const action = selfService ? planAction(planType, plan) : null;
              return (
                <PlanCard
                  key={plan}
                  plan={plan}
                  name={name}
                  summary={summary}
                  current={planType === plan}
                  action={action}
                  downgrade={
                    live && action === 'switch' && isComparedPlan(planType) && RANK[plan] < RANK[planType]
                  }
                  price={cents === null ? null : formatTermPrice(cents, currency, frequency)}
                  access={access}
                  busy={busy}
                  onChoose={() => {
                    if (plan !== 'free_trial') buy(plan, live ? (state?.numVisitsAddons ?? 0) : 0);
                  }}
                />
              );
            })}
          </div>
        </>
      )}
      {checkout.frame}
    </div>
  );
}
