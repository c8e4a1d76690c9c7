import { useMutation } from '@tanstack/react-query';
import { useState } from 'react';
import { Card } from '../../components/Card/Card';
import { ConfirmModal } from '../../components/ConfirmModal/ConfirmModal';
import { GuardedButton } from '../../components/GuardedButton/GuardedButton';
import { useNavigateWithSearch } from '../../lib/navigation';
import { useShowApiError } from '../../lib/use-api-feedback';
import { clearSession } from '../session/session-storage';
import { useWriteAccess } from '../session/use-write-access';
import styles from './Account.module.css';
import { logOutEverywhere } from './account.api';

export const SESSIONS_TEXT =
  'Signed in on a device you no longer use, or shared your password? Log out everywhere ends every session of your login, on every device.';

/**
 * Sessions: "Log out everywhere" ends every session of the person, this one included
 * (POST /auth/logout-everywhere); then the usual logout runs here.
 */
export function SessionsCard({ email }: { email: string }) {
  const [confirming, setConfirming] = useState<string | null>(null);
  const access = useWriteAccess();
  const navigate = useNavigateWithSearch();
  const showError = useShowApiError();
  const end = useMutation({
    mutationFn: logOutEverywhere,
    onSuccess: () => {
      // The token is dead already: the logout screen clears the rest without calling the server.
      clearSession();
      navigate('/logout', { replace: true });
    },
    onError: (error) => {
      setConfirming(null);
      showError(error);
    },
  });
  return (
    <Card title="Sessions" data-testid="sessions-card">
      <div className={styles.form}>
        <p className={styles.help}>{SESSIONS_TEXT}</p>
        <div className={styles.formFooter}>
          <GuardedButton
            variation="secondary"
            access={access}
            onClick={() => {
              if (access.allowed) setConfirming(email);
            }}
            data-testid="logout-everywhere"
          >
            Log out everywhere
          </GuardedButton>
        </div>
      </div>
      <ConfirmModal
        subject={confirming}
        title="Log out everywhere?"
        describe={(who) =>
          `Every session of ${who} ends on every device, this one included. You will sign in again with your password.`
        }
        confirmLabel="Log out everywhere"
        pending={end.isPending}
        onConfirm={() => end.mutate()}
        onCancel={() => setConfirming(null)}
        confirmTestId="logout-everywhere-confirm"
      />
    </Card>
  );
}
