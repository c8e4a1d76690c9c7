import { describe, expect, it } from 'vitest';
import { accountText, campaignIndex, campaignText, ipTypeMeaning, threatsText } from './exclusion-display';

describe('exclusion entry cells', () => {
  it('dashes Google account ids of 10 or 11 digits 3-3-rest and leaves anything else as it is', () => {
    expect(accountText('1234567890')).toBe('123-456-7890');
    expect(accountText('12345678901')).toBe('123-456-78901');
    expect(accountText('123-456-7890')).toBe('123-456-7890');
    expect(accountText('12345')).toBe('12345');
  });

  it('names threats by their label, most frequent first, and keeps an unknown reason as sent', () => {
    expect(
      threatsText({ 'automation:headless': 3, 'network:datacenter': 12, 'x:new': 1, 'ua:known_bot': 0 }),
    ).toBe('Data center or hosting network (12), Headless browser (3), x:new (1)');
    expect(threatsText({})).toBe('–');
  });

  it('names the campaign where known, its id otherwise, and says when the exclusion is account-wide', () => {
    const index = campaignIndex([
      { customerId: '1234567890', campaignId: '111', name: 'Brand', type: 'SEARCH', status: 'ENABLED' },
    ]);
    expect(campaignText({ customerId: '1234567890', campaignId: '111' }, index)).toBe('Brand');
    expect(campaignText({ customerId: '9999999999', campaignId: '111' }, index)).toBe('111');
    expect(campaignText({ customerId: '1234567890', campaignId: null }, index)).toBe('Whole account');
  });

  it('explains every dynamic IP type', () => {
    expect(ipTypeMeaning('STATIC')).toContain('until removed');
    expect(ipTypeMeaning('ACCOUNT_REGULAR')).toContain('whole Google Ads account');
  });
});
