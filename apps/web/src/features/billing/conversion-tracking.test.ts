import { describe, expect, it, vi } from 'vitest';
import { reportSignupConversion } from './conversion-tracking';

describe('reportSignupConversion', () => {
  it('sends nothing when the installation gives no track host (outside production)', () => {
    const send = vi.fn(async () => new Response(null));
    reportSignupConversion(null, 'pro', send);
    expect(send).not.toHaveBeenCalled();
  });

  it('posts the 75 EUR sign-up conversion to the track host, without cookies, outliving the page', () => {
    const send = vi.fn(async () => new Response(null));
    reportSignupConversion({ url: 'https://track.example.com/conversion' }, 'pro', send);
    expect(send).toHaveBeenCalledTimes(1);
    const [url, init] = send.mock.calls[0] as unknown as [string, RequestInit];
    expect(url).toBe('https://track.example.com/conversion');
    expect(init).toMatchObject({ method: 'POST', credentials: 'omit', keepalive: true });
    expect(JSON.parse(String(init.body))).toEqual({
      name: 'signup',
      plan: 'pro',
      value: 75,
      currency: 'EUR',
    });
  });

  it('drops a failure: the sign-up never waits on tracking', async () => {
    const send = vi.fn(async () => {
      throw new TypeError('offline');
    });
    expect(() =>
      reportSignupConversion({ url: 'https://track.example.com/conversion' }, 'lite', send),
    ).not.toThrow();
    await Promise.resolve();
  });
});
