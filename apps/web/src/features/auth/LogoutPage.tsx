import { useQueryClient } from '@tanstack/react-query';
import { useEffect, useRef } from 'react';
import { Spinner } from '../../components/Spinner/Spinner';
import { afterLogoutUrl, logOut } from '../session/logout';
import { AuthLayout, authStyles } from './AuthLayout';
import { useAuthNavigate } from './use-auth-failure';

/** Full page loads, replaceable in tests. */
export const logoutRedirect = { replace: (url: string) => window.location.replace(url) };

/** /logout (spec 01 §2, §4): clears the session; a demo host goes to the main host, others to login. */
export function LogoutPage() {
  const client = useQueryClient();
  const navigate = useAuthNavigate();
  const done = useRef(false);

  useEffect(() => {
    if (done.current) return;
    done.current = true;
    logOut(client);
    const mainHost = afterLogoutUrl(window.location);
    if (mainHost) logoutRedirect.replace(mainHost);
    else navigate('/auth/login', { replace: true });
  }, [client, navigate]);

  return (
    <AuthLayout testId="logout">
      <div className={authStyles.pending}>
        <Spinner size="s" label="" /> Logging out…
      </div>
    </AuthLayout>
  );
}
