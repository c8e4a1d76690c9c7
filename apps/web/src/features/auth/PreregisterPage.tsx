import { useMutation } from '@tanstack/react-query';
import { SIGNUP_PASSWORD_MIN_LENGTH } from '@veracity/contracts/auth';
import { Navigate, useLocation, useSearchParams } from 'react-router';
import { Button } from '../../components/Button/Button';
import { Input } from '../../components/Input/Input';
import { AuthHeading, AuthLayout, authStyles, FormMessage } from './AuthLayout';
import { authApi } from './auth.api';
import { type PreregisterValues, validatePreregister } from './auth-validation';
import { TermsField } from './TermsField';
import { searchWithout, useAuthFailure, useAuthNavigate } from './use-auth-failure';
import { useAuthForm } from './use-auth-form';

const INITIAL: PreregisterValues = { name: '', password: '', terms: false };
const TOKEN_PARAM = ['token'] as const;

/**
 * /auth/preregister (spec 01 §2, §4): accepting an invitation. Needs the query token, else the base
 * route; success opens the login with verified=true.
 */
export function PreregisterPage() {
  const [params] = useSearchParams();
  const { search } = useLocation();
  const token = params.get('token')?.trim() ?? '';
  const navigate = useAuthNavigate();
  const form = useAuthForm(INITIAL, validatePreregister);
  const failure = useAuthFailure('preregister', TOKEN_PARAM);

  const accept = useMutation({
    mutationFn: () =>
      authApi.preregister({
        name: form.values.name.trim(),
        password: form.values.password,
        terms: true,
        token,
      }),
    meta: { authScreen: true },
    onSuccess: () => navigate('/auth/login?verified=true', { drop: TOKEN_PARAM }),
    onError: (error) => {
      failure.handle(error);
      if (error && typeof error === 'object' && 'body' in error) form.applyServerItems(error.body);
    },
  });

  if (token === '')
    return <Navigate to={{ pathname: '/', search: searchWithout(search, TOKEN_PARAM) }} replace />;

  return (
    <AuthLayout testId="auth-preregister">
      <AuthHeading title="Join your team on Veracity">
        You were invited to an account. Choose your name and a password to accept.
      </AuthHeading>
      <form
        className={authStyles.form}
        noValidate
        onSubmit={(event) => {
          event.preventDefault();
          form.touchAll();
          if (!form.valid || accept.isPending) return;
          failure.clear();
          accept.mutate();
        }}
      >
        <Input label="Name" autoComplete="name" data-testid="preregister-name" {...form.text('name')} />
        <Input
          label="Password"
          type="password"
          autoComplete="new-password"
          hint={`At least ${SIGNUP_PASSWORD_MIN_LENGTH} characters.`}
          data-testid="preregister-password"
          {...form.text('password')}
        />
        <TermsField testId="preregister-terms" {...form.checkbox('terms')} />
        <FormMessage messages={failure.messages} testId="preregister-error" />
        <Button
          type="submit"
          className={authStyles.submit}
          loading={accept.isPending}
          data-testid="preregister-submit"
        >
          Accept invitation
        </Button>
      </form>
    </AuthLayout>
  );
}
