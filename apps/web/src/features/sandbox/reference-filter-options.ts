import { FILTERS } from '@veracity/contracts/analytics/filters';
import type { FilterOption, FilterOptions } from '@veracity/contracts/analytics/query';
import { BROWSERS } from '@veracity/contracts/analytics/reference/browsers';
import { countriesForPicker, countryMatches } from '@veracity/contracts/analytics/reference/countries';
import { DEVICE_NAME_LIST } from '@veracity/contracts/analytics/reference/device-names';
import { HIT_STATUS_LIST } from '@veracity/contracts/analytics/reference/hit-statuses';
import { OPERATING_SYSTEMS } from '@veracity/contracts/analytics/reference/operating-systems';
import { SECURITY_LEVELS } from '@veracity/contracts/analytics/reference/security-levels';
import { TRAFFIC_TYPE_LIST } from '@veracity/contracts/analytics/reference/traffic-types';
import type { FilterOptionsSource } from '../intelligence/report-filters/filter-options.api';

/**
 * The sandbox's pickers run without a signed-in account, so they read the reference lists the server
 * answers from (countries, browsers, OS...) here, after a short wait so "Loading..." shows. Campaigns
 * and the values of free-text filters belong to an account: the catalogue shows a few made-up ones.
 */

const SAMPLE_CAMPAIGNS: FilterOption[] = [
  { id: 101, name: 'Spring sale – search' },
  { id: 102, name: 'Brand protection' },
  { id: 103, name: 'Retargeting – display' },
  { id: 104, name: 'Summer launch' },
];

const SAMPLE_ISPS = [
  'Telefonica de Espana',
  'Orange Espagne',
  'Vodafone Spain',
  'Digi Spain Telecom',
  'Amazon Technologies',
  'Google LLC',
  'Hetzner Online',
  'OVH SAS',
  'DigitalOcean',
  'Comcast Cable',
  'Deutsche Telekom',
  'Free SAS',
  'Bouygues Telecom',
  'British Telecommunications',
  'Virgin Media',
];

const SAMPLE_TEXT_VALUES: Record<string, readonly string[]> = {
  isp: SAMPLE_ISPS,
  opt_domain: ['shop.example.com', 'www.example.com', 'blog.example.com', 'landing.example.net'],
  referer: ['https://www.google.com/', 'https://www.bing.com/', 'https://l.facebook.com/', 'https://t.co/'],
  utm_source: ['google', 'facebook', 'newsletter', 'tiktok', 'bing'],
  utm_medium: ['cpc', 'email', 'social', 'display'],
  utm_campaign: ['spring_sale', 'brand', 'retargeting', 'summer_launch'],
  // Enough values to scroll the virtualised list.
  subPublisher: Array.from({ length: 400 }, (_, i) => `pub-${String(i + 1).padStart(4, '0')}`),
};

function listFor(filter: keyof typeof FILTERS): FilterOption[] {
  switch (FILTERS[filter].source) {
    case 'campaigns':
      return SAMPLE_CAMPAIGNS;
    case 'deviceNames':
      return DEVICE_NAME_LIST.map((device) => ({ id: device.id, name: device.name }));
    case 'operatingSystems':
      return OPERATING_SYSTEMS.map((os) => ({ id: os.id, name: os.name }));
    case 'browsers':
      return BROWSERS.map((browser) => ({ id: browser.id, name: browser.name }));
    case 'trafficTypes':
      return TRAFFIC_TYPE_LIST.map((type) => ({ id: type.id, name: type.name }));
    case 'securityLevels':
      return SECURITY_LEVELS.map((level) => ({ id: level.id, name: level.name }));
    case 'hitStatuses':
      return HIT_STATUS_LIST.map((status) => ({ id: status.id, name: status.name }));
    default:
      return (SAMPLE_TEXT_VALUES[filter] ?? []).map((value) => ({ id: value, name: value }));
  }
}

const wait = (ms: number, signal: AbortSignal) =>
  new Promise<void>((resolve, reject) => {
    const timer = setTimeout(resolve, ms);
    signal.addEventListener('abort', () => {
      clearTimeout(timer);
      reject(signal.reason);
    });
  });

export const referenceFilterOptions: FilterOptionsSource = {
  name: 'sandbox',
  async load({ filter, search, limit }, signal): Promise<FilterOptions> {
    await wait(350, signal);
    if (FILTERS[filter].source === 'countries') {
      const countries = countriesForPicker({ includeWorldWide: true }).filter((country) =>
        countryMatches(country, search),
      );
      return {
        options: countries.slice(0, limit).map(({ id, name, flag }) => ({ id, name, flag })),
        truncated: countries.length > limit,
      };
    }
    const needle = search.toLowerCase();
    const matching = listFor(filter).filter(
      (option) =>
        option.name.toLowerCase().includes(needle) || String(option.id).toLowerCase().includes(needle),
    );
    return { options: matching.slice(0, limit), truncated: matching.length > limit };
  },
};
