import { describe, expect, it } from 'vitest';
import { dateOfVersion, ipDataDates } from './data-packages.js';

describe('data dates', () => {
  it('reads the date from the patch part of each package version', () => {
    expect(dateOfVersion('5.0.202609260156')).toBe('2026-09-26');
    expect(dateOfVersion('2.3.2026061719')).toBe('2026-06-17');
    expect(dateOfVersion('2.3.20261399')).toBeNull();
    expect(dateOfVersion('1.2.3')).toBeNull();
  });

  it('dates the installed packages', () => {
    const dates = ipDataDates();
    expect(dates.country).toMatch(/^20\d\d-\d\d-\d\d$/);
    expect(dates.asn).toMatch(/^20\d\d-\d\d-\d\d$/);
  });
});
