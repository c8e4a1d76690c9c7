import type { ExclusionIpType, ProtectionMode } from '@veracity/contracts/google-ads';

/** The Google Ads screens' words for the contracts' values, in one place. */

export const PROTECTION_MODE_COPY: Record<ProtectionMode, { label: string; description: string }> = {
  detection: {
    label: 'Detection only',
    description:
      'Nothing is sent to Google. The pages show which IPs and ranges would be excluded, so you can review them first.',
  },
  dry_run: {
    label: 'Dry run',
    description:
      'Each planned exclusion is checked by Google (validate only) without changing your campaigns: errors show up before anything is applied.',
  },
  protection: {
    label: 'Protection',
    description:
      'Invalid IPs and ranges are excluded from your campaigns and accounts, within Google’s caps, and removed again when their window ends.',
  },
};

export const IP_TYPE_LABELS: Record<ExclusionIpType, string> = {
  DYNAMIC: 'Dynamic',
  PARALLEL: 'Parallel',
  STATIC: 'Static',
  ACCOUNT_REGULAR: 'Account',
  COUNTRY_GOOGLE: 'Country (Google)',
  COUNTRY_GLOBAL: 'Country (all channels)',
  GLOBAL_REGULAR: 'Global',
};

export const GOOGLE_ADS_PATHS = {
  linking: '/integrations/google-ads/linking',
  accountSettings: '/integrations/google-ads/account-settings',
  globalIntelligence: '/integrations/google-ads/global-intelligence',
} as const;

/** What a plan without Google Ads would get (spec 02 §3 upsell flags gads, gads_global_intelligence). */
export const GOOGLE_ADS_UPSELL = {
  gads: {
    title: 'Google Ads protection',
    summary:
      'Link your Google Ads accounts and keep invalid traffic out of your campaigns: Veracity excludes the IPs and visitors it found invalid, so they stop seeing your ads.',
    benefits: [
      'Link every account you manage, through your manager accounts',
      'IP and range exclusions per campaign and account, rotated within Google’s 500 caps',
      'Detection only and dry run modes to review before anything changes',
      'A never-exclude list for your offices and partners, and a log of every change',
      'Real cost per click in savings and ROI',
    ],
  },
  gads_global_intelligence: {
    title: 'Global intelligence',
    summary:
      'Benefit from what Veracity finds across all its customers: IPs and ranges found invalid in many accounts are excluded from yours before they reach you.',
    benefits: [
      'IPs and ranges invalid in at least five other accounts, anonymised',
      'Added to your Google Ads exclusions automatically once you opt in',
      'See each address, how many accounts reported it and when it was last seen',
    ],
  },
} as const;
