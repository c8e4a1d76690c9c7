import type { Label } from '@veracity/contracts/account';
import { csvText } from '@veracity/contracts/csv';
import type { FirewallCampaign, Offer, TrafficSource } from '@veracity/contracts/firewall';

/**
 * The CSV downloads of the firewall lists (spec 02 §2, §7). Names, URLs and addresses are typed by
 * customers and may hold anything: `csvText` neutralises cells a spreadsheet would run as formulas.
 */

const status = (active: boolean) => (active ? 'active' : 'inactive');
const yesNo = (value: boolean) => (value ? 'yes' : 'no');

function labelNames(ids: readonly number[], labels: readonly Label[]): string {
  return labels
    .filter((label) => ids.includes(label.id))
    .map((label) => label.name)
    .join('; ');
}

export function campaignsCsv(campaigns: readonly FirewallCampaign[], labels: readonly Label[]): string {
  return csvText([
    [
      'Id',
      'Name',
      'Status',
      'Hidden',
      'Offer id',
      'Traffic source id',
      'Legitimate clicks',
      'Suspicious clicks',
      'Invalid clicks',
      'Safe page URL',
      'When a store is down',
      'Google account id',
      'Google campaign id',
      'Google campaign type',
      'Labels',
    ],
    ...campaigns.map((c) => [
      c.id,
      c.name,
      status(c.active),
      yesNo(c.hidden),
      c.offerId,
      c.trafficSourceId,
      c.security.low,
      c.security.medium,
      c.security.high,
      c.security.safePageUrl,
      c.security.whenStoreDown,
      c.googleAccountId,
      c.googleCampaignId,
      c.googleCampaignType,
      labelNames(c.labelIds, labels),
    ]),
  ]);
}

export function offersCsv(offers: readonly Offer[], labels: readonly Label[]): string {
  return csvText([
    ['Id', 'Name', 'Status', 'Hidden', 'Landing URL', 'Countries', 'Devices', 'OS', 'Carriers', 'Labels'],
    ...offers.map((o) => [
      o.id,
      o.name,
      status(o.active),
      yesNo(o.hidden),
      o.landingUrl,
      o.targeting.countries.join(' '),
      o.targeting.devices.join('; '),
      o.targeting.os.join('; '),
      o.targeting.carriers.join(' '),
      labelNames(o.labelIds, labels),
    ]),
  ]);
}

export function trafficSourcesCsv(sources: readonly TrafficSource[], labels: readonly Label[]): string {
  return csvText([
    ['Id', 'Name', 'Status', 'Hidden', 'Postback URL', 'Allowed postback addresses', 'Labels'],
    ...sources.map((s) => [
      s.id,
      s.name,
      status(s.active),
      yesNo(s.hidden),
      s.postbackUrl,
      s.allowedPostbackAddresses.join(' '),
      labelNames(s.labelIds, labels),
    ]),
  ]);
}
