import { describe, expect, it } from 'vitest';
import { zSettingsUpdate } from './account.js';
import { zTrialSignupBody } from './auth.js';
import { canonicalTimeZone, ianaTimeZones, zTimeZone } from './time-zone.js';

describe('time zones', () => {
  it('accepts the IANA names and UTC, answering aliases with the list name', () => {
    expect(zTimeZone.parse('Europe/Madrid')).toBe('Europe/Madrid');
    expect(zTimeZone.parse('UTC')).toBe('UTC');
    expect(zTimeZone.parse('Etc/UTC')).toBe('Etc/UTC');
    expect(zTimeZone.parse(' America/New_York ')).toBe('America/New_York');
    expect(zTimeZone.parse('US/Eastern')).toBe('America/New_York');
    expect(zTimeZone.parse('europe/madrid')).toBe('Europe/Madrid');
    expect(ianaTimeZones().has('Asia/Tokyo')).toBe(true);
  });

  it('refuses anything else, quotes and SQL included', () => {
    for (const bad of [
      "Mars/Olympus'; --",
      'Mars/Olympus',
      '',
      '+05:00',
      'Europe/Madrid\u0000',
      "UTC'",
      'x'.repeat(65),
    ]) {
      expect(zTimeZone.safeParse(bad).success, bad).toBe(false);
      expect(canonicalTimeZone(bad), bad).toBeNull();
    }
  });

  it('is the rule of sign-up and of both settings', () => {
    const signup = {
      email: 'ana@acme-corp.com',
      firstName: 'Ana',
      companyName: 'Acme',
      jobTitle: 'CTO',
      password: 'a-long-password',
      terms: true,
    };
    expect(zTrialSignupBody.safeParse({ ...signup, timezone: "Mars/Olympus'; --" }).success).toBe(false);
    expect(zTrialSignupBody.parse({ ...signup, timezone: 'US/Pacific' }).timezone).toBe(
      'America/Los_Angeles',
    );
    expect(zSettingsUpdate.safeParse({ user: { timezone: 'Mars/Olympus' } }).success).toBe(false);
    expect(zSettingsUpdate.safeParse({ account: { timezone: 'Mars/Olympus' } }).success).toBe(false);
    expect(zSettingsUpdate.parse({ account: { timezone: 'Europe/Kiev' } }).account?.timezone).toBe(
      'Europe/Kiev',
    );
  });
});
