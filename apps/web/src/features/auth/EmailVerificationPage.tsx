import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useEffect, useRef } from 'react';
import { useSearchParams } from 'react-router';
import { Spinner } from '../../components/Spinner/Spinner';
import { Link } from '../../lib/navigation';
import { clearSession, storeToken } from '../session/session-storage';
import { AuthHeading, AuthLayout, authStyles, FormMessage } from './AuthLayout';
import { authApi } from './auth.api';
import { useAuthNavigate } from './use-auth-failure';

export const VERIFICATION_FAILED_MESSAGE =
  'There was an error trying to verify your account. Try again later.';
const LINK_PARAMS = ['email', 'hash'] as const;

/**
 * /email-verification (spec 01 §2, §4): verifies the e-mail and hash from the query; success logs in
 * with the returned hash and opens /role, failure shows the red message.
 */
export function EmailVerificationPage() {
  const [params] = useSearchParams();
  const email = params.get('email')?.trim() ?? '';
  const hash = params.get('hash')?.trim() ?? '';
  const client = useQueryClient();
  const navigate = useAuthNavigate();

  const verify = useMutation({
    mutationFn: authApi.verifyEmail,
    meta: { authScreen: true },
    onSuccess: (answer) => {
      clearSession();
      client.clear();
      storeToken(answer.hash);
      navigate('/role', { drop: LINK_PARAMS, replace: true });
    },
  });

  const started = useRef(false);
  const complete = email !== '' && hash !== '';
  useEffect(() => {
    if (started.current || !complete) return;
    started.current = true;
    verify.mutate({ email, hash });
  }, [complete, email, hash, verify]);

  const failed = !complete || verify.isError;
  return (
    <AuthLayout variant="marketing" testId="email-verification">
      <AuthHeading title={failed ? 'Your e-mail could not be verified' : 'Verifying your e-mail'} />
      {failed ? (
        <>
          <FormMessage messages={[VERIFICATION_FAILED_MESSAGE]} testId="email-verification-error" />
          <div className={authStyles.links}>
            <Link to="/auth/login">Go to log in</Link>
          </div>
        </>
      ) : (
        <div className={authStyles.pending} data-testid="email-verification-pending">
          <Spinner size="s" label="" /> Checking your link…
        </div>
      )}
    </AuthLayout>
  );
}
