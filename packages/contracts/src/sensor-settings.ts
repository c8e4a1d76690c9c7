import { z } from 'zod';
import { EXCLUSION_PLATFORMS, type ExclusionPlatform } from './collect.js';

/**
 * The account's JavaScript sensor settings (/setup/security/javascript-settings, view `js_settings`,
 * GET/PUT /api/security/sensor-settings): which ad platforms' tags the sensor fires the exclusion event
 * on, whether a single-page app's history changes are page views, the cookie-less mode, and the
 * first-party path the customer's own domain forwards to the collector. docs/security-settings.md.
 */

/**
 * A path on the customer's own domain that their reverse proxy forwards to the collector's sensor folder
 * (`/vx` -> `https://COLLECTOR/c`): one to three segments of lowercase letters, digits, `-` and `_`,
 * each starting with a letter or digit; no trailing slash, no dots, at most 64 characters.
 */
export const FIRST_PARTY_PATH_PATTERN = /^(?:\/[a-z0-9][a-z0-9_-]{0,29}){1,3}$/;
export const FIRST_PARTY_PATH_MAX_LENGTH = 64;
export const FIRST_PARTY_PATH_MESSAGE =
  'Use a path like /vx: one to three parts of lowercase letters, digits, - and _, without a trailing slash';

export const zFirstPartyPath = z
  .string()
  .max(FIRST_PARTY_PATH_MAX_LENGTH, FIRST_PARTY_PATH_MESSAGE)
  .regex(FIRST_PARTY_PATH_PATTERN, FIRST_PARTY_PATH_MESSAGE);

/** One switch per platform: true = the sensor fires the exclusion event on that platform's tag. */
export const zExclusionSwitches = z.object(
  Object.fromEntries(EXCLUSION_PLATFORMS.map((platform) => [platform, z.boolean()])) as Record<
    ExclusionPlatform,
    z.ZodBoolean
  >,
);
export type ExclusionSwitches = z.infer<typeof zExclusionSwitches>;

export const zSensorSettings = z.object({
  exclusionEvents: zExclusionSwitches,
  /** pushState, replaceState and popstate that change the URL are sent as page views. */
  spaTracking: z.boolean(),
  /** The sensor keeps no identifier in cookies or localStorage; the collector derives visits itself. */
  cookieless: z.boolean(),
  /** Null: the script and its events go to the collector's own address. */
  firstPartyPath: zFirstPartyPath.nullable(),
});
export type SensorSettings = z.infer<typeof zSensorSettings>;

/** What an account has before anyone changes it: the sensor as it always behaved. */
export const DEFAULT_SENSOR_SETTINGS: SensorSettings = {
  exclusionEvents: { google: true, facebook: true, microsoft: true, tiktok: true },
  spaTracking: false,
  cookieless: false,
  firstPartyPath: null,
};

/** The platforms whose switch is on, in `EXCLUSION_PLATFORMS` order. */
export const enabledExclusionPlatforms = (switches: ExclusionSwitches): ExclusionPlatform[] =>
  EXCLUSION_PLATFORMS.filter((platform) => switches[platform]);

/**
 * The snippet's attributes the settings add (the sensor reads them): `data-spa` and `data-cookieless`.
 * The first-party path changes the script's address instead (`sensorSnippetSrc`).
 */
export function sensorSnippetAttributes(
  settings: Pick<SensorSettings, 'spaTracking' | 'cookieless'>,
): string {
  return `${settings.spaTracking ? ' data-spa="1"' : ''}${settings.cookieless ? ' data-cookieless="1"' : ''}`;
}

/** The script's address in the snippet: the first-party path on the customer's domain, else the collector's. */
export function sensorSnippetSrc(scriptUrl: string, firstPartyPath: string | null): string {
  return firstPartyPath === null ? scriptUrl : `${firstPartyPath}/s.js`;
}

/** The whole tag a page carries. */
export function sensorSnippetTag(scriptUrl: string, sensorKey: string, settings: SensorSettings): string {
  const src = sensorSnippetSrc(scriptUrl, settings.firstPartyPath);
  return `<script async src="${src}" data-key="${sensorKey}"${sensorSnippetAttributes(settings)}></script>`;
}

/** GET and PUT /api/security/sensor-settings answer the settings with the snippet they give. */
export const zSensorSettingsAnswer = z.object({
  settings: zSensorSettings,
  /** The tag to paste on every page, with these settings. */
  snippet: z.string(),
  /** Where a first-party path is forwarded to: the collector's sensor folder (`https://COLLECTOR/c`). */
  collectorUrl: z.string(),
});
export type SensorSettingsAnswer = z.infer<typeof zSensorSettingsAnswer>;
