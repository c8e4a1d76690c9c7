import { useMutation } from '@tanstack/react-query';
import { useState } from 'react';
import { Navigate, useLocation, useSearchParams } from 'react-router';
import { Button } from '../../components/Button/Button';
import { Spinner } from '../../components/Spinner/Spinner';
import { Link } from '../../lib/navigation';
import { AuthHeading, AuthLayout, authStyles, FormMessage } from './AuthLayout';
import { authApi, openGuestCheckout, signupContext } from './auth.api';
import { type SignupValues, validateSignup } from './auth-validation';
import { EMPTY_SIGNUP, SignupFields, signupFields } from './SignupFields';
import styles from './SignupPlanPage.module.css';
import { PLAN_LABELS, readCheckoutChoice } from './signup-plan';
import { useAuthFailure } from './use-auth-failure';
import { useAuthForm } from './use-auth-form';

const validatePlanSignup = (values: SignupValues) => validateSignup(values, { withJobTitle: false });

type Step = 'form' | 'checkout' | 'checkout-error';

/**
 * /auth/signup-plan (spec 01 §2, §4): the paid-plan sign-up. The form is validated by the server,
 * then the hosted checkout opens with a "Wait..." spinner; if the checkout step fails a "Reload
 * Payment" button tries again. The free plan signs up through /auth/signup instead.
 */
export function SignupPlanPage() {
  const [params] = useSearchParams();
  const { search } = useLocation();
  const choice = readCheckoutChoice(params);
  const form = useAuthForm(EMPTY_SIGNUP, validatePlanSignup);
  const failure = useAuthFailure('auth');
  const [step, setStep] = useState<Step>('form');

  const body = () => ({ ...signupFields(form.values), ...signupContext(), plan: choice.plan });

  const checkout = useMutation({
    mutationFn: () =>
      openGuestCheckout({
        plan: choice.plan,
        currency: choice.currency,
        frequency: choice.frequency,
        numVisitsAddons: choice.numVisitsAddons,
        signupFields: body(),
      }),
    meta: { authScreen: true },
    onMutate: () => setStep('checkout'),
    onSuccess: ({ url }) => window.location.assign(url),
    onError: (error) => {
      // Checkout errors are only logged (spec 01 §8); the button below offers another try.
      console.error('Guest checkout failed', error);
      setStep('checkout-error');
    },
  });

  const validate = useMutation({
    mutationFn: () => authApi.validateSignup(body()),
    meta: { authScreen: true },
    onSuccess: () => checkout.mutate(),
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
        <span className={styles.terms}>
          {choice.currency} · {choice.frequency}
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
        <div className={authStyles.pending} data-testid="signup-checkout-wait">
          <Spinner size="s" label="" /> Wait...
        </div>
      ) : (
        <div className={styles.retry}>
          <p className={authStyles.text}>The payment page could not be opened.</p>
          <Button onClick={() => checkout.mutate()} data-testid="signup-reload-payment">
            Reload Payment
          </Button>
        </div>
      )}
      <p className={authStyles.footer}>
        Already have an account?{' '}
        <Link to="/auth/login" data-testid="signup-login-link">
          Log in
        </Link>
      </p>
    </AuthLayout>
  );
}
