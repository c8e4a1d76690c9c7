import { useMutation, useQueryClient } from '@tanstack/react-query';
import { HTTP_STATUS } from '@veracity/contracts/errors';
import { useEffect, useState } from 'react';
import { Navigate, useLocation, useSearchParams } from 'react-router';
import { Button } from '../../components/Button/Button';
import { Spinner } from '../../components/Spinner/Spinner';
import { isApiError } from '../../lib/api-client';
import { ERROR_MESSAGES } from '../../lib/api-errors';
import { Link } from '../../lib/navigation';
import { reloadPage } from '../../lib/page-reload';
import { billingApi } from '../billing/billing.api';
import { reportSignupConversion } from '../billing/conversion-tracking';
import { useHostedCheckout } from '../billing/use-hosted-checkout';
import { loadClientConfig } from '../client-config/client-config.api';
import { clearSession, storeToken } from '../session/session-storage';
import { AuthHeading, AuthLayout, authStyles, FormMessage } from './AuthLayout';
import { authApi, signupContext } from './auth.api';
import { type SignupValues, validateSignup } from './auth-validation';
import { EMPTY_SIGNUP, SignupFields, signupFields } from './SignupFields';
import styles from './SignupPlanPage.module.css';
import { choicePrice, PLAN_LABELS, readCheckoutChoice } from './signup-plan';
import { useAuthFailure, useAuthNavigate } from './use-auth-failure';
import { useAuthForm } from './use-auth-form';

const validatePlanSignup = (values: SignupValues) => validateSignup(values, { withJobTitle: false });

/** The page's own query: the choice, and what a hosted page adds when it sends the buyer back. */
const CHECKOUT_PARAMS = ['plan', 'currency', 'frequency', 'numVisitsAddons', 'id', 'state'] as const;

export const SIGNUP_PLAN_TEXTS = {
  checkoutFailed: 'The payment page could not be opened.',
  paidSignInFailed:
    'Your payment is complete and your account is ready. Log in with the e-mail and password you chose.',
} as const;

type Step = 'form' | 'checkout' | 'checkout-error' | 'paid';

/**
 * /auth/signup-plan (spec 01 §2, §4): the paid-plan sign-up. The form is validated by the server,
 * then the hosted checkout opens over the page with a "Wait..." spinner; if the checkout step fails a
 * "Reload Payment" button tries again. Paid, the new account is signed in and, in production, the
 * sign-up conversion is reported; closed unpaid, the page reloads. The free plan signs up through
 * /auth/signup instead.
 */
