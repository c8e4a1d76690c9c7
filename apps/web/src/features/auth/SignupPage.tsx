import { useMutation, useQueryClient } from '@tanstack/react-query';
import { TRIAL_DAYS } from '@veracity/contracts/plans';
import { Button } from '../../components/Button/Button';
import { ERROR_ROUTES } from '../../lib/api-errors';
import { Link } from '../../lib/navigation';
import { reportSignupConversion } from '../billing/conversion-tracking';
import { loadClientConfig } from '../client-config/client-config.api';
import { clearSession, storeToken } from '../session/session-storage';
import { AuthHeading, AuthLayout, authStyles, FormMessage } from './AuthLayout';
import { authApi, signupContext } from './auth.api';
import { type SignupValues, validateSignup } from './auth-validation';
import { EMPTY_SIGNUP, SignupFields, signupFields } from './SignupFields';
import { useAuthFailure, useAuthNavigate } from './use-auth-failure';
import { useAuthForm } from './use-auth-form';

const validateTrial = (values: SignupValues) => validateSignup(values, { withJobTitle: true });

/**
 * /auth/signup (spec 01 §2, §4): the free-trial sign-up. Success stores the token from
 * loginToken.hash and opens the trial e-mail verification notice; 450 goes there as well.
 */
export function SignupPage() {
  const client = useQueryClient();
  const navigate = useAuthNavigate();
  const form = useAuthForm(EMPTY_SIGNUP, validateTrial);
  const failure = useAuthFailure('auth');

  const signup = useMutation({
    mutationFn: () =>
      authApi.trialSignup({
        ...signupFields(form.values),
        jobTitle: form.values.jobTitle.trim(),
        ...signupContext(),
      }),
    meta: { authScreen: true },
    onSuccess: ({ loginToken }) => {
      clearSession();
      client.clear();
      storeToken(loginToken.hash);
      void loadClientConfig().then((config) =>
        reportSignupConversion(config.conversionTracking, 'free_trial'),
      );
      navigate(ERROR_ROUTES.trialEmailVerificationPending);
    },
    onError: (error) => {
      failure.handle(error);
      if (error && typeof error === 'object' && 'body' in error) form.applyServerItems(error.body);
    },
  });

  return (
    <AuthLayout testId="auth-signup" wide>
      <AuthHeading title="Welcome to Veracity">
        Start your free {TRIAL_DAYS}-day trial and see which of your ad clicks are real.
      </AuthHeading>
      <form
        className={authStyles.form}
        noValidate
        onSubmit={(event) => {
          event.preventDefault();
          form.touchAll();
          if (!form.valid || signup.isPending) return;
          failure.clear();
          signup.mutate();
        }}
      >
        <SignupFields form={form} withJobTitle />
        <FormMessage messages={failure.messages} testId="signup-error" />
        <Button
          type="submit"
          className={authStyles.submit}
          loading={signup.isPending}
          data-testid="signup-submit"
        >
          Start free trial
        </Button>
      </form>
      <p className={authStyles.footer}>
        Already have an account?{' '}
        <Link to="/auth/login" data-testid="signup-login-link">
          Log in
        </Link>
      </p>
    </AuthLayout>
  );
}
