import type { ReactNode } from 'react';
import { Link } from '../../lib/navigation';
import { Icon } from '../Icon/Icon';
import styles from './Upsell.module.css';

export const UPSELL_PLANS_PATH = '/account/plans';

export interface UpsellProps {
  /** The feature, in the product's words ("Google Ads protection"). */
  title: string;
  /** One or two sentences on what the feature does for the customer. */
  summary: ReactNode;
  /** What the customer would get, one line each. */
  benefits: readonly string[];
  /** The name of the first plan that includes the feature, or null when only a custom plan does. */
  planName: string | null;
  /** Where plans are compared and changed. */
  plansPath?: string;
  testId?: string;
}

/**
 * What a plan without a feature would get, and how to upgrade (spec 02 §3 upsell flags): shown in
 * place of the feature's screen rather than a redirect. Reused by every channel and by billing.
 */
export function Upsell({
  title,
  summary,
  benefits,
  planName,
  plansPath = UPSELL_PLANS_PATH,
  testId = 'upsell',
}: UpsellProps) {
  return (
    <section className={styles.upsell} aria-labelledby={`${testId}-title`} data-testid={testId}>
      <p className={styles.eyebrow}>{planName ? `Included in ${planName}` : 'Not in your plan'}</p>
      <h2 id={`${testId}-title`} className={styles.title}>
        {title}
      </h2>
      <p className={styles.summary}>{summary}</p>
      <ul className={styles.benefits}>
        {benefits.map((benefit) => (
          <li key={benefit}>
            <span className={styles.check} aria-hidden="true">
              <Icon name="check" size={14} />
            </span>
            {benefit}
          </li>
        ))}
      </ul>
      <div className={styles.actions}>
        <Link className={styles.upgrade} to={plansPath} data-testid={`${testId}-upgrade`}>
          {planName ? `Upgrade to ${planName}` : 'Compare plans'}
        </Link>
        <p className={styles.note}>
          {planName
            ? 'You can change your plan at any time from the plans page.'
            : 'Contact your account manager to add this feature to your plan.'}
        </p>
      </div>
    </section>
  );
}
