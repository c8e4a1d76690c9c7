import { FILTERS } from '@veracity/contracts/analytics/filters';
import type { FilterOption, FilterOptions } from '@veracity/contracts/analytics/query';
import { countriesForPicker, countryMatches } from '@veracity/contracts/analytics/reference/countries';
import { referenceOptions } from '@veracity/contracts/analytics/reference/reference-options';
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
  const source = FILTERS[filter].source;
  if (source === 'campaigns') return SAMPLE_CAMPAIGNS;
  return (
    referenceOptions(source) ??
    (SAMPLE_TEXT_VALUES[filter] ?? []).map((value) => ({ id: value, name: value }))
  );
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
