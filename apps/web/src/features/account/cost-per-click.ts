/** Channels with a default cost per click, used to compute savings until ad-platform costs arrive. */
export const CPC_CHANNELS = [
  { id: 'google', label: 'Google Ads' },
  { id: 'facebook', label: 'Meta Ads' },
  { id: 'microsoft', label: 'Microsoft Ads' },
  { id: 'tiktok', label: 'TikTok Ads' },
  { id: 'pinterest', label: 'Pinterest Ads' },
  { id: 'linkedin', label: 'LinkedIn Ads' },
  { id: 'twitter', label: 'X (Twitter) Ads' },
  { id: 'reddit', label: 'Reddit Ads' },
  { id: 'taboola', label: 'Taboola' },
  { id: 'outbrain', label: 'Outbrain' },
  { id: 'criteo', label: 'Criteo' },
  { id: 'yandex', label: 'Yandex Direct' },
  { id: 'tradedoubler', label: 'Tradedoubler' },
] as const;

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
