import { describe, expect, it } from 'vitest';
import { readLanding } from './landing.js';

const site = 'https://www.shop.example.com/landing';

describe('readLanding', () => {
  it.each([
    [`${site}?gclid=abc`, null, 'google', true],
    [`${site}?gbraid=abc`, null, 'google', true],
    [`${site}?fbclid=abc`, 'https://l.facebook.com/', 'facebook', true],
    [`${site}?ttclid=abc`, null, 'tiktok', true],
    [`${site}?msclkid=abc`, null, 'microsoft', true],
    [`${site}?li_fat_id=abc`, null, 'linkedin', true],
    [`${site}?twclid=abc`, null, 'twitter', true],
    [`${site}?epik=abc`, null, 'pinterest', true],
    [`${site}?rdt_cid=abc`, null, 'reddit', true],
    [`${site}?yclid=abc`, null, 'yandex', true],
    [`${site}?obclid=abc`, null, 'outbrain', true],
    [`${site}?tblci=abc`, null, 'taboola', true],
    [`${site}?cto_pld=abc`, null, 'criteo', true],
    [`${site}?utm_source=google&utm_medium=cpc`, null, 'google', true],
    [`${site}?utm_source=Facebook&utm_medium=paid_social`, null, 'facebook', true],
    [`${site}?utm_source=tradedoubler&utm_medium=affiliate`, null, 'tradedoubler', false],
    [`${site}?utm_source=newsletter`, null, 'direct', false],
    [site, 'https://www.google.es/', 'organic_search', false],
    [site, 'https://duckduckgo.com/', 'organic_search', false],
    [site, 'https://t.co/xyz', 'twitter', false],
    [site, 'https://blog.example.org/post', 'referral', false],
    [site, 'https://shop.example.com/cart', 'direct', false],
    [site, null, 'direct', false],
  ])('%s from %s is %s (paid %s)', (url, referrer, trafficType, paid) => {
    const landing = readLanding(url, referrer);
    expect(landing.trafficType).toBe(trafficType);
    expect(landing.paid).toBe(paid);
  });

  it('prefers the click id over the UTM source and keeps both', () => {
    const landing = readLanding(`${site}?utm_source=facebook&gclid=G1&utm_campaign=winter`, null);
    expect(landing).toMatchObject({
      trafficType: 'google',
      clickId: 'G1',
      clickIdType: 'gclid',
      domain: 'shop.example.com',
      utm: { source: 'facebook', campaign: 'winter', medium: null },
    });
  });

  it("reads Google's ValueTrack parameters", () => {
    const landing = readLanding(
      `${site}?gclid=G&gad_campaignid=123&placement=news.example&keyword=red+shoes&customerid=987`,
      null,
    );
    expect(landing.google).toEqual({
      campaignId: '123',
      placement: 'news.example',
      keyword: 'red shoes',
      accountId: '987',
    });
  });

  it('keeps an unparsable URL without parameters', () => {
    expect(readLanding('not a url', null)).toMatchObject({
      domain: null,
      clickIds: {},
      trafficType: 'direct',
    });
  });

  it('cuts parameter values to 512 characters', () => {
    expect(readLanding(`${site}?gclid=${'a'.repeat(600)}`, null).clickId).toHaveLength(512);
  });
});
