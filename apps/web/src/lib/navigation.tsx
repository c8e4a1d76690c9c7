import { forwardRef, useCallback } from 'react';
import {
  type LinkProps,
  type NavigateOptions,
  type NavLinkProps,
  Link as RouterLink,
  NavLink as RouterNavLink,
  type To,
  useLocation,
  useNavigate,
} from 'react-router';

/**
 * Every navigation carries the current query string over (spec 01 §2). These wrappers merge the
 * current location.search into the target: the target's own parameters win, the rest are kept.
 */
export function withCurrentSearch(to: To, currentSearch: string): To {
  const target = typeof to === 'string' ? parseTo(to) : to;
  const merged = new URLSearchParams(currentSearch);
  const own = new URLSearchParams(target.search ?? '');
  for (const key of new Set(own.keys())) {
    merged.delete(key);
    for (const value of own.getAll(key)) merged.append(key, value);
  }
  const search = merged.toString();
  return { ...target, search: search ? `?${search}` : '' };
}

function parseTo(to: string): { pathname?: string; search?: string; hash?: string } {
  const hashIndex = to.indexOf('#');
  const hash = hashIndex >= 0 ? to.slice(hashIndex) : '';
  const rest = hashIndex >= 0 ? to.slice(0, hashIndex) : to;
  const searchIndex = rest.indexOf('?');
  const search = searchIndex >= 0 ? rest.slice(searchIndex) : '';
  const pathname = searchIndex >= 0 ? rest.slice(0, searchIndex) : rest;
  return { ...(pathname ? { pathname } : {}), search, hash };
}

/** A router Link that keeps the current query string. */
export const Link = forwardRef<HTMLAnchorElement, LinkProps>(function Link({ to, ...props }, ref) {
  const { search } = useLocation();
  return <RouterLink ref={ref} to={withCurrentSearch(to, search)} {...props} />;
});

/** A router NavLink (active state) that keeps the current query string. */
export const NavLink = forwardRef<HTMLAnchorElement, NavLinkProps>(function NavLink({ to, ...props }, ref) {
  const { search } = useLocation();
  return <RouterNavLink ref={ref} to={withCurrentSearch(to, search)} {...props} />;
});

/** navigate() that keeps the current query string. */
export function useNavigateWithSearch(): (to: To, options?: NavigateOptions) => void {
  const navigate = useNavigate();
  const { search } = useLocation();
  return useCallback(
    (to: To, options?: NavigateOptions) => {
      void navigate(withCurrentSearch(to, search), options);
    },
    [navigate, search],
  );
}
