import type { CrmFields } from '@veracity/contracts/crm';
import type {
  HitChannel,
  RequestFacts,
  SensorProofState,
  SensorSignals,
} from '@veracity/contracts/detection';
import type { CustomVarName } from '@veracity/contracts/s2s';
import type { ConversionStatus, HitRow, HitStatus, RiskLevel } from '../storage/events/event-store.js';
import type { HitAssessment } from './assessment.js';

/** A click of the firewall's click path: where it came from and went, and the decision on it. */
export interface FirewallClick {
  offerId: number | null;
  trafficSourceId: number | null;
  /** The traffic source's own click id (the link's `clickid`): the hit's clickId. */
  sourceClickId: string | null;
  /**
   * The click's hit status from its assessment: called once, after the detection verdict and before
   * the hit is stored, so the visitor can be answered without waiting for the store.
   */
  decide(assessed: HitAssessment): HitStatus;
}

/** A hit as the collector or the S2S endpoint hands it to the pipeline. */
export interface IncomingHit {
  id: string;
  channel: HitChannel;
  /** The first-party session id of the sensor or the customer's; derived from the device when null. */
  sessionId: string | null;
  at: Date;
  url: string;
  /** The visitor's request facts (headers of the sensor's own request, or those S2S forwarded). */
  request: Omit<RequestFacts, 'landingUrl' | 'clickIds' | 'referrer'>;
  referrer: string | null;
  sensor: SensorSignals | null;
  /**
   * What the collector found of the page view's sensor proof (sensor-proof.ts); absent when nothing was
   * checked (other channels, a collector without the instance secret, hits replayed in-process).
   */
  sensorProof?: SensorProofState;
  campaignId?: number | null;
  /** The campaign names a Google Ads campaign: the traffic is a paid Google click. */
  googleCampaign?: { id: string | null; accountId: string | null } | null;
  subPublisher?: string | null;
  cost?: number | null;
  vars?: Partial<Record<CustomVarName, string>>;
  /** Look the id up in the store when it is not among the recent hits: an id the sender chose (the
   * sensor's, an S2S id) may have been stored before a restart, and its first verdict stands. */
  checkStored?: boolean;
  /** Set for the firewall's clicks (channel `firewall`); other hits are stored as delivered. */
  firewall?: FirewallClick;
}

export interface IncomingConversion {
  id: string;
  at: Date;
  /** The page view or click the conversion follows. */
  hitId: string | null;
  sessionId: string | null;
  name: string;
  value: number | null;
  currency: string | null;
  /** The converting visitor's request, when known; required when the hit is unknown. */
  request: Omit<RequestFacts, 'landingUrl' | 'clickIds' | 'referrer'> | null;
  checkStored?: boolean;
  /** Who converted, for the CRM (HubSpot): the sensor's cookie, or what S2S sent. */
  crm?: CrmFields;
  /**
   * The status the conversion is stored with, from its verdict and its click (the firewall's postback:
   * reported, paused); `not_reported` without it.
   */
  statusOf?: (
    judged: { riskLevel: RiskLevel; threats: readonly string[] },
    click: HitRow | undefined,
  ) => ConversionStatus;
}
