import { STORAGE_KEYS } from '@veracity/contracts/storage-keys';
import { describe, expect, it, vi } from 'vitest';
import { ApiError } from './lib/api-client';
import { createQueryClient, logOutOnUnauthorized } from './providers';

const unauthorized = new ApiError({ failure: 'http', status: 401, method: 'GET', url: '/api/me' });

describe('logOutOnUnauthorized', () => {
  it('clears the stored token and leaves for the root on a 401', () => {
    localStorage.setItem(STORAGE_KEYS.token, 'tok');
    const leave = vi.fn();
    expect(logOutOnUnauthorized(unauthorized, leave)).toBe(true);
    expect(localStorage.getItem(STORAGE_KEYS.token)).toBeNull();
    expect(leave).toHaveBeenCalledOnce();
  });

  it('leaves other failures alone', () => {
    localStorage.setItem(STORAGE_KEYS.token, 'tok');
    const leave = vi.fn();
    const serverError = new ApiError({ failure: 'http', status: 500, method: 'GET', url: '/api/me' });
    expect(logOutOnUnauthorized(serverError, leave)).toBe(false);
    expect(localStorage.getItem(STORAGE_KEYS.token)).toBe('tok');
    expect(leave).not.toHaveBeenCalled();
  });
});

describe('createQueryClient', () => {
  it('does not retry answered errors', async () => {
    const client = createQueryClient();
    const queryFn = vi.fn(() =>
      Promise.reject(new ApiError({ failure: 'http', status: 500, method: 'GET', url: '/x' })),
    );
    await client.fetchQuery({ queryKey: ['/x'], queryFn }).catch(() => undefined);
    expect(queryFn).toHaveBeenCalledTimes(1);
  });

  it('skips the logout for queries of auth screens', async () => {
    localStorage.setItem(STORAGE_KEYS.token, 'tok');
    const client = createQueryClient();
    await client
      .fetchQuery({
        queryKey: ['/auth'],
        queryFn: () => Promise.reject(unauthorized),
        meta: { authScreen: true },
      })
      .catch(() => undefined);
    expect(localStorage.getItem(STORAGE_KEYS.token)).toBe('tok');
  });
});
