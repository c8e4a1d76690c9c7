import { QueryClient } from '@tanstack/react-query';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { api } from '../../lib/api-client';
import { prefetchSession } from './session.api';

afterEach(() => vi.restoreAllMocks());

describe('prefetchSession', () => {
  const asked = (client: QueryClient, session: { token: boolean; account: boolean }) => {
    const get = vi.spyOn(api, 'get').mockResolvedValue(undefined as never);
    prefetchSession(client, session);
    return get.mock.calls.map(([path]) => path);
  };

  it('asks for the user and permissions, and the settings once an account is chosen', () => {
    expect(asked(new QueryClient(), { token: true, account: false })).toEqual(['/me', '/me/permissions']);
    vi.restoreAllMocks();
    expect(asked(new QueryClient(), { token: true, account: true })).toEqual([
      '/me',
      '/me/permissions',
      '/me/settings',
    ]);
  });

  it('asks for nothing without a session', () => {
    expect(asked(new QueryClient(), { token: false, account: true })).toEqual([]);
  });
});
