import { Button } from '../../components/Button/Button';
import { Link } from '../../lib/navigation';
import { SUPPORT_EMAIL, SUPPORT_MAILTO } from '../../lib/product-links';
import { readPaymentUrl } from '../session/session-storage';
import styles from './AccountStatusPages.module.css';
import { AuthHeading, AuthLayout, authStyles } from './AuthLayout';

export const INACTIVE_TITLE = 'YOUR ACCOUNT IS INACTIVE';
export const INACTIVE_TEXTS = [
  'Access to your account has been blocked in line with our Terms & Conditions.',
  'Please, update the pending payments in order to regain access to your account.',
] as const;
export const MISSING_TEXTS = [
  'The access to this account is currently not available.',
  'Please contact your representative for more detailed information.',
] as const;
export const BLOCKED_TITLE = 'Your Account Has Been Blocked';
export const FORBIDDEN_TEXT = "Your account can't be temporarily accessed. Please try again later.";

function BackToLogin() {
  return (
    <div className={authStyles.links}>
      <Link to="/auth/login" data-testid="status-login-link">
        Back to log in
      </Link>
    </div>
  );
}

/** /account-inactive (spec 01 §2): "Reactivate access" opens the stored payment link in a new tab. */
export function AccountInactivePage() {
  const paymentUrl = readPaymentUrl();
  return (
    <AuthLayout testId="account-inactive">
      <AuthHeading title={INACTIVE_TITLE} />
      {INACTIVE_TEXTS.map((text) => (
        <p key={text} className={authStyles.text}>
          {text}
        </p>
      ))}
      {paymentUrl ? (
        <Button
          variation="orange"
          className={authStyles.submit}
          onClick={() => window.open(paymentUrl, '_blank', 'noopener,noreferrer')}
          data-testid="account-inactive-reactivate"
        >
          Reactivate access
        </Button>
      ) : (
        <p className={authStyles.text}>
          To settle the payments, write to <a href={SUPPORT_MAILTO}>{SUPPORT_EMAIL}</a>.
        </p>
      )}
      <BackToLogin />
    </AuthLayout>
  );
}

/** /account-missing (spec 01 §2). */
export function AccountMissingPage() {
  return (
    <AuthLayout testId="account-missing">
      <AuthHeading title={INACTIVE_TITLE} />
      {MISSING_TEXTS.map((text) => (
        <p key={text} className={authStyles.text}>
          {text}
        </p>
      ))}
      <BackToLogin />
    </AuthLayout>
  );
}

function ShieldGraphic() {
  return (
    <svg className={styles.shield} viewBox="0 0 64 64" aria-hidden="true">
      <path
        d="M32 5l22 8v16c0 14-9.4 25.3-22 30-12.6-4.7-22-16-22-30V13z"
        fill="var(--color-primary-soft)"
        stroke="var(--color-primary)"
        strokeWidth="2.5"
        strokeLinejoin="round"
      />
      <path d="M24 24l16 16m0-16L24 40" stroke="var(--level-error)" strokeWidth="3.5" strokeLinecap="round" />
    </svg>
  );
}

/** /blocked (spec 01 §2). */
export function BlockedPage() {
  return (
    <AuthLayout testId="blocked">
      <div className={styles.centre}>
        <ShieldGraphic />
      </div>
      <AuthHeading title={BLOCKED_TITLE} />
      <p className={authStyles.text}>
        This may be due to an expired or inactive account status, or to a violation of our terms of use.
      </p>
      <p className={authStyles.text}>
        Please contact our support team at{' '}
        <a href={SUPPORT_MAILTO} data-testid="blocked-support-email">
          {SUPPORT_EMAIL}
        </a>
        .
      </p>
    </AuthLayout>
  );
}

/** /403-forbidden (spec 01 §2): access is paused, protection is not. */
export function ForbiddenPage() {
  return (
    <AuthLayout testId="forbidden">
      <AuthHeading title="Access temporarily unavailable">{FORBIDDEN_TEXT}</AuthHeading>
      <p className={authStyles.text}>Meanwhile, your traffic is still being analysed and protected.</p>
      <BackToLogin />
    </AuthLayout>
  );
}
