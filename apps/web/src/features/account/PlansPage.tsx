import type { Me } from '@veracity/contracts/account';
import buttons from '../../components/Button/Button.module.css';
import { Card } from '../../components/Card/Card';
import { GuardedButton } from '../../components/GuardedButton/GuardedButton';
import { Icon } from '../../components/Icon/Icon';
import { PageHeader } from '../../components/PageHeader/PageHeader';
import { LoadError, SkeletonRows } from '../../components/PageStates/PageStates';
import { SUPPORT_EMAIL } from '../../lib/product-links';
import { useMe } from '../session/session.api';
import { useWriteAccess, type WriteAccess } from '../session/use-write-access';
import styles from './Account.module.css';
import { usePaymentPage } from './account.api';
import plans from './Plans.module.css';
import {
  type ComparedPlan,
  isComparedPlan,
  offeredPlans,
  PLAN_FEATURES,
  planAction,
  planIncludes,
  trialStatus,
} from './plan-catalogue';

export const PLANS_MESSAGES = {
  howToUpgrade: `Online payment is not available yet. To change the plan, choose it below and send the e-mail it prepares to ${SUPPORT_EMAIL}: Veracity's team changes the plan of this account for you.`,
  adminOnly: 'Only an admin of this account can change its plan. Please ask one of them.',
  trialExpired: 'Your free trial has expired. Choose a plan to keep protecting your traffic.',
  trialDaysLeft: (days: number) => `Your free trial ends in ${days} ${days === 1 ? 'day' : 'days'}.`,
  demoPlan: 'This is a demo account, so its plan cannot be changed.',
  customPlan:
    'This account has a custom plan agreed with Veracity. Your account manager handles any change to it.',
} as const;

/** The e-mail to support that asks for a plan change, naming the account, the plan and who asks. */
export function planChangeMailto(
  me: Pick<Me, 'companyName' | 'relationshipId' | 'email' | 'firstName'>,
  planName: string,
): string {
  const account = `${me.companyName ?? 'my account'}`;
  const subject = `Upgrade ${account} to ${planName}`;
  const body = [
    `Please change the plan of this account to ${planName}.`,
    '',
    `Account: ${account} (${me.relationshipId ?? '?'})`,
    `Requested by: ${me.firstName} <${me.email}>`,
  ].join('\n');
  const query = new URLSearchParams({ subject, body }).toString().replaceAll('+', '%20');
  return `mailto:${SUPPORT_EMAIL}?${query}`;
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

/** How a plan card changes the plan: the account's hosted payment page, or an e-mail to support. */
type PlanChange = { kind: 'payment'; url: string } | { kind: 'mail'; href: (planName: string) => string };

interface PlanCardProps {
  plan: ComparedPlan;
  name: string;
  summary: string;
  current: boolean;
  action: 'upgrade' | 'switch' | null;
  access: WriteAccess;
  change: PlanChange | null;
}

function PlanCard({ plan, name, summary, current, action, access, change }: PlanCardProps) {
  const label = action === 'upgrade' ? `Upgrade to ${name}` : `Switch to ${name}`;
  const variation = action === 'upgrade' ? 'primary' : 'secondary';
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
        {!action ? null : access.allowed && change?.kind === 'mail' ? (
          <a
            className={[buttons.button, buttons[variation], buttons.m].join(' ')}
            href={change.href(name)}
            data-testid={`plan-choose-${plan}`}
          >
            <span className={buttons.label}>{label}</span>
          </a>
        ) : (
          <GuardedButton
            variation={variation}
            access={access}
            onClick={() => {
              if (change?.kind === 'payment') window.open(change.url, '_blank', 'noopener,noreferrer');
            }}
            data-testid={`plan-choose-${plan}`}
          >
            {label}
          </GuardedButton>
        )}
      </div>
    </article>
  );
}

/**
 * /account/plans: the self-service plans side by side, with what the dashboard really gives each. An
 * account's admin changes the plan through the account's hosted payment page when it has one, and
 * otherwise (until online payment arrives) by an e-mail to support that the button prepares.
 */
export function PlansPage() {
  const me = useMe();
  const paymentPage = usePaymentPage();
  const writeAccess = useWriteAccess();
  const paymentUrl = paymentPage.data?.url ?? null;
  const access: WriteAccess = !writeAccess.allowed
    ? writeAccess
    : me.data === undefined || paymentPage.isPending
      ? { allowed: false, reason: null }
      : me.data.isAdmin
        ? { allowed: true, reason: null }
        : { allowed: false, reason: PLANS_MESSAGES.adminOnly };
  const planType = me.data?.planType ?? null;
  const selfService = isComparedPlan(planType);
  const change: PlanChange | null = paymentUrl
    ? { kind: 'payment', url: paymentUrl }
    : me.data
      ? { kind: 'mail', href: (planName) => planChangeMailto(me.data, planName) }
      : null;

  return (
    <div className={styles.page} data-testid="account-plans-page">
      <PageHeader title="Plans" eyebrow="Account" />
      {me.isPending ? (
        <Card>
          <SkeletonRows rows={4} testId="plans-loading" />
        </Card>
      ) : me.isError ? (
        <Card>
          <LoadError error={me.error} onRetry={() => void me.refetch()} />
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
          ) : !paymentUrl && !paymentPage.isPending && !me.data.isDemo ? (
            <p className={styles.help} data-testid="plans-how-to-upgrade">
              {PLANS_MESSAGES.howToUpgrade}
            </p>
          ) : null}
          <div className={plans.grid} data-testid="plans-grid">
            {offeredPlans(planType).map(({ plan, name, summary }) => (
              <PlanCard
                key={plan}
                plan={plan}
                name={name}
                summary={summary}
                current={planType === plan}
                action={selfService ? planAction(planType, plan) : null}
                access={access}
                change={change}
              />
            ))}
          </div>
        </>
      )}
    </div>
  );
}
