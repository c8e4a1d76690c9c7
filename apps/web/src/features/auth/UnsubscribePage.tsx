import { useMutation } from '@tanstack/react-query';
import { UNSUBSCRIBE_LINK_INVALID } from '@veracity/contracts/auth';
import { useSearchParams } from 'react-router';
import { Button } from '../../components/Button/Button';
import { Icon } from '../../components/Icon/Icon';
import { AuthHeading, AuthLayout, authStyles, FormMessage } from './AuthLayout';
import { authApi } from './auth.api';
import styles from './UnsubscribePage.module.css';
import { useAuthFailure } from './use-auth-failure';

export const UNSUBSCRIBED_TEXT = 'Unsubscribed';

/**
 * /performance/unsubscribe (spec 01 §2): stops the performance e-mails for the query's address. The
 * link of the e-mail also carries `token`, the address's signature, which the server checks; a link
 * without one is not posted.
 */
export function UnsubscribePage() {
  const [params] = useSearchParams();
  const email = params.get('email')?.trim() ?? '';
  const token = params.get('token')?.trim() ?? '';
  const failure = useAuthFailure('auth');
  const unsubscribe = useMutation({
    mutationFn: () => authApi.unsubscribe({ email, token }),
    meta: { authScreen: true },
    onError: failure.handle,
  });

  return (
    <AuthLayout testId="unsubscribe">
      <AuthHeading title="Performance e-mails">
        {email ? (
          <>
            Stop sending performance reports to <strong>{email}</strong>.
          </>
        ) : (
          'This link does not name an e-mail address. Please open the link from the e-mail again.'
        )}
      </AuthHeading>
      <FormMessage
        messages={email !== '' && token === '' ? [UNSUBSCRIBE_LINK_INVALID] : failure.messages}
        testId="unsubscribe-error"
      />
      {unsubscribe.isSuccess ? (
        <p className={styles.chip} role="status" data-testid="unsubscribe-success">
          <Icon name="check" size={14} /> {UNSUBSCRIBED_TEXT}
        </p>
      ) : (
        <Button
          className={authStyles.submit}
          disabled={email === '' || token === ''}
          loading={unsubscribe.isPending}
          onClick={() => {
            failure.clear();
            unsubscribe.mutate();
          }}
          data-testid="unsubscribe-submit"
        >
          Unsubscribe
        </Button>
      )}
    </AuthLayout>
  );
}
