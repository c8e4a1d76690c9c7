import type { Enrichment, RiskLevel } from '@veracity/contracts/detection';
import {
  type FirewallCampaign,
  type FirewallTagVerdict,
  HIT_STATUS_OF_ACTION,
  type Offer,
  type OfferTargeting,
  type SecurityAction,
} from '@veracity/contracts/firewall';
import { fillMacros } from '@veracity/contracts/firewall-macros';
import type { CustomVarName } from '@veracity/contracts/s2s';
import type { HitStatus } from '../storage/events/event-store.js';

/**
 * The firewall's decision for one click (issue 34), pure: the detection verdict's risk tier gives the
 * campaign's action for it (deliver, pause, block), and a delivered click the offer does not target is
 * paused instead (it is not fraud, only not for this offer). Then where the visitor goes.
 */

const SEVERITY: Record<HitStatus, number> = { delivered: 0, paused: 1, blocked: 2 };

/** What a click's visitor is, as far as offer targeting goes. */
export type TargetingFacts = Pick<Enrichment, 'country' | 'device' | 'os' | 'carrier'>;

/**
 * Whether an offer takes a visitor: each list empty means everyone. A visitor of unknown country (WW)
 * matches no country list. Carriers are checked only when the visitor's carrier is known as a carrier
 * id; the IP data names no carriers today, so carrier targeting does not pause anyone yet.
 */
export function targets(targeting: OfferTargeting, visitor: TargetingFacts): boolean {
  if (targeting.countries.length > 0 && !targeting.countries.includes(visitor.country ?? 'WW')) return false;
  if (targeting.devices.length > 0 && !targeting.devices.includes(visitor.device)) return false;
  if (targeting.os.length > 0 && !targeting.os.includes(visitor.os)) return false;
  return true;
}

/** The campaign's action for a risk tier. */
export function actionOf(campaign: FirewallCampaign, riskLevel: RiskLevel): SecurityAction {
  return campaign.security[riskLevel];
}

/**
 * The hit status of a click: the campaign's action for its tier, paused when the campaign or the offer
 * is inactive or there is no offer, and paused when the offer does not target the visitor.
 */
export function clickStatus(
  campaign: FirewallCampaign,
  offer: Offer | null,
  riskLevel: RiskLevel,
  visitor: TargetingFacts,
): HitStatus {
  const byTier: HitStatus = HIT_STATUS_OF_ACTION[actionOf(campaign, riskLevel)];
  const held = !campaign.active || !(offer?.active && targets(offer.targeting, visitor));
  return held && SEVERITY[byTier] < SEVERITY.paused ? 'paused' : byTier;
}

/** What the click link carried for the landing macros, beside the decision's own facts. */
export interface ClickMacroValues {
  hitId: string;
  sourceClickId: string | null;
  subPublisher: string | null;
  vars: Partial<Record<CustomVarName, string>>;
  visitor: TargetingFacts | null;
}

/** The offer's landing URL with LANDING_MACROS filled (`{clickid}` is the hit's id), each URL-encoded. */
export function landingUrlOf(campaign: FirewallCampaign, offer: Offer, click: ClickMacroValues): string {
  return fillMacros(offer.landingUrl, {
    ...click.vars,
    clickid: click.hitId,
    external_id: click.sourceClickId,
    campaign_id: campaign.id,
    offer_id: offer.id,
    traffic_source_id: campaign.trafficSourceId,
    sub_publisher: click.subPublisher,
    country: click.visitor ? (click.visitor.country ?? 'WW') : null,
    device: click.visitor?.device ?? null,
    os: click.visitor?.os ?? null,
  });
}

/** Where a click goes: the offer's filled landing URL, the safe page, or null for the neutral page. */
export function destinationOf(
  status: HitStatus,
  campaign: FirewallCampaign,
  offer: Offer | null,
  click: ClickMacroValues,
): string | null {
  if (status === 'delivered' && offer) return landingUrlOf(campaign, offer, click);
  return campaign.security.safePageUrl;
}

/** The page a paused or blocked visitor sees when the campaign has no safe page: nothing to read. */
export const NEUTRAL_PAGE =
  '<!doctype html><html><head><meta charset="utf-8"><title></title></head><body></body></html>';

/**
 * The JS tag's verdict for a page: a delivered visit stays on the page when the page is on the offer's
 * site (same origin as its landing URL), else goes to the landing URL; a paused or blocked one goes to
 * the safe page, or the page is emptied without one.
 */
export function tagVerdictOf(
  status: HitStatus,
  destination: string | null,
  pageUrl: string,
): FirewallTagVerdict {
  if (status !== 'delivered')
    return destination ? { action: 'redirect', url: destination } : { action: 'hide' };
  if (!destination || sameOrigin(destination, pageUrl)) return { action: 'show' };
  return { action: 'redirect', url: destination };
}

function sameOrigin(a: string, b: string): boolean {
  try {
    return new URL(a).origin === new URL(b).origin;
  } catch {
    return false;
  }
}
