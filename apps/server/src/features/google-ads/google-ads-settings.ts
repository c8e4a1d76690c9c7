import {
  EXCLUSION_ROTATION_DEFAULT_DAYS,
  type GoogleAdsSettings,
  zGoogleAdsSettings,
} from '@veracity/contracts/google-ads';
import { z } from 'zod';

/**
 * The integration's settings as stored (ad_integration_settings.settings, JSON): the contract's
 * GoogleAdsSettings plus what the stepper needs to know was decided, not defaulted (step 2 is ready
 * once the protection mode was chosen and the tracking template applied or skipped).
 */
export const DEFAULT_GOOGLE_ADS_SETTINGS: GoogleAdsSettings = {
  protectionMode: 'detection',
  rotationDays: EXCLUSION_ROTATION_DEFAULT_DAYS,
  globalIntelligence: false,
  skipTrackingTemplate: false,
  audienceExclusion: true,
};

const zStoredSettings = zGoogleAdsSettings.partial().extend({
  protectionModeChosen: z.boolean().optional(),
  trackingTemplateApplied: z.boolean().optional(),
});
export type StoredGoogleAdsSettings = GoogleAdsSettings & {
  protectionModeChosen: boolean;
  trackingTemplateApplied: boolean;
};

/** Reads stored settings; a field missing or unreadable takes its default. */
export function readStoredSettings(json: string | undefined): StoredGoogleAdsSettings {
  let parsed: z.infer<typeof zStoredSettings> = {};
  if (json) {
    try {
      const result = zStoredSettings.safeParse(JSON.parse(json));
      if (result.success) parsed = result.data;
    } catch {
      // Unreadable JSON: the defaults, as for an account that never saved any.
    }
  }
  const defined = Object.fromEntries(Object.entries(parsed).filter(([, value]) => value !== undefined));
  return {
    ...DEFAULT_GOOGLE_ADS_SETTINGS,
    protectionModeChosen: false,
    trackingTemplateApplied: false,
    ...defined,
  };
}

export function publicSettings(stored: StoredGoogleAdsSettings): GoogleAdsSettings {
  return zGoogleAdsSettings.parse(stored);
}
