import { Navigate, useLocation } from 'react-router';
import { withCurrentSearch } from '../../lib/navigation';
import { baseRoute } from '../session/base-route';
import { useGuard } from '../session/use-guard';
import { GuardSpinner } from './PrivateLayout';

/** / and /loader (spec 01 §2): the guard decides; a user who may enter lands on the base route. */
export function EntryPage() {
  const { search } = useLocation();
  const decision = useGuard();
  if (decision.kind === 'loading') return <GuardSpinner />;
  const to = decision.kind === 'redirect' ? decision.to : baseRoute(decision.me);
  return <Navigate to={withCurrentSearch(to, search)} replace />;
}
