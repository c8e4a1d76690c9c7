import { describe, expect, it } from 'vitest';
import { enrich } from './enrich.js';
import { fakeIpIntelligence } from './test-support/hits.js';

const ip = fakeIpIntelligence({
  '3.120.10.5': { country: 'DE', asn: 16509, organisation: 'AMAZON-02', hosting: true },
});
const names = (userAgent: string) => {
  const { browser, os, device } = enrich({ ip: '81.33.20.7', userAgent }, ip);
  return [browser, os, device];
};

describe('enrich', () => {
  it('maps agents to the dashboard’s browser, OS and device names', () => {
    expect(
      names(
        'Mozilla/5.0 (Linux; Android 14; SAMSUNG SM-S918B) AppleWebKit/537.36 (KHTML, like Gecko) SamsungBrowser/25.0 Chrome/121.0.0.0 Mobile Safari/537.36',
      ),
    ).toEqual(['Samsung Browser', 'Android', 'Phone']);
    expect(
      names(
        'Mozilla/5.0 (iPad; CPU OS 17_0 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.0 Mobile/15E148 Safari/604.1',
      ),
    ).toEqual(['Mobile Safari', 'iPadOS', 'Tablet']);
    expect(
      names(
        'Mozilla/5.0 (iPhone; CPU iPhone OS 17_0 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) CriOS/130.0.6723.90 Mobile/15E148 Safari/604.1',
      ),
    ).toEqual(['Chrome Mobile iOS', 'iOS', 'Phone']);
    expect(
      names(
        'Mozilla/5.0 (Macintosh; Intel Mac OS X 10_15_7) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/130.0.0.0 Safari/537.36 Edg/130.0.0.0',
      ),
    ).toEqual(['Microsoft Edge', 'Mac OS', 'Desktop']);
    expect(
      names(
        'Mozilla/5.0 (Linux; Android 14; SM-S918B Build/UP1A; wv) AppleWebKit/537.36 (KHTML, like Gecko) Version/4.0 Chrome/124.0.6367.82 Mobile Safari/537.36 [FB_IAB/FB4A;FBAV/460.0.0.48.109;]',
      ),
    ).toEqual(['Facebook', 'Android', 'Phone']);
    expect(
      names(
        'Mozilla/5.0 (Linux; Android 11; KFTRWI) AppleWebKit/537.36 (KHTML, like Gecko) Silk/120.3.1 like Chrome/120.0.6099.230 Safari/537.36',
      ),
    ).toEqual(['Silk', 'Fire OS', 'Tablet']);
    expect(
      names(
        'Mozilla/5.0 (SMART-TV; Linux; Tizen 6.0) AppleWebKit/537.36 (KHTML, like Gecko) SamsungBrowser/4.0 Chrome/76.0.3809.146 TV Safari/537.36',
      ),
    ).toEqual(['Samsung Browser', 'Tizen', 'SmartTV']);
    expect(names('Mozilla/5.0 (X11; Ubuntu; Linux x86_64; rv:131.0) Gecko/20100101 Firefox/131.0')).toEqual([
      'Firefox',
      'Ubuntu',
      'Desktop',
    ]);
    expect(names('curl/8.4.0')).toEqual(['Other', 'Other', 'Not available']);
  });

  it('adds the IP facts; a hosting network has no ISP', () => {
    const hosting = enrich({ ip: '3.120.10.5', userAgent: 'curl/8.4.0' }, ip);
    expect(hosting).toMatchObject({
      country: 'DE',
      asn: 16509,
      organisation: 'AMAZON-02',
      hosting: true,
      isp: null,
    });
    expect(enrich({ ip: '81.33.20.7', userAgent: '' }, ip).isp).toBe('TELEFONICA DE ESPANA S.A.U.');
  });
});
