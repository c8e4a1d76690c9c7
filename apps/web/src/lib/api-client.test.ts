import { STORAGE_KEYS } from '@veracity/contracts/storage-keys';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { ApiError, api, apiRequest, apiUrl } from './api-client';

function jsonResponse(body: unknown, status = 200, headers: Record<string, string> = {}) {
  return new Response(JSON.stringify(body), {
    status,
    headers: { 'content-type': 'application/json', ...headers },
  });
}

const fetchMock = vi.fn<typeof fetch>();

beforeEach(() => {
  fetchMock.mockReset();
  vi.stubGlobal('fetch', fetchMock);
});

afterEach(() => {
  vi.unstubAllGlobals();
  vi.useRealTimers();
});

function lastCall(): { url: string; init: RequestInit } {
  const call = fetchMock.mock.calls.at(-1);
  if (!call) throw new Error('fetch was not called');
  return { url: String(call[0]), init: call[1] ?? {} };
}

describe('apiUrl', () => {
  it('prefixes /api and encodes query values, skipping empty ones', () => {
    expect(apiUrl('/me')).toBe('/api/me');
    expect(apiUrl('alerts', { page: 2, dims: ['day', 'trafficType'], gone: undefined, none: null })).toBe(
      '/api/alerts?page=2&dims=day%2CtrafficType',
    );
  });
});

describe('apiRequest', () => {
  it('sends JSON with the stored token as a bearer header', async () => {
    localStorage.setItem(STORAGE_KEYS.token, 'tok-123');
    fetchMock.mockResolvedValueOnce(jsonResponse({ id: 1 }, 201));
    const result = await api.post('/alerts', { name: 'Spike' });
    expect(result).toEqual({ id: 1 });
    const { url, init } = lastCall();
    expect(url).toBe('/api/alerts');
    expect(init.method).toBe('POST');
    expect(init.body).toBe('{"name":"Spike"}');
    const headers = new Headers(init.headers);
    expect(headers.get('Authorization')).toBe('Bearer tok-123');
    expect(headers.get('Content-Type')).toBe('application/json');
  });

  it('sends no Authorization header without a stored token', async () => {
    fetchMock.mockResolvedValueOnce(jsonResponse({}));
    await api.get('/health');
    expect(new Headers(lastCall().init.headers).has('Authorization')).toBe(false);
  });

  it('parses the response with the caller schema', async () => {
    fetchMock.mockResolvedValueOnce(jsonResponse({ count: '3' }));
    const schema = { parse: (input: unknown) => ({ count: Number((input as { count: string }).count) }) };
    await expect(apiRequest('/count', { schema })).resolves.toEqual({ count: 3 });
  });

  it('throws a typed ApiError with status, body and request id', async () => {
    fetchMock.mockResolvedValueOnce(
      jsonResponse([{ code: 'REQUIRED', field: 'name' }], 400, { 'x-request-id': 'req-9' }),
    );
    const error = await api.put('/offers/1', {}).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(ApiError);
    expect(error).toMatchObject({
      failure: 'http',
      status: 400,
      body: [{ code: 'REQUIRED', field: 'name' }],
      requestId: 'req-9',
      method: 'PUT',
      url: '/api/offers/1',
    });
  });

  it('keeps a text error body as a string', async () => {
    fetchMock.mockResolvedValueOnce(new Response('NO_ACCOUNT', { status: 403 }));
    await expect(api.post('/auth/login', {})).rejects.toMatchObject({ status: 403, body: 'NO_ACCOUNT' });
  });

  it('returns undefined for 204', async () => {
    fetchMock.mockResolvedValueOnce(new Response(null, { status: 204 }));
    await expect(api.delete('/alerts/1')).resolves.toBeUndefined();
  });

  it('reads a failed fetch as a network failure without status', async () => {
    fetchMock.mockRejectedValueOnce(new TypeError('Failed to fetch'));
    await expect(api.get('/me')).rejects.toMatchObject({ failure: 'network', status: null });
  });

  it('aborts after the timeout and reports it', async () => {
    vi.useFakeTimers();
    fetchMock.mockImplementationOnce(
      (_url, init) =>
        new Promise((_resolve, reject) => {
          init?.signal?.addEventListener('abort', () => reject(new DOMException('aborted', 'AbortError')));
        }),
    );
    const pending = apiRequest('/slow').catch((e: unknown) => e);
    await vi.advanceTimersByTimeAsync(120_000);
    await expect(pending).resolves.toMatchObject({ failure: 'timeout', status: null });
  });
});
