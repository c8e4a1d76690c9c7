import { Card } from '../../components/Card/Card';
import { GuardedButton } from '../../components/GuardedButton/GuardedButton';
import { Icon } from '../../components/Icon/Icon';
import { PageHeader } from '../../components/PageHeader/PageHeader';
import { LoadError, SkeletonRows } from '../../components/PageStates/PageStates';
import { useMe } from '../session/session.api';
import { useWriteAccess, type WriteAccess } from '../session/use-write-access';
import styles from './Account.module.css';
import { usePaymentPage } from './account.api';
import plans from './Plans.module.css';
import {
  COMPARED_PLANS,
  type ComparedPlan,
  isComparedPlan,
  PLAN_FEATURES,
  planAction,
  planIncludes,
  trialStatus,
} from './plan-catalogue';

export const PLANS_MESSAGES = {
  billingContact:
    'Plan changes for this account are handled by its billing contact. Please ask them to change the plan.',
  trialExpired: 'Your free trial has expired. Choose a plan to keep protecting your traffic.',
  trialDaysLeft: (days: number) => `Your free trial ends in ${days} ${days === 1 ? 'day' : 'days'}.`,
  demoPlan: 'This is a demo account, so its plan cannot be changed.',
  customPlan:
    'This account has a custom plan agreed with Veracity. Your account manager handles any change to it.',
  firewallNote:
    'Firewall campaigns, offers and traffic sources come with custom plans. Talk to your account manager to add them.',
} as const;

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

interface PlanCardProps {
  plan: ComparedPlan;
  name: string;
  summary: string;
  current: boolean;
  action: 'upgrade' | 'switch' | null;
  access: WriteAccess;
  paymentUrl: string | null;
}

function PlanCard({ plan, name, summary, current, action, access, paymentUrl }: PlanCardProps) {
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
        {action ? (
          <GuardedButton
            variation={action === 'upgrade' ? 'primary' : 'secondary'}
            access={access}
            onClick={() => {
              if (paymentUrl) window.open(paymentUrl, '_blank', 'noopener,noreferrer');
            }}
            data-testid={`plan-choose-${plan}`}
          >
            {action === 'upgrade' ? `Upgrade to ${name}` : `Switch to ${name}`}
          </GuardedButton>
        ) : null}
      </div>
    </article>
  );
}

/** /account/plans: the self-service plans side by side; changes go through the hosted checkout. */
export function PlansPage() {
  const me = useMe();
  const paymentPage = usePaymentPage();
  const writeAccess = useWriteAccess();
  const paymentUrl = paymentPage.data?.url ?? null;
  // A failed payment-page call is only logged (spec 01 §8): the buttons then explain whom to ask.
  const access: WriteAccess = !writeAccess.allowed
    ? writeAccess
    : paymentPage.isPending
      ? { allowed: false, reason: null }
      : paymentUrl
        ? { allowed: true, reason: null }
        : { allowed: false, reason: PLANS_MESSAGES.billingContact };
  const planType = me.data?.planType ?? null;
  const selfService = isComparedPlan(planType);

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
          ) : null}
          <div className={plans.grid} data-testid="plans-grid">
            {COMPARED_PLANS.map(({ plan, name, summary }) => (
              <PlanCard
                key={plan}
                plan={plan}
                name={name}
                summary={summary}
                current={planType === plan}
                action={selfService ? planAction(planType, plan) : null}
                access={access}
                paymentUrl={paymentUrl}
              />
            ))}
          </div>
          <p className={styles.help}>{PLANS_MESSAGES.firewallNote}</p>
        </>
      )}
    </div>
  );
}
