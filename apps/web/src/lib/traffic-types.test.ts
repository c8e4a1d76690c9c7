import { TRAFFIC_TYPES } from '@veracity/contracts/detection';
import { describe, expect, it } from 'vitest';
import { trafficTypeName } from './traffic-types';

describe('trafficTypeName', () => {
  it('names the channels the way the product does', () => {
    expect(trafficTypeName('facebook')).toBe('Meta (Facebook and Instagram)');
    expect(trafficTypeName('twitter')).toBe('X (formerly Twitter)');
    expect(trafficTypeName('organic_search')).toBe('Organic search');
    expect(trafficTypeName('tiktok')).toBe('TikTok');
  });

  it('gives every known traffic type a name that is not its id', () => {
    for (const type of TRAFFIC_TYPES) expect(trafficTypeName(type)).not.toBe(type);
  });

  it('reads an unknown type as words', () => {
    expect(trafficTypeName('paid_social')).toBe('Paid social');
    expect(trafficTypeName('')).toBe('Unknown');
  });
});
