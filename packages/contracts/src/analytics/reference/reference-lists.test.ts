import { describe, expect, it } from 'vitest';
import { BROWSER_NAMES, TRAFFIC_TYPES } from '../../detection.js';
import { BROWSERS, findBrowser } from './browsers.js';
import { DEVICE_NAME_LIST, findDeviceName } from './device-names.js';
import {
  GOOGLE_CAMPAIGN_TYPES_A,
  GOOGLE_CAMPAIGN_TYPES_B,
  googleCampaignTypeName,
} from './google-campaign-types.js';
import { HIT_STATUS_LIST } from './hit-statuses.js';
import { OPERATING_SYSTEMS } from './operating-systems.js';
import { SECURITY_LEVELS } from './security-levels.js';
import { TRAFFIC_TYPE_LIST, trafficTypeName } from './traffic-types.js';

describe('reference lists', () => {
  it('browsers are the names the user-agent parser stores, in-app browsers included', () => {
    expect(BROWSERS.length).toBeGreaterThanOrEqual(18);
    expect(BROWSERS.length).toBeLessThanOrEqual(22);
    for (const name of ['Chrome', 'Chrome Mobile', 'Mobile Safari', 'Samsung Browser', 'Safari', 'Firefox']) {
      expect(findBrowser(name)?.name).toBe(name);
    }
    for (const name of ['Opera', 'Microsoft Edge', 'Facebook', 'Instagram', 'TikTok'])
      expect(findBrowser(name)).toBeDefined();
    for (const browser of BROWSERS) expect(BROWSER_NAMES).toContain(browser.id);
  });

  it('operating systems are exactly the spec list', () => {
    expect(OPERATING_SYSTEMS.map((os) => os.id)).toEqual([
      'Android',
      'Android TV',
      'BlackBerry',
      'Chrome OS',
      'Fedora',
      'Fire OS',
      'Linux',
      'HarmonyOS',
      'Mac OS',
      'OpenBSD',
      'PlayStation',
      'Tizen',
      'Ubuntu',
      'Windows',
      'Windows Phone',
      'iOS',
      'iPadOS',
    ]);
  });

  it('device names show Unknown for the stored "Not available"', () => {
    expect(DEVICE_NAME_LIST.map((device) => device.name)).toEqual([
      'Desktop',
      'Phone',
      'Phablet',
      'Tablet',
      'SmartTV',
      'Unknown',
    ]);
    expect(findDeviceName('Not available')?.name).toBe('Unknown');
  });

  it('hit statuses and security levels carry the spec names', () => {
    expect(HIT_STATUS_LIST.map((status) => status.id)).toEqual(['blocked', 'paused', 'delivered']);
    expect(SECURITY_LEVELS).toEqual([
      { id: 'low', name: 'Legitimate' },
      { id: 'medium', name: 'Suspicious' },
      { id: 'high', name: 'Invalid' },
    ]);
  });

  it('traffic types reuse TRAFFIC_TYPES with the display names', () => {
    expect(TRAFFIC_TYPE_LIST.map((type) => type.id)).toEqual([...TRAFFIC_TYPES]);
    expect(trafficTypeName('facebook')).toBe('Meta (Facebook and Instagram)');
    expect(trafficTypeName('twitter')).toBe('X (formerly Twitter)');
  });

  it('Google campaign types: catalogue A shows only SEARCH and DISPLAY, catalogue B everything', () => {
    expect(GOOGLE_CAMPAIGN_TYPES_A.filter((type) => type.visible).map((type) => type.id)).toEqual([
      'SEARCH',
      'DISPLAY',
    ]);
    expect(GOOGLE_CAMPAIGN_TYPES_A.map((type) => type.id)).toContain('UNCATEGORIZED');
    expect(GOOGLE_CAMPAIGN_TYPES_B.map((type) => type.id)).toEqual(
      expect.arrayContaining(['LOCAL_SERVICES', 'APP', 'PERFORMANCE_MAX']),
    );
    expect(GOOGLE_CAMPAIGN_TYPES_B.every((type) => type.visible)).toBe(true);
    expect(googleCampaignTypeName('PERFORMANCE_MAX')).toBe('Performance Max');
  });
});
