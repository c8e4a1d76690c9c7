import { useEffect, useRef } from 'react';
import { useLocation } from 'react-router';
import { Spinner } from '../../components/Spinner/Spinner';
import { clearSession, storeActiveRelationshipId, storeGhost, storeToken } from '../session/session-storage';
import { AuthLayout, authStyles } from './AuthLayout';
import { LOGIN_AS_PARAMS, loginAsTarget, parseLoginAs } from './login-as';
import { useAuthNavigate } from './use-auth-failure';

/** Full page loads leave the single-page app, so the session starts clean. Replaceable in tests. */
export const loginAsRedirect = { assign: (url: string) => window.location.assign(url) };

/**
 * /auth/login-as (spec 01 §2): support impersonation. Stores the token, the active relationship, the
 * ghost flag and role, then does a full redirect chosen by h. A link missing any parameter goes to
 * the login.
 */
export function LoginAsPage() {
  const { search } = useLocation();
  const navigate = useAuthNavigate();
  const done = useRef(false);

  useEffect(() => {
    if (done.current) return;
    done.current = true;
    const link = parseLoginAs(new URLSearchParams(search));
    if (!link) {
      navigate('/auth/login', { drop: LOGIN_AS_PARAMS, replace: true });
      return;
    }
    clearSession();
    storeToken(link.token);
    storeActiveRelationshipId(link.relationshipId);
    storeGhost(link.ghostRole);
    loginAsRedirect.assign(loginAsTarget(link, search));
  }, [navigate, search]);

  return (
    <AuthLayout testId="auth-login-as">
      <div className={authStyles.pending}>
        <Spinner size="s" label="" /> Opening the support session…
      </div>
    </AuthLayout>
  );
}
