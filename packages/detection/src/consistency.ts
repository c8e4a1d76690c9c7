import type { AssessmentInput, SensorSignals } from '@veracity/contracts/detection';
import { evidenceText } from '@veracity/contracts/threat-evidence';
import { type Finding, finding } from './finding.js';
import { PHONE_MAX_SHORT_SIDE_PX } from './policy.js';
import { countriesOfTimezone } from './timezone-countries.js';
import type { ParsedUserAgent } from './user-agent.js';

/** Consistency reasons: the browser's time zone against the IP's country, the screen against the device. */

export function timezoneContradictsCountry(timezone: string | undefined, country: string | null): boolean {
  if (timezone === undefined || country === null) return false;
  const countries = countriesOfTimezone(timezone);
  return countries !== null && !countries.includes(country);
}

/** A desktop screen in CSS px is at least this wide on its long side, even at 200% scaling. */
const DESKTOP_MIN_LONG_SIDE_PX = 480;

export function hasImpossibleScreen(sensor: SensorSignals, parsed: ParsedUserAgent): boolean {
  const { screen } = sensor;
  if (screen === undefined) return false;
  if (screen.width === 0 || screen.height === 0) return true;
  const short = Math.min(screen.width, screen.height);
  const long = Math.max(screen.width, screen.height);
  // In-app browsers report the app's web view, which can be any size; only the device claim counts.
  if (parsed.device === 'Phone' && short > PHONE_MAX_SHORT_SIDE_PX) return true;
  return parsed.device === 'Desktop' && long < DESKTOP_MIN_LONG_SIDE_PX;
}

export function consistencyFindings(input: AssessmentInput, parsed: ParsedUserAgent): Finding[] {
  const { sensor } = input;
  if (sensor === null) return [];
  const found: Finding[] = [];
  const { timezone } = sensor;
  const { country } = input.enrichment;
  if (timezone !== undefined && country !== null && timezoneContradictsCountry(timezone, country)) {
    found.push(finding('consistency:timezone_country', { timezone: evidenceText(timezone), country }));
  }
  if (sensor.screen !== undefined && hasImpossibleScreen(sensor, parsed)) {
    const { width, height } = sensor.screen;
    found.push(
      finding('consistency:screen', {
        width: Math.round(width),
        height: Math.round(height),
        device: parsed.device,
      }),
    );
  }
  return found;
}
