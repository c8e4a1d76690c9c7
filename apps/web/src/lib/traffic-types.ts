import type { TrafficType } from '@veracity/contracts/detection';

/**
 * How the dashboard names each traffic type (a channel). Typed by the contract's list, so a new
 * traffic type does not compile until it has a name here.
 */
export const TRAFFIC_TYPE_NAMES: Readonly<Record<TrafficType, string>> = {
  organic_search: 'Organic search',
  referral: 'Referral',
  direct: 'Direct',
  google: 'Google',
  facebook: 'Meta (Facebook and Instagram)',
  tiktok: 'TikTok',
  microsoft: 'Microsoft',
  pinterest: 'Pinterest',
  yandex: 'Yandex',
  twitter: 'X (formerly Twitter)',
  criteo: 'Criteo',
  linkedin: 'LinkedIn',
  outbrain: 'Outbrain',
  taboola: 'Taboola',
  tradedoubler: 'Tradedoubler',
  reddit: 'Reddit',
};

/** The display name of a traffic type; one the dashboard does not know yet reads as "Some type". */
export function trafficTypeName(type: string): string {
  if (Object.hasOwn(TRAFFIC_TYPE_NAMES, type)) return TRAFFIC_TYPE_NAMES[type as TrafficType];
  const words = type.replace(/[_-]+/g, ' ').trim();
  return words ? words.charAt(0).toUpperCase() + words.slice(1) : 'Unknown';
}
