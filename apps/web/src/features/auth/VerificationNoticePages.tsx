import { Link } from '../../lib/navigation';
import { SUPPORT_EMAIL, SUPPORT_MAILTO } from '../../lib/product-links';
import { AuthHeading, AuthLayout, authStyles } from './AuthLayout';

/** /auth/email-verification-pending (spec 01 §2): the login came from an IP the account does not know. */
export function EmailVerificationPendingPage() {
  return (
    <AuthLayout testId="auth-email-verification-pending">
      <AuthHeading title="We don't recognise this location">
        You are logging in from an IP address that this account has not seen before.
      </AuthHeading>
      <p className={authStyles.text}>
        The admins of the account have been notified and will grant access. Try again once they have.
      </p>
      <div className={authStyles.links}>
        <Link to="/auth/login" data-testid="pending-login-link">
          Back to log in
        </Link>
      </div>
    </AuthLayout>
  );
}

export const TRIAL_PENDING_TITLE = 'Please verify your email';

/** /auth/trial-email-verification-pending (spec 01 §2). */
export function TrialEmailVerificationPendingPage() {
  return (
    <AuthLayout testId="auth-trial-email-verification-pending">
      <AuthHeading title={TRIAL_PENDING_TITLE}>
        We have sent you an e-mail with a verification link. Open it to activate your account.
      </AuthHeading>
      <p className={authStyles.text}>
        Didn&apos;t get it? Check your spam folder, or contact support at{' '}
        <a href={SUPPORT_MAILTO}>{SUPPORT_EMAIL}</a>.
      </p>
      <div className={authStyles.links}>
        <Link to="/auth/login" data-testid="pending-login-link">
          Go to log in
        </Link>
      </div>
    </AuthLayout>
  );
}
