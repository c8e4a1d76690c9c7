import { describe, expect, it } from 'vitest';
import { entriesFromDrafts, IP_MESSAGES, isIpOrRange, newDraft, validateIpDrafts } from './ip-entries';

describe('IP entries', () => {
  it('accepts IPv4 and IPv6 addresses with optional ranges', () => {
    for (const value of [
      '203.0.113.7',
      '10.0.0.0/8',
      '0.0.0.0/0',
      '2001:db8::1',
      '2001:db8::/32',
      '::1/128',
    ]) {
      expect(isIpOrRange(value), value).toBe(true);
    }
    for (const value of ['256.1.1.1', '10.0.0.0/33', '2001:db8::/129', 'example.com', '1.2.3']) {
      expect(isIpOrRange(value), value).toBe(false);
    }
  });

  it('ignores empty rows, requires an address beside a note and refuses duplicates', () => {
    const errors = validateIpDrafts([
      newDraft('10.0.0.1'),
      newDraft(''),
      newDraft('', 'VPN'),
      newDraft('10.0.0.1 '),
      newDraft('nope'),
    ]);
    expect(errors.map((error) => error.value)).toEqual([
      null,
      null,
      IP_MESSAGES.required,
      IP_MESSAGES.duplicate,
      IP_MESSAGES.invalid,
    ]);
  });

  it('sends trimmed entries, empty notes as null, without blank rows', () => {
    expect(
      entriesFromDrafts([newDraft(' 10.0.0.1 ', ' Office '), newDraft(''), newDraft('::1', '')]),
    ).toEqual([
      { value: '10.0.0.1', note: 'Office' },
      { value: '::1', note: null },
    ]);
  });
});
