import type { Random } from './random.js';

/**
 * Where simulated visitors connect from. Every range is a /16 (or /24 for crawlers) that the IP data
 * shipped with detection maps to one network: consumer ISPs and mobile carriers for people, cloud
 * and hosting providers for scripts. traffic-model.test.ts checks each generated address against
 * `ipIntelligence()`, so a re-assigned block in a data update fails the tests rather than skewing
 * verdicts.
 */

export interface ConsumerNetwork {
  /** First two octets of the /16. */
  prefix: string;
  isp: string;
  mobile: boolean;
}

export interface CountryProfile {
  country: string;
  /** Share of human visits from this country. */
  weight: number;
  /** IANA zones people report, with their share and standard UTC offset in hours (for day rhythm). */
  timezones: readonly { zone: string; weight: number; utcOffset: number }[];
  /** navigator.languages of a typical browser there (first is the primary). */
  languages: readonly (readonly string[])[];
  currency: string;
  /** The country's Google domain, for search referrers. */
  google: string;
  networks: readonly ConsumerNetwork[];
}

export const COUNTRIES: readonly CountryProfile[] = [
  {
    country: 'US',
    weight: 40,
    timezones: [
      { zone: 'America/New_York', weight: 47, utcOffset: -5 },
      { zone: 'America/Chicago', weight: 29, utcOffset: -6 },
      { zone: 'America/Denver', weight: 7, utcOffset: -7 },
      { zone: 'America/Los_Angeles', weight: 17, utcOffset: -8 },
    ],
    languages: [['en-US', 'en'], ['en-US'], ['en-US', 'es']],
    currency: 'USD',
    google: 'www.google.com',
    networks: [
      { prefix: '73.15', isp: 'Comcast', mobile: false },
      { prefix: '76.100', isp: 'Comcast', mobile: false },
      { prefix: '24.5', isp: 'Comcast', mobile: false },
      { prefix: '108.20', isp: 'Verizon', mobile: false },
      { prefix: '99.100', isp: 'AT&T', mobile: false },
      { prefix: '47.200', isp: 'Frontier', mobile: false },
      { prefix: '172.58', isp: 'T-Mobile USA', mobile: true },
    ],
  },
  {
    country: 'GB',
    weight: 14,
    timezones: [{ zone: 'Europe/London', weight: 1, utcOffset: 0 }],
    languages: [
      ['en-GB', 'en'],
      ['en-GB', 'en-US', 'en'],
    ],
    currency: 'GBP',
    google: 'www.google.co.uk',
    networks: [
      { prefix: '86.150', isp: 'BT', mobile: false },
      { prefix: '82.10', isp: 'Virgin Media', mobile: false },
      { prefix: '81.96', isp: 'Virgin Media', mobile: false },
      { prefix: '2.100', isp: 'TalkTalk', mobile: false },
    ],
  },
  {
    country: 'DE',
    weight: 12,
    timezones: [{ zone: 'Europe/Berlin', weight: 1, utcOffset: 1 }],
    languages: [['de-DE', 'de', 'en-US', 'en'], ['de'], ['de-DE', 'de']],
    currency: 'EUR',
    google: 'www.google.de',
    networks: [
      { prefix: '79.200', isp: 'Deutsche Telekom', mobile: false },
      { prefix: '91.10', isp: 'Deutsche Telekom', mobile: false },
      { prefix: '88.70', isp: 'Vodafone', mobile: false },
    ],
  },
  {
    country: 'FR',
    weight: 8,
    timezones: [{ zone: 'Europe/Paris', weight: 1, utcOffset: 1 }],
    languages: [['fr-FR', 'fr', 'en-US', 'en'], ['fr']],
    currency: 'EUR',
    google: 'www.google.fr',
    networks: [
      { prefix: '90.20', isp: 'Orange', mobile: false },
      { prefix: '86.210', isp: 'Orange', mobile: false },
      { prefix: '82.65', isp: 'Free', mobile: false },
    ],
  },
  {
    country: 'CA',
    weight: 7,
    timezones: [
      { zone: 'America/Toronto', weight: 60, utcOffset: -5 },
      { zone: 'America/Vancouver', weight: 25, utcOffset: -8 },
      { zone: 'America/Edmonton', weight: 15, utcOffset: -7 },
    ],
    languages: [
      ['en-CA', 'en'],
      ['en-CA', 'fr-CA'],
      ['fr-CA', 'fr', 'en'],
    ],
    currency: 'CAD',
    google: 'www.google.ca',
    networks: [
      { prefix: '99.230', isp: 'Rogers', mobile: false },
      { prefix: '70.30', isp: 'Bell Canada', mobile: false },
    ],
  },
  {
    country: 'NL',
    weight: 5,
    timezones: [{ zone: 'Europe/Amsterdam', weight: 1, utcOffset: 1 }],
    languages: [['nl-NL', 'nl', 'en-US', 'en'], ['nl']],
    currency: 'EUR',
    google: 'www.google.nl',
    networks: [
      { prefix: '77.170', isp: 'KPN', mobile: false },
      { prefix: '84.25', isp: 'Ziggo', mobile: false },
    ],
  },
  {
    country: 'AU',
    weight: 5,
    timezones: [
      { zone: 'Australia/Sydney', weight: 60, utcOffset: 10 },
      { zone: 'Australia/Melbourne', weight: 40, utcOffset: 10 },
    ],
    languages: [
      ['en-AU', 'en'],
      ['en-GB', 'en'],
    ],
    currency: 'AUD',
    google: 'www.google.com.au',
    networks: [{ prefix: '1.120', isp: 'Telstra', mobile: false }],
  },
  {
    country: 'ES',
    weight: 5,
    timezones: [{ zone: 'Europe/Madrid', weight: 1, utcOffset: 1 }],
    languages: [
      ['es-ES', 'es'],
      ['es-ES', 'es', 'en'],
    ],
    currency: 'EUR',
    google: 'www.google.es',
    networks: [{ prefix: '83.40', isp: 'Telefónica', mobile: false }],
  },
  {
    country: 'IT',
    weight: 4,
    timezones: [{ zone: 'Europe/Rome', weight: 1, utcOffset: 1 }],
    languages: [['it-IT', 'it', 'en-US', 'en'], ['it']],
    currency: 'EUR',
    google: 'www.google.it',
    networks: [{ prefix: '79.10', isp: 'Telecom Italia', mobile: false }],
  },
];

