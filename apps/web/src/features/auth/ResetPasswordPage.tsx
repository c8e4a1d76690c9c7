import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useSearchParams } from 'react-router';
import { Button } from '../../components/Button/Button';
import { Input } from '../../components/Input/Input';
import { Link } from '../../lib/navigation';
import { clearSession, storeToken } from '../session/session-storage';
import { AuthHeading, AuthLayout, authStyles, FormMessage } from './AuthLayout';
import { authApi } from './auth.api';
import { type ResetPasswordValues, validateResetPassword } from './auth-validation';
import { useAuthFailure, useAuthNavigate } from './use-auth-failure';
import { useAuthForm } from './use-auth-form';

const INITIAL: ResetPasswordValues = { newPassword: '', confirmPassword: '' };
const LINK_PARAMS = ['email', 'hash'] as const;
export const INCOMPLETE_LINK_MESSAGE =
  'This reset link is incomplete. Please open the link from the e-mail again or ask for a new one.';

/**
 * /auth/reset-password (spec 01 §2, §4): a new password for the e-mail and hash in the query.
 * Success stores the returned hash as the token and opens /role, like a login.
 */
export function ResetPasswordPage() {
  const [params] = useSearchParams();
  const email = params.get('email')?.trim() ?? '';
  const hash = params.get('hash')?.trim() ?? '';
  const client = useQueryClient();
  const navigate = useAuthNavigate();
  const form = useAuthForm(INITIAL, validateResetPassword);
  const failure = useAuthFailure('auth', LINK_PARAMS);

  const reset = useMutation({
    mutationFn: () => authApi.resetPassword({ newPassword: form.values.newPassword, email, hash }),
    meta: { authScreen: true },
    onSuccess: (answer) => {
      clearSession();
      client.clear();
      storeToken(answer.hash);
      navigate('/role', { drop: LINK_PARAMS });
    },
    onError: failure.handle,
  });

  const linkComplete = email !== '' && hash !== '';

  return (
    <AuthLayout testId="auth-reset-password">
      <AuthHeading title="Choose a new password">
        {email ? (
          <>
            For <strong>{email}</strong>.
          </>
        ) : null}
      </AuthHeading>
      <form
        className={authStyles.form}
        noValidate
        onSubmit={(event) => {
          event.preventDefault();
          form.touchAll();
          if (!linkComplete || !form.valid || reset.isPending) return;
          failure.clear();
          reset.mutate();
        }}
      >
        <Input
          label="New password"
          type="password"
          autoComplete="new-password"
          data-testid="reset-new-password"
          {...form.text('newPassword')}
        />
        <Input
          label="Confirm password"
          type="password"
          autoComplete="new-password"
          data-testid="reset-confirm-password"
          {...form.text('confirmPassword')}
        />
        <FormMessage
          messages={linkComplete ? failure.messages : [INCOMPLETE_LINK_MESSAGE]}
          testId="reset-error"
        />
        <Button
          type="submit"
          className={authStyles.submit}
          disabled={!linkComplete}
          loading={reset.isPending}
          data-testid="reset-submit"
        >
          Save new password
        </Button>
      </form>
      <div className={authStyles.links}>
        <Link to="/auth/remember" data-testid="reset-remember-link">
          Ask for a new link
        </Link>
        <Link to="/auth/login">Back to log in</Link>
      </div>
    </AuthLayout>
  );
}
