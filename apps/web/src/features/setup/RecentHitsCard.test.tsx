import { describe, expect, it } from 'vitest';
import { pagePath, timeAgo } from './RecentHitsCard';

describe('timeAgo', () => {
  const now = Date.parse('2026-03-01T12:00:00Z');
  it('says how long ago a visit was, in the largest whole unit', () => {
    expect(timeAgo('2026-03-01T11:59:58Z', now)).toBe('just now');
    expect(timeAgo('2026-03-01T11:59:20Z', now)).toBe('40 s ago');
    expect(timeAgo('2026-03-01T11:57:30Z', now)).toBe('2 min ago');
    expect(timeAgo('2026-03-01T09:00:00Z', now)).toBe('3 h ago');
    expect(timeAgo('2026-02-24T12:00:00Z', now)).toBe('5 d ago');
  });

  it('reads a time slightly ahead of the browser clock as just now', () => {
    expect(timeAgo('2026-03-01T12:00:05Z', now)).toBe('just now');
  });
});

describe('pagePath', () => {
  it('keeps the path and query, without the host', () => {
    expect(pagePath('https://shop.example/pricing?plan=pro#faq')).toBe('/pricing?plan=pro');
    expect(pagePath('https://shop.example')).toBe('/');
  });

  it('decodes what is readable and leaves what does not parse as sent', () => {
    expect(pagePath('https://shop.example/caf%C3%A9?a=%26')).toBe('/café?a=%26');
    expect(pagePath('not a url')).toBe('not a url');
    expect(pagePath('https://shop.example/%E0%A4%A')).toBe('/%E0%A4%A');
  });
});
