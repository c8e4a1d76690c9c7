import { useMutation, useQueryClient } from '@tanstack/react-query';
import { INVITATION_QUERY_PARAM } from '@veracity/contracts/auth';
import { useEffect, useRef } from 'react';
import { useSearchParams } from 'react-router';
import { Button } from '../../components/Button/Button';
import { Input } from '../../components/Input/Input';
import { useNotify } from '../../components/Notifications/use-notify';
import { Link } from '../../lib/navigation';
import { SUPPORT_MAILTO } from '../../lib/product-links';
import { FORCE_SELECTION_PARAM } from '../session/guard';
import { clearSession, readToken, storeToken } from '../session/session-storage';
import { AuthHeading, AuthLayout, authStyles, FormMessage } from './AuthLayout';
import { authApi } from './auth.api';
import { type LoginValues, validateLogin } from './auth-validation';
import { useAuthFailure, useAuthNavigate } from './use-auth-failure';
import { useAuthForm } from './use-auth-form';

export const ACCOUNT_CREATED_MESSAGE = 'Your account was created successfully. Please log in.';
export const INVITATION_NOTICE =
  'Log in to accept your invitation: the account then appears in your account list.';

const INITIAL: LoginValues = { email: '', password: '' };

/**
 * /auth/login (spec 01 §2): e-mail and password; success stores the token and opens /role. Opened from
 * an invitation to an existing login (`?invitation=`), it accepts the invitation: at once for a person
 * already signed in, otherwise with the login.
 */
export function LoginPage() {
  const [params] = useSearchParams();
  const notify = useNotify();
  const client = useQueryClient();
  const navigate = useAuthNavigate();
  const form = useAuthForm(INITIAL, validateLogin);
  const failure = useAuthFailure('login', ['verified']);
  const invitation = params.get(INVITATION_QUERY_PARAM);

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
      navigate('/role', { drop: ['verified', INVITATION_QUERY_PARAM] });
    },
    onError: failure.handle,
  });

  // Already signed in: accept at once and open the account list; a refusal (an expired session, a
  // used link) leaves the login form, which accepts with the login or says why it cannot.
  const accept = useMutation({
    mutationFn: authApi.acceptInvitation,
    meta: { authScreen: true },
    onSuccess: (relationship) => {
      client.clear();
      notify.success(`You joined ${relationship.companyName}.`);
      navigate(`/role?${FORCE_SELECTION_PARAM}=true`, { drop: ['verified', INVITATION_QUERY_PARAM] });
    },
  });
  const accepting = useRef(false);
  useEffect(() => {
    if (!invitation || accepting.current || !readToken()) return;
    accepting.current = true;
    accept.mutate(invitation);
  }, [invitation, accept]);

  return (
    <AuthLayout variant="marketing" testId="auth-login">
      <AuthHeading title="Log in to Veracity">Welcome back. Enter your e-mail and password.</AuthHeading>
      {invitation ? (
        <p className={authStyles.text} data-testid="login-invitation">
          {INVITATION_NOTICE}
        </p>
      ) : null}
      <form
        className={authStyles.form}
        noValidate
        onSubmit={(event) => {
          event.preventDefault();
          form.touchAll();
          if (!form.valid || login.isPending) return;
          failure.clear();
          login.mutate({
            email: form.values.email.trim(),
            password: form.values.password,
            ...(invitation ? { invitation } : {}),
          });
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
