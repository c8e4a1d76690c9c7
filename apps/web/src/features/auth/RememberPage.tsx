import { useMutation } from '@tanstack/react-query';
import { useState } from 'react';
import { Button } from '../../components/Button/Button';
import { Input } from '../../components/Input/Input';
import { Link } from '../../lib/navigation';
import { SUPPORT_MAILTO } from '../../lib/product-links';
import { AuthHeading, AuthLayout, authStyles, FormMessage } from './AuthLayout';
import { authApi } from './auth.api';
import { validateForgotPassword } from './auth-validation';
import { useAuthFailure } from './use-auth-failure';
import { useAuthForm } from './use-auth-form';

const INITIAL = { email: '' };

/** /auth/remember (spec 01 §2, §4): the forgot-password form, then the EMAIL SENT confirmation. */
export function RememberPage() {
  const form = useAuthForm(INITIAL, validateForgotPassword);
  const failure = useAuthFailure('auth');
  const [sentTo, setSentTo] = useState<string | null>(null);

  const forgot = useMutation({
    mutationFn: authApi.forgotPassword,
    meta: { authScreen: true },
    onSuccess: (_answer, email) => setSentTo(email),
    onError: failure.handle,
  });

  return (
    <AuthLayout testId="auth-remember">
      {sentTo === null ? (
        <>
          <AuthHeading title="Forgot your password?">
            Enter the e-mail you log in with and we will send you a link to choose a new password.
          </AuthHeading>
          <form
            className={authStyles.form}
            noValidate
            onSubmit={(event) => {
              event.preventDefault();
              form.touchAll();
              if (!form.valid || forgot.isPending) return;
              failure.clear();
              forgot.mutate(form.values.email.trim());
            }}
          >
            <Input
              label="E-mail"
              type="email"
              autoComplete="email"
              data-testid="remember-email"
              {...form.text('email')}
            />
            <FormMessage messages={failure.messages} testId="remember-error" />
            <Button
              type="submit"
              className={authStyles.submit}
              loading={forgot.isPending}
              data-testid="remember-submit"
            >
              Send reset link
            </Button>
          </form>
        </>
      ) : (
        <div className={authStyles.form} data-testid="remember-sent">
          <AuthHeading title="EMAIL SENT">
            If an account exists for <strong>{sentTo}</strong>, an e-mail with a link to reset your password
            is on its way. The link works once.
          </AuthHeading>
        </div>
      )}
      <div className={authStyles.links}>
        <Link to="/auth/login" data-testid="remember-login-link">
          Back to log in
        </Link>
      </div>
      <p className={authStyles.footer}>
        Don&apos;t have an account?{' '}
        <a href={SUPPORT_MAILTO} data-testid="remember-contact-link">
          Contact Us
        </a>
      </p>
    </AuthLayout>
  );
}
