import {
  DEFAULT_SECURITY_SETTINGS,
  EMPTY_TARGETING,
  type FirewallCampaign,
  type Offer,
} from '@veracity/contracts/firewall';
import { describe, expect, it } from 'vitest';
import { clickStatus, destinationOf, tagVerdictOf, targets } from './firewall-decision.js';

const campaign: FirewallCampaign = {
  id: 3,
  name: 'C',
  active: true,
  hidden: false,
  googleAccountId: null,
  googleCampaignId: null,
  googleCampaignType: null,
  offerId: 5,
  trafficSourceId: 8,
  security: { ...DEFAULT_SECURITY_SETTINGS, safePageUrl: 'https://safe.example/' },
  labelIds: [],
} as FirewallCampaign;
const offer: Offer = {
  id: 5,
  name: 'O',
  active: true,
  hidden: false,
  landingUrl: 'https://offer.example/?id={clickid}&x={external_id}&cc={country}',
  targeting: EMPTY_TARGETING,
  labelIds: [],
};
const spain = { country: 'ES', device: 'Desktop', os: 'Windows', carrier: null } as const;

describe('the firewall decision', () => {
  it('takes the tier action, and pauses what the offer does not take but never softens a block', () => {
    expect(clickStatus(campaign, offer, 'low', spain)).toBe('delivered');
    expect(clickStatus(campaign, offer, 'medium', spain)).toBe('paused');
    expect(clickStatus(campaign, offer, 'high', spain)).toBe('blocked');
    const usOnly = { ...offer, targeting: { ...EMPTY_TARGETING, countries: ['US'] } };
    expect(clickStatus(campaign, usOnly, 'low', spain)).toBe('paused');
    expect(clickStatus(campaign, usOnly, 'high', spain)).toBe('blocked');
    expect(clickStatus({ ...campaign, active: false }, offer, 'low', spain)).toBe('paused');
    expect(clickStatus(campaign, { ...offer, active: false }, 'low', spain)).toBe('paused');
    expect(clickStatus(campaign, null, 'low', spain)).toBe('paused');
    const allDeliver = { ...campaign, security: { ...campaign.security, high: 'deliver' as const } };
    expect(clickStatus(allDeliver, offer, 'high', spain)).toBe('delivered');
  });

  it('matches targeting list by list; an unknown country matches no country list', () => {
    expect(targets(EMPTY_TARGETING, { ...spain, country: null })).toBe(true);
    expect(targets({ ...EMPTY_TARGETING, countries: ['ES'] }, { ...spain, country: null })).toBe(false);
    expect(targets({ ...EMPTY_TARGETING, devices: ['Phone'] }, spain)).toBe(false);
    expect(targets({ ...EMPTY_TARGETING, os: ['Windows'], devices: ['Desktop'] }, spain)).toBe(true);
    expect(targets({ ...EMPTY_TARGETING, carriers: [21401] }, spain)).toBe(true);
  });

  it('sends delivered clicks to the landing URL with encoded macros, the rest to the safe page', () => {
    const click = { hitId: 'h-1', sourceClickId: 'a&b', subPublisher: null, vars: {}, visitor: spain };
    expect(destinationOf('delivered', campaign, offer, click)).toBe(
      'https://offer.example/?id=h-1&x=a%26b&cc=ES',
    );
    expect(destinationOf('paused', campaign, offer, click)).toBe('https://safe.example/');
    expect(
      destinationOf(
        'blocked',
        { ...campaign, security: { ...campaign.security, safePageUrl: null } },
        offer,
        click,
      ),
    ).toBeNull();
  });

  it('turns a decision into the JS tag verdict', () => {
    expect(tagVerdictOf('delivered', 'https://offer.example/?a', 'https://offer.example/lp')).toEqual({
      action: 'show',
    });
    expect(tagVerdictOf('delivered', 'https://offer.example/?a', 'https://other.example/')).toEqual({
      action: 'redirect',
      url: 'https://offer.example/?a',
    });
    expect(tagVerdictOf('blocked', null, 'https://offer.example/')).toEqual({ action: 'hide' });
    expect(tagVerdictOf('paused', 'https://safe.example/', 'https://offer.example/')).toEqual({
      action: 'redirect',
      url: 'https://safe.example/',
    });
  });
});
