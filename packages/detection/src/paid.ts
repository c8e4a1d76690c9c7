import type { AssessmentInput, ClickIdParam, TrafficType } from '@veracity/contracts/detection';
import { type Finding, finding } from './finding.js';

/**
 * Paid traffic: an ad network that appends its click id to every landing URL (auto-tagging) sent a
 * visit without one. Networks without such an id expect nothing.
 */
export const EXPECTED_CLICK_IDS: Partial<Record<TrafficType, readonly ClickIdParam[]>> = {
  google: ['gclid', 'gbraid', 'wbraid', 'dclid'],
  microsoft: ['msclkid'],
  facebook: ['fbclid'],
  tiktok: ['ttclid'],
  twitter: ['twclid'],
  linkedin: ['li_fat_id'],
  pinterest: ['epik'],
  reddit: ['rdt_cid'],
  yandex: ['yclid'],
};

function landingHasParam(landingUrl: string, param: string): boolean {
  const at = landingUrl.indexOf(`${param}=`);
  if (at <= 0) return false;
  const before = landingUrl[at - 1];
  const value = landingUrl[at + param.length + 1];
  return (before === '?' || before === '&') && value !== undefined && value !== '&' && value !== '#';
}

export function hasExpectedClickId(input: AssessmentInput, expected: readonly ClickIdParam[]): boolean {
  const { clickIds, landingUrl } = input.request;
  return expected.some(
    (param) => Boolean(clickIds[param]) || (landingUrl ? landingHasParam(landingUrl, param) : false),
  );
}

/** The hit landed from a bought ad: the campaign is paid, or the landing URL carries an ad click id. */
export function isPaidLanding(input: Pick<AssessmentInput, 'campaign' | 'request'>): boolean {
  if (input.campaign.paid) return true;
  return hasClickId(input);
}

/** The landing URL carried an ad network's click id (any network's). */
export function hasClickId(input: Pick<AssessmentInput, 'request'>): boolean {
  const { clickIds } = input.request;
  for (const param in clickIds) if (clickIds[param as ClickIdParam]) return true;
  return false;
}

export function paidFindings(input: AssessmentInput): Finding[] {
  const { paid, trafficType } = input.campaign;
  if (!paid || trafficType === null || input.kind !== 'hit') return [];
  const expected = EXPECTED_CLICK_IDS[trafficType];
  if (expected === undefined || hasExpectedClickId(input, expected)) return [];
  return [finding('paid:missing_click_id', { trafficType, expected: [...expected] })];
}
