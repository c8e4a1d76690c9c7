import { describe, expect, it } from 'vitest';
import { LOGIN_SLOWDOWN, loginDelayMs } from './auth-limits.js';

describe('the sign-in slow-down', () => {
  it('waits from the threshold on, doubling, up to the cap', () => {
    expect(loginDelayMs(9, 10)).toBe(0);
    expect(loginDelayMs(10, 10)).toBe(LOGIN_SLOWDOWN.firstDelayMs);
    expect(loginDelayMs(11, 10)).toBe(LOGIN_SLOWDOWN.firstDelayMs * 2);
    expect(loginDelayMs(1_000_000, 10)).toBe(LOGIN_SLOWDOWN.maxDelayMs);
  });
});
