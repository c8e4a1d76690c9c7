import type { Relationship } from '@veracity/contracts/account';
import { useEffect, useRef } from 'react';
import { Navigate, useLocation } from 'react-router';
import { Button } from '../../components/Button/Button';
import { Spinner } from '../../components/Spinner/Spinner';
import { Link } from '../../lib/navigation';
import { useRelationships } from '../session/session.api';
import { readToken } from '../session/session-storage';
import { AuthHeading, AuthLayout, authStyles } from './AuthLayout';
import styles from './RolePage.module.css';
import { useSelectRelationship } from './use-select-relationship';

/**
 * /role (spec 01 §2): the relationship selector. Companies are listed upper-cased in a 160 px
 * scrolling list; a single account is selected at once; a spinner shows while waiting.
 */
export function RolePage() {
  const { search } = useLocation();
  const token = readToken();
  const relationships = useRelationships(token !== null);
  const select = useSelectRelationship();
  const autoSelected = useRef(false);

  const list = relationships.data;
  const only = list?.length === 1 ? list[0] : undefined;
  useEffect(() => {
    if (!only || autoSelected.current) return;
    autoSelected.current = true;
    select.mutate(only);
  }, [only, select]);

  useEffect(() => {
    if (relationships.isError) console.error('Loading the accounts failed', relationships.error);
  }, [relationships.isError, relationships.error]);

  // Selecting an inactive account logs out on the way to its screen: only an idle page leaves for login.
  if (!token && select.isIdle) return <Navigate to={{ pathname: '/auth/login', search }} replace />;

  const waiting = relationships.isPending || select.isPending || select.isSuccess || only !== undefined;
  const choosing = select.variables?.id;

  return (
    <AuthLayout testId="role">
      <AuthHeading title="Select an account">Choose the company account you want to open.</AuthHeading>
      {relationships.isError ? (
        <div className={styles.problem} data-testid="role-error">
          <p className={authStyles.text}>The accounts could not be loaded.</p>
          <Button variation="secondary" onClick={() => void relationships.refetch()}>
            Try again
          </Button>
        </div>
      ) : list && list.length === 0 ? (
        <p className={authStyles.text} data-testid="role-empty">
          Your user has no account yet. Please contact your representative.
        </p>
      ) : list && !only ? (
        <ul
          className={styles.list}
          data-testid="role-list"
          aria-label="Accounts"
          aria-busy={select.isPending}
        >
          {list.map((relationship: Relationship) => (
            <li key={relationship.id}>
              <button
                type="button"
                className={styles.item}
                onClick={() => select.mutate(relationship)}
                disabled={select.isPending || select.isSuccess}
                data-testid={`role-item-${relationship.id}`}
                data-active={relationship.active}
              >
                <span className={styles.company}>{relationship.companyName.toUpperCase()}</span>
                {choosing === relationship.id ? (
                  <Spinner size="xs" label="Opening the account" />
                ) : relationship.active ? null : (
                  <span className={styles.inactive}>Inactive</span>
                )}
              </button>
            </li>
          ))}
        </ul>
      ) : null}
      {waiting && !relationships.isError && (!list || only) ? (
        <div className={authStyles.pending} data-testid="role-pending">
          <Spinner size="s" label="" /> Opening your account…
        </div>
      ) : null}
      <div className={authStyles.links}>
        <Link to="/logout" data-testid="role-logout">
          Log out
        </Link>
      </div>
    </AuthLayout>
  );
}
