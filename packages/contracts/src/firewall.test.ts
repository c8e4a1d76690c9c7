import { describe, expect, it } from 'vitest';
import {
  DEFAULT_SECURITY_SETTINGS,
  firewallClickLink,
  firewallClickPath,
  isDomain,
  isPostbackAddress,
  postbackAddressOf,
  zFirewallCampaignCreateBody,
  zFirewallToggleBody,
  zOfferCreateBody,
} from './firewall.js';
import {
  FIREWALL_MACROS,
  fillMacros,
  isMacroUrl,
  LANDING_MACROS,
  macrosOf,
  POSTBACK_MACROS,
} from './firewall-macros.js';

describe('firewall macros', () => {
  it('lists var1 to var20 and keeps conversion values out of landing URLs', () => {
    const names = FIREWALL_MACROS.map((macro) => macro.name);
    expect(names).toContain('var1');
    expect(names).toContain('var20');
    expect(names).not.toContain('var21');
    expect(new Set(names).size).toBe(names.length);
    expect(LANDING_MACROS).toContain('clickid');
    expect(LANDING_MACROS).not.toContain('payout');
    expect(POSTBACK_MACROS).toEqual(expect.arrayContaining(['payout', 'status', 'external_id', 'clickid']));
    expect(POSTBACK_MACROS).not.toContain('device');
  });

  it('accepts http(s) URLs whose macros are allowed and outside the host', () => {
    expect(isMacroUrl('https://offer.example/land?c={clickid}&v={var3}', LANDING_MACROS)).toBe(true);
    expect(isMacroUrl('http://offer.example:8080/{offer_id}/x', LANDING_MACROS)).toBe(true);
    expect(isMacroUrl('https://offer.example/?p={payout}', LANDING_MACROS)).toBe(false);
    expect(isMacroUrl('https://{country}.offer.example/', LANDING_MACROS)).toBe(false);
    expect(isMacroUrl('https://offer.example/?c={clickid', LANDING_MACROS)).toBe(false);
    expect(isMacroUrl('https://offer.example/?c={click-id}', LANDING_MACROS)).toBe(false);
    expect(isMacroUrl('javascript:alert(1)', LANDING_MACROS)).toBe(false);
    expect(isMacroUrl('//offer.example/', LANDING_MACROS)).toBe(false);
    expect(isMacroUrl('https://offer.example/ a', LANDING_MACROS)).toBe(false);
    expect(isMacroUrl('https://safe.example/', [])).toBe(true);
  });

  it('fills macros URL-encoded, empty when a value is missing', () => {
    const template = 'https://n.example/pb?c={external_id}&p={payout}&s={status}&x={var1}';
    expect(macrosOf(template)).toEqual(['external_id', 'payout', 'status', 'var1']);
    expect(fillMacros(template, { external_id: 'a b&c=d', payout: 1.5, status: null })).toBe(
      'https://n.example/pb?c=a%20b%26c%3Dd&p=1.5&s=&x=',
    );
  });
});

describe('firewall validation patterns', () => {
  it('reads domains with a suffix of 2 to 11 letters, and IPs or ranges, as postback addresses', () => {
    expect(isDomain('tracker.network.example')).toBe(true);
    expect(isDomain('a.co')).toBe(true);
    expect(isDomain('example.abcdefghijkl')).toBe(false);
    expect(isDomain('-bad.example')).toBe(false);
    expect(isDomain('localhost')).toBe(false);
    expect(isPostbackAddress('198.51.100.0/24')).toBe(true);
    expect(isPostbackAddress('2001:db8::1')).toBe(true);
    expect(isPostbackAddress('198.51.100.0/33')).toBe(false);
    expect(isPostbackAddress('https://n.example/')).toBe(false);
    expect(postbackAddressOf(' https://track.n.example:8443/pb?x=1 ')).toBe('track.n.example');
    expect(postbackAddressOf('http://[2001:db8::7]/pb')).toBe('2001:db8::7');
    expect(postbackAddressOf('203.0.113.7')).toBe('203.0.113.7');
  });

  it('fills the defaults of a new campaign and offer', () => {
    const campaign = zFirewallCampaignCreateBody.parse({ name: 'C', security: { high: 'pause' } });
    expect({ ...DEFAULT_SECURITY_SETTINGS, ...campaign.security }).toEqual({
      ...DEFAULT_SECURITY_SETTINGS,
      high: 'pause',
    });
    expect(campaign).toMatchObject({ active: true, hidden: false, offerId: null, labelIds: [] });
    const offer = zOfferCreateBody.parse({ name: 'O', landingUrl: 'https://o.example/', targeting: {} });
    expect(offer.targeting).toEqual({});
    expect(
      zFirewallCampaignCreateBody.safeParse({ name: 'C', googleAccountId: '' }).data?.googleAccountId,
    ).toBe(null);
  });

  it('asks a PATCH for the status or the hidden flag', () => {
    expect(zFirewallToggleBody.safeParse({}).success).toBe(false);
    expect(zFirewallToggleBody.safeParse({ active: false }).success).toBe(true);
    expect(zFirewallToggleBody.safeParse({ hidden: 'yes' }).success).toBe(false);
  });
});

describe('firewall click link', () => {
  it('builds the agreed link with the default source placeholders', () => {
    expect(firewallClickPath('/c')).toBe('/c/fc');
    expect(
      firewallClickLink({
        serverUrl: 'https://v.example/',
        sensorPath: '/c',
        sensorKey: 'ab c',
        campaignId: 7,
      }),
    ).toBe('https://v.example/c/fc/7?k=ab%20c&clickid={clickid}&sub={sub}');
  });

  it('adds the offer and the chosen source parameters in a fixed order', () => {
    expect(
      firewallClickLink({
        serverUrl: 'http://localhost:8300',
        sensorPath: '/t',
        sensorKey: 'key',
        campaignId: 3,
        offerId: 9,
        sourceParams: { var2: '[V2]', clickid: '#CLICK#' },
      }),
    ).toBe('http://localhost:8300/t/fc/3?k=key&offer=9&clickid=#CLICK#&var2=[V2]');
  });
});