export function SignupPlanPage() {
  const [params] = useSearchParams();
  const { search } = useLocation();
  const client = useQueryClient();
  const navigate = useAuthNavigate();
  const choice = readCheckoutChoice(params);
  const price = choicePrice(choice);
  const form = useAuthForm(EMPTY_SIGNUP, validatePlanSignup);
  const failure = useAuthFailure('auth');
  const hosted = useHostedCheckout();
  const returned = params.get('state') === 'succeeded' && params.has('id');
  const [step, setStep] = useState<Step>(returned ? 'paid' : 'form');
  const [checkoutError, setCheckoutError] = useState<string>(SIGNUP_PLAN_TEXTS.checkoutFailed);

  useEffect(() => {
    // Sent back by a hosted page that was not opened over this page (a redirect): the form and its
    // password are gone, so the account is reached by logging in (spec 01 §8).
    if (returned) console.error('Guest checkout came back without email or password');
  }, [returned]);

  const body = () => ({ ...signupFields(form.values), ...signupContext(), plan: choice.plan });

  const finish = useMutation({
    mutationFn: (hostedPageId: string) =>
      billingApi.guestCheckoutFinish({
        hostedPageId,
        signupFields: { email: form.values.email.trim(), password: form.values.password },
      }),
    meta: { authScreen: true },
    onSuccess: ({ loginToken }) => {
      clearSession();
      client.clear();
      storeToken(loginToken.hash);
      void loadClientConfig().then((config) =>
        reportSignupConversion(config.conversionTracking, choice.plan),
      );
      navigate('/role', { drop: CHECKOUT_PARAMS });
    },
    onError: (error) => {
      console.error('Guest checkout finish failed', error);
      setStep('paid');
    },
  });

  const openCheckout = () => {
    setStep('checkout');
    hosted.open(
      () =>
        billingApi.guestCheckout({
          plan: choice.plan === 'free_trial' ? 'lite' : choice.plan,
          currency: choice.currency,
          frequency: choice.frequency,
          numVisitsAddons: choice.numVisitsAddons,
          signupFields: body(),
        }),
      {
        success: (hostedPageId) => {
          const { email, password } = form.values;
          if (!email || !password) {
            console.error('Guest checkout finished without email or password');
            setStep('paid');
            return;
          }
          finish.mutate(hostedPageId);
        },
        close: reloadPage,
        error: (error) => {
          // Checkout errors are only logged (spec 01 §8); the button below offers another try. Closed
          // sign-ups or an unreachable provider (503) say so in the spec's words.
          console.error('Guest checkout failed', error);
          setCheckoutError(
            isApiError(error) && error.status === HTTP_STATUS.SERVICE_UNAVAILABLE
              ? ERROR_MESSAGES.signUpsUnavailable
              : SIGNUP_PLAN_TEXTS.checkoutFailed,
          );
          setStep('checkout-error');
        },
      },
    );
  };

  const validate = useMutation({
    mutationFn: () => authApi.validateSignup(body()),
    meta: { authScreen: true },
    onSuccess: openCheckout,
    onError: (error) => {
      failure.handle(error);
      if (error && typeof error === 'object' && 'body' in error) form.applyServerItems(error.body);
    },
  });

  if (choice.plan === 'free_trial') return <Navigate to={{ pathname: '/auth/signup', search }} replace />;

  return (
    <AuthLayout testId="auth-signup-plan" wide>
      <div className={styles.pillRow}>
        <span className={styles.pill} data-testid="signup-plan-pill" data-plan={choice.plan}>
          {PLAN_LABELS[choice.plan]} plan
        </span>
        <span className={styles.terms} data-testid="signup-plan-price">
          {price}
          {choice.numVisitsAddons > 0
            ? ` · ${choice.numVisitsAddons} visits add-on${choice.numVisitsAddons === 1 ? '' : 's'}`
            : ''}
        </span>
      </div>
      <AuthHeading title="Create your account">Tell us who you are; payment is the next step.</AuthHeading>
      {step === 'form' ? (
        <form
          className={authStyles.form}
          noValidate
          onSubmit={(event) => {
            event.preventDefault();
            form.touchAll();
            if (!form.valid || validate.isPending) return;
            failure.clear();
            validate.mutate();
          }}
        >
          <SignupFields form={form} withJobTitle={false} />
          <FormMessage messages={failure.messages} testId="signup-error" />
          <Button
            type="submit"
            className={authStyles.submit}
            loading={validate.isPending}
            data-testid="signup-submit"
          >
            Continue to payment
          </Button>
        </form>
      ) : step === 'checkout' ? (
        <div className={authStyles.pending} data-testid="signup-checkout-wait" role="status">
          <Spinner size="s" label="" /> Wait...
        </div>
      ) : step === 'checkout-error' ? (
        <div className={styles.retry}>
          <p className={authStyles.text} data-testid="signup-checkout-error">
            {checkoutError}
          </p>
          <Button onClick={openCheckout} data-testid="signup-reload-payment">
            Reload Payment
          </Button>
        </div>
      ) : (
        <div className={styles.retry} data-testid="signup-paid">
          <p className={authStyles.text}>{SIGNUP_PLAN_TEXTS.paidSignInFailed}</p>
          <Link to="/auth/login" data-testid="signup-paid-login">
            Log in
          </Link>
        </div>
      )}
      {hosted.frame}
      <p className={authStyles.footer}>
        Already have an account?{' '}
        <Link to="/auth/login" data-testid="signup-login-link">
          Log in
        </Link>
      </p>
    </AuthLayout>
  );
}
