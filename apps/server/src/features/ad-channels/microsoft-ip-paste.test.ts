import { describe, expect, it } from 'vitest';
import { pasteEntries } from './microsoft-ip-paste.js';

describe('the invalid IPs to paste into Microsoft Advertising', () => {
  const rows = [
    { ip: '203.0.113.7', sessions: 4 },
    { ip: '203.0.113.9', sessions: 3 },
    { ip: '198.51.100.1', sessions: 5 },
    { ip: '2001:db8::1', sessions: 50 },
    { ip: '999.1.1.1', sessions: 9 },
  ];

  it('keeps IPv4 only, most invalid visits first', () => {
    expect(pasteEntries(rows, false)).toEqual({
      entries: [
        { ip: '198.51.100.1', invalidVisits: 5 },
        { ip: '203.0.113.7', invalidVisits: 4 },
        { ip: '203.0.113.9', invalidVisits: 3 },
      ],
      total: 3,
    });
  });

  it('covers a /24 with several invalid addresses by one wildcard entry', () => {
    expect(pasteEntries(rows, true).entries).toEqual([
      { ip: '203.0.113.*', invalidVisits: 7 },
      { ip: '198.51.100.1', invalidVisits: 5 },
    ]);
  });

  it('stops at the 100 addresses a campaign takes', () => {
    const many = Array.from({ length: 150 }, (_, n) => ({ ip: `10.${n}.0.1`, sessions: n }));
    const { entries, total } = pasteEntries(many, true);
    expect(entries).toHaveLength(100);
    expect(total).toBe(150);
    expect(entries[0]).toEqual({ ip: '10.149.0.1', invalidVisits: 149 });
  });
});
