import { describe, expect, it } from 'vitest';
import { channelAlertDraft, channelAnalyticsHref } from './channel-links';

describe('channel card links (spec 02 §2)', () => {
  it('goes to analytics with dimension trafficType, the range, the channel filter and threats=0', () => {
    const href = channelAnalyticsHref('google', { from: '2026-03-01', to: '2026-03-07' });
    expect(href).toBe(
      '/intelligence/analytics?dimensions=trafficType&from=2026-03-01&to=2026-03-07' +
        '&filters=%5B%7B%22column%22%3A%22trafficType%22%2C%22type%22%3A%22equals%22%2C%22values%22%3A%5B%22google%22%5D%7D%5D' +
        '&threats=0',
    );
    const params = new URL(href, 'http://x').searchParams;
    expect(params.get('dimensions')).toBe('trafficType');
    expect(params.get('threats')).toBe('0');
    expect(JSON.parse(params.get('filters') ?? '')).toEqual([
      { column: 'trafficType', type: 'equals', values: ['google'] },
    ]);
  });

  it('drafts an alert on the channel with threshold 3 and 500 minimum events', () => {
    const draft = channelAlertDraft('tiktok');
    expect(draft).toEqual({
      name: 'TikTok invalid traffic',
      dimensions: ['trafficType'],
      values: { trafficType: ['tiktok'] },
      threshold: 3,
      minEvents: 500,
    });
  });
});
