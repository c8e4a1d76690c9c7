import { describe, expect, it } from 'vitest';
import { writeAccess } from './use-write-access';

describe('writeAccess', () => {
  it('waits for the user before deciding', () => {
    expect(writeAccess(undefined, ['account_manage_labels'], 'account_manage_labels')).toEqual({
      allowed: false,
      reason: null,
    });
  });

  it('refuses every change of a demo account with the demo text, whatever the rights', () => {
    expect(writeAccess(true, ['account_manage_labels'], 'account_manage_labels').reason).toBe(
      'This action is disabled for the demo account',
    );
  });

  it('names the missing permission', () => {
    expect(writeAccess(false, [], 'account_manage_users')).toEqual({
      allowed: false,
      reason: 'You need the “Manage users” permission (account_manage_users) to do this.',
    });
    expect(writeAccess(false, ['account_manage_users'], 'account_manage_users').allowed).toBe(true);
    expect(writeAccess(false, [], undefined).allowed).toBe(true);
  });
});
