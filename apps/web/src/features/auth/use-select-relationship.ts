import { useMutation, useQueryClient } from '@tanstack/react-query';
import { MVAS_VERTICAL, type Relationship, zRelationships } from '@veracity/contracts/account';
import { useLocation, useNavigate } from 'react-router';
import { api } from '../../lib/api-client';
import { ERROR_ROUTES } from '../../lib/api-errors';
import { withCurrentSearch } from '../../lib/navigation';
import { baseRoute } from '../session/base-route';
import { FORCE_SELECTION_PARAM } from '../session/guard';
import { logOut } from '../session/logout';
import { relationshipsQueryKey } from '../session/session.api';
import {
  readActiveRelationshipId,
  storeAccountFacts,
  storeActiveRelationshipId,
  storePaymentUrl,
  storeToken,
} from '../session/session-storage';
import { authApi } from './auth.api';
import { searchWithout } from './use-auth-failure';

export const EMAIL_VERIFICATION_PENDING_PATH = '/auth/email-verification-pending';

/**
 * Where selecting an account leads (spec 01 §4), with the session changes on the way:
 * - inactive with a payment link: store it, log out, /account-inactive;
 * - inactive without one: log out, /account-missing;
 * - active: ask for the account's token; OK stores it, the account id and the account's facts and
 *   goes to the base route; VALIDATION_REQUIRED logs out to the unrecognised-IP notice; any other
 *   answer or error logs out to the index.
 */
export async function selectRelationship(relationship: Relationship): Promise<string> {
  if (!relationship.active) {
    if (relationship.paymentUrl) {
      storePaymentUrl(relationship.paymentUrl);
      logOut();
      return ERROR_ROUTES.accountInactive;
    }
    logOut();
    return ERROR_ROUTES.accountMissing;
  }
  try {
    const answer = await authApi.accountToken(relationship.id);
    if (answer.status === 'VALIDATION_REQUIRED') {
      logOut();
      return EMAIL_VERIFICATION_PENDING_PATH;
    }
    if (answer.status !== 'OK' || !answer.token) throw new Error(`Account token status ${answer.status}`);
    storeToken(answer.token.hash);
    storeActiveRelationshipId(relationship.id);
    storeAccountFacts({ vas: relationship.vertical === MVAS_VERTICAL, planType: relationship.planType });
    return baseRoute(relationship);
  } catch (error) {
    console.error('Selecting the account failed', error);
    logOut();
    return '/';
  }
}

let leaving = false;

/** Whether the page is leaving an inactive account: the calls still answering meet a closed session. */
export function isLeavingAccount(): boolean {
  return leaving;
}

/** Forgets that the page was leaving (tests). */
export function forgetLeaving(): void {
  leaving = false;
}

/**
 * The open account stopped being active while its users were in it (a failed payment: spec 01 §4,
 * docs/billing.md): an account call answered 403 NO_ACTIVE_ACCOUNT. The account is looked up again in
 * the person's list, which still answers, and left as selecting it would: its payment link stored, then
 * /account-inactive (or /account-missing without a link). The page is leaving from then on: other
 * calls failing meanwhile (several at once, or 401 once the session is closed) change nothing.
 */
export async function leaveInactiveAccount(leave: (to: string) => void = (to) => window.location.assign(to)) {
  if (leaving) return;
  leaving = true;
  try {
    const relationships = await api.get('/me/relationships', { schema: zRelationships });
    const open = readActiveRelationshipId();
    const account =
      relationships.find((relationship) => relationship.id === open) ??
      relationships.find((relationship) => !relationship.active);
    if (account && !account.active) {
      leave(await selectRelationship(account));
      return;
    }
    logOut();
    leave(ERROR_ROUTES.accountInactive);
  } catch (error) {
    console.error('Leaving the inactive account failed', error);
    logOut();
    leave(ERROR_ROUTES.accountInactive);
  }
}

/** Runs the selection and navigates, leaving forceSelection behind so the guard lets the user in. */
export function useSelectRelationship() {
  const client = useQueryClient();
  const navigate = useNavigate();
  const { search } = useLocation();
  return useMutation({
    mutationFn: selectRelationship,
    meta: { authScreen: true },
    onSuccess: (to) => {
      // Everything cached belongs to the account that was open; only the list of accounts stays.
      client.removeQueries({ predicate: (query) => query.queryKey[0] !== relationshipsQueryKey[0] });
      void navigate(withCurrentSearch(to, searchWithout(search, [FORCE_SELECTION_PARAM])), { replace: true });
    },
  });
}
