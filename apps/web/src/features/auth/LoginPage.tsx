import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useEffect, useRef } from 'react';
import { useSearchParams } from 'react-router';
import { Button } from '../../components/Button/Button';
import { Input } from '../../components/Input/Input';
import { useNotify } from '../../components/Notifications/use-notify';
import { Link } from '../../lib/navigation';
import { SUPPORT_MAILTO } from '../../lib/product-links';
import { clearSession, storeToken } from '../session/session-storage';
import { AuthHeading, AuthLayout, authStyles, FormMessage } from './AuthLayout';
import { authApi } from './auth.api';
import { type LoginValues, validateLogin } from './auth-validation';
import { useAuthFailure, useAuthNavigate } from './use-auth-failure';
import { useAuthForm } from './use-auth-form';

export const ACCOUNT_CREATED_MESSAGE = 'Your account was created successfully. Please log in.';

const INITIAL: LoginValues = { email: '', password: '' };

/** /auth/login (spec 01 §2): e-mail and password; success stores the token and opens /role. */
export function LoginPage() {
  const [params] = useSearchParams();
  const notify = useNotify();
  const client = useQueryClient();
  const navigate = useAuthNavigate();
  const form = useAuthForm(INITIAL, validateLogin);
  const failure = useAuthFailure('login', ['verified']);

  const announced = useRef(false);
  const verified = params.get('verified') === 'true';
  useEffect(() => {
    if (!verified || announced.current) return;
    announced.current = true;
    notify.success(ACCOUNT_CREATED_MESSAGE);
  }, [verified, notify]);

  const login = useMutation({
    mutationFn: authApi.login,
    meta: { authScreen: true },
    onSuccess: ({ hash }) => {
      clearSession();
      client.clear();
      storeToken(hash);
      navigate('/role', { drop: ['verified'] });
    },
    onError: failure.handle,
  });

  return (
    <AuthLayout variant="marketing" testId="auth-login">
      <AuthHeading title="Log in to Veracity">Welcome back. Enter your e-mail and password.</AuthHeading>
      <form
        className={authStyles.form}
        noValidate
        onSubmit={(event) => {
          event.preventDefault();
          form.touchAll();
          if (!form.valid || login.isPending) return;
          failure.clear();
          login.mutate({ email: form.values.email.trim(), password: form.values.password });
        }}
      >
        <Input
          label="E-mail"
          type="email"
          autoComplete="username"
          data-testid="login-email"
          {...form.text('email')}
        />
        <Input
          label="Password"
          type="password"
          autoComplete="current-password"
          data-testid="login-password"
          {...form.text('password')}
        />
        <FormMessage messages={failure.messages} testId="login-error" />
        <Button
          type="submit"
          className={authStyles.submit}
          disabled={!form.valid}
          loading={login.isPending}
          data-testid="login-submit"
        >
          Log in
        </Button>
        <div className={authStyles.links}>
          <Link to="/auth/remember" data-testid="login-forgot-link">
            Forgot your password?
          </Link>
        </div>
      </form>
      <p className={authStyles.footer}>
        Don&apos;t have an account?{' '}
        <a href={SUPPORT_MAILTO} data-testid="login-contact-link">
          Contact us
        </a>
      </p>
    </AuthLayout>
  );
}
