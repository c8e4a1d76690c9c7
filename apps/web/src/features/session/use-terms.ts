import { useMemo } from 'react';
import { DEFAULT_TERMS, type Terms, termsOf } from '../../lib/terms';
import { useMe } from './session.api';

/**
 * The signed-in account's words (spec 02 §3 term translations) from the cached GET /api/me: the
 * private screens have it before they render. Without it (no account chosen yet) the defaults.
 */
export function useTerms(): Terms {
  const me = useMe(false);
  const translations = me.data?.translations;
  return useMemo(() => (translations ? termsOf(translations) : DEFAULT_TERMS), [translations]);
}
