import { STORAGE_KEYS } from '@veracity/contracts/storage-keys';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { api } from './api-client';
import { EARLY_MAX_AGE_MS, earlyJson, startEarlyRequest, takeEarlyResponse } from './early-requests';

const fetchMock = vi.fn<typeof fetch>();
const json = (body: unknown) =>
  new Response(JSON.stringify(body), { status: 200, headers: { 'content-type': 'application/json' } });

beforeEach(() => {
  fetchMock.mockReset();
  vi.stubGlobal('fetch', fetchMock);
  localStorage.setItem(STORAGE_KEYS.token, 'tok-1');
});

afterEach(() => {
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
  localStorage.clear();
});

describe('early GETs', () => {
  it('are adopted once by the client asking the same address with the same token', async () => {
    fetchMock.mockResolvedValueOnce(json({ id: 'early' })).mockResolvedValueOnce(json({ id: 'fresh' }));
    startEarlyRequest('/api/me', 'tok-1');
    expect(fetchMock).toHaveBeenCalledTimes(1);
    expect(new Headers(fetchMock.mock.calls[0]?.[1]?.headers).get('authorization')).toBe('Bearer tok-1');

    await expect(api.get('/me')).resolves.toEqual({ id: 'early' });
    expect(fetchMock).toHaveBeenCalledTimes(1);
    await expect(api.get('/me')).resolves.toEqual({ id: 'fresh' });
    expect(fetchMock).toHaveBeenCalledTimes(2);
  });

  it('are not adopted under another token, for another address or by another method', async () => {
    fetchMock.mockImplementation(async () => json({ id: 'x' }));
    startEarlyRequest('/api/me', 'tok-old');
    await api.get('/me');
    expect(fetchMock).toHaveBeenCalledTimes(2);

    startEarlyRequest('/api/me/permissions', 'tok-1');
    await api.get('/me');
    expect(fetchMock).toHaveBeenCalledTimes(4);
    await api.post('/me/permissions', {});
    expect(fetchMock).toHaveBeenCalledTimes(5);
    await api.get('/me/permissions');
    expect(fetchMock).toHaveBeenCalledTimes(5);
  });

  it('include reads by POST, adopted only with the very same body', async () => {
    fetchMock.mockImplementation(async () => json({ rows: [] }));
    startEarlyRequest('/api/analytics/tree', 'tok-1', { method: 'POST', body: JSON.stringify({ page: 1 }) });
    await api.post('/analytics/tree', { page: 2 });
    expect(fetchMock).toHaveBeenCalledTimes(2);
    await api.post('/analytics/tree', { page: 1 });
    expect(fetchMock).toHaveBeenCalledTimes(2);
    expect(new Headers(fetchMock.mock.calls[0]?.[1]?.headers).get('content-type')).toBe('application/json');
  });

  it('let a prefetch read an answer without using it up', async () => {
    fetchMock.mockResolvedValueOnce(json({ id: 'me' }));
    startEarlyRequest('/api/me', 'tok-1');
    await expect(earlyJson('/api/me')).resolves.toEqual({ id: 'me' });
    await expect(api.get('/me')).resolves.toEqual({ id: 'me' });
    expect(fetchMock).toHaveBeenCalledTimes(1);
  });

  it('leave the client to ask again when they failed', async () => {
    fetchMock.mockRejectedValueOnce(new TypeError('offline')).mockResolvedValueOnce(json({ id: 'retry' }));
    startEarlyRequest('/api/me', 'tok-1');
    await expect(api.get('/me')).resolves.toEqual({ id: 'retry' });
    expect(fetchMock).toHaveBeenCalledTimes(2);
  });

  it('expire: an answer older than the limit is not used', () => {
    fetchMock.mockResolvedValue(json({}));
    const now = vi.spyOn(performance, 'now').mockReturnValue(1_000);
    startEarlyRequest('/api/me', 'tok-1');
    now.mockReturnValue(1_000 + EARLY_MAX_AGE_MS + 1);
    expect(takeEarlyResponse('GET', '/api/me', undefined, 'tok-1')).toBeUndefined();
  });
});