/** Cloud and hosting /16s (AWS, Google Cloud, Hetzner, OVH, DigitalOcean) that scripts run from. */
export const HOSTING_PREFIXES: readonly string[] = [
  '3.80',
  '52.14',
  '18.200',
  '34.120',
  '5.9',
  '88.198',
  '95.216',
  '51.68',
  '138.68',
  '142.93',
];

/** Published crawler ranges (/24) by crawler. */
export const CRAWLER_PREFIXES = {
  googlebot: ['66.249.64', '66.249.66', '66.249.68', '66.249.70', '66.249.72', '66.249.79'],
  bingbot: ['40.77.167', '157.55.39', '207.46.13'],
  ahrefsbot: ['54.36.148', '54.36.149', '51.222.253'],
} as const;

/** A host address (.1 to .254) in a /16 given by its first two octets. */
export function addressIn16(prefix: string, random: Random): string {
  return `${prefix}.${random.int(0, 255)}.${random.int(1, 254)}`;
}

/** A host address in a /24 given by its first three octets. */
export function addressIn24(prefix: string, random: Random): string {
  return `${prefix}.${random.int(1, 254)}`;
}

/** Accept-Language as each engine writes it for navigator.languages. */
export function acceptLanguage(
  languages: readonly string[],
  engine: 'chromium' | 'gecko' | 'webkit',
): string {
  if (engine === 'webkit')
    return languages
      .slice(0, 2)
      .join(',')
      .replace(/,(.+)$/, ',$1;q=0.9');
  const step = engine === 'gecko' ? 0.2 : 0.1;
  return languages
    .map((language, index) => {
      if (index === 0) return language;
      const q = Math.max(0.1, 1 - index * step);
      return `${language};q=${q.toFixed(1)}`;
    })
    .join(',');
}
