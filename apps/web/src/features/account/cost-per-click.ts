import { PAID_TRAFFIC_TYPES } from '@veracity/contracts/home';

const CPC_LABELS: Record<(typeof PAID_TRAFFIC_TYPES)[number], string> = {
  google: 'Google Ads',
  facebook: 'Meta Ads',
  microsoft: 'Microsoft Ads',
  tiktok: 'TikTok Ads',
  pinterest: 'Pinterest Ads',
  linkedin: 'LinkedIn Ads',
  twitter: 'X (Twitter) Ads',
  reddit: 'Reddit Ads',
  taboola: 'Taboola',
  outbrain: 'Outbrain',
  criteo: 'Criteo',
  yandex: 'Yandex Direct',
  tradedoubler: 'Tradedoubler',
};

/** Channels with a default cost per click, used to compute savings until ad-platform costs arrive. */
export const CPC_CHANNELS = PAID_TRAFFIC_TYPES.map((id) => ({ id, label: CPC_LABELS[id] }));

export const CURRENCIES = [
  'EUR',
  'USD',
  'GBP',
  'CHF',
  'SEK',
  'NOK',
  'DKK',
  'PLN',
  'CZK',
  'CAD',
  'AUD',
  'MXN',
  'BRL',
  'INR',
  'JPY',
] as const;
export const DEFAULT_CURRENCY = 'EUR';

export const MAX_CPC = 10_000;
export const CPC_MESSAGE = `Use a number from 0 to ${MAX_CPC.toLocaleString('en-US')}, with up to 2 decimals`;

/** A typed cost per click: empty means "no default"; otherwise 0..10000 with up to two decimals. */
export function parseCpc(text: string): { value: number | null; error: string | null } {
  const trimmed = text.trim().replace(',', '.');
  if (trimmed === '') return { value: null, error: null };
  if (!/^\d+(\.\d{1,2})?$/.test(trimmed)) return { value: null, error: CPC_MESSAGE };
  const value = Number(trimmed);
  return value > MAX_CPC ? { value: null, error: CPC_MESSAGE } : { value, error: null };
}

export function cpcText(value: number | undefined): string {
  return value === undefined ? '' : String(value);
}
