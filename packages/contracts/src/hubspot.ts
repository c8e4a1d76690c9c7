import { z } from 'zod';
import { zAnalyticsDate } from './analytics/query.js';

/**
 * HubSpot (issue 35; docs/integrations/hubspot.md): a portal linked by OAuth gets two contact
 * properties; a conversion Veracity judged invalid or suspicious that carries the visitor's HubSpot
 * cookie (`hubspotutk`, read by the sensor) or the submitted email (S2S) flags the matching contact.
 */

/** The CRM API's date version in its paths (`/crm/objects/2026-03/contacts`). */
export const HUBSPOT_CRM_VERSION = '2026-03';
/** The contact property with Veracity's verdict (an enumeration: invalid, suspicious). */
export const HUBSPOT_VERDICT_PROPERTY = 'veracity_verdict';
/** The contact property with the verdict's threat reasons, as text. */
export const HUBSPOT_REASONS_PROPERTY = 'veracity_reasons';
/** HubSpot's standard contact property group the properties are created in. */
export const HUBSPOT_PROPERTY_GROUP = 'contactinformation';
/** A lead not found in HubSpot within this many hours is given up (contacts appear within minutes). */
export const HUBSPOT_MATCH_WINDOW_HOURS = 24;
/** The verdicts that flag a contact. */
export const HUBSPOT_FLAGGED_VERDICTS = ['invalid', 'suspicious'] as const;
export type HubspotVerdict = (typeof HUBSPOT_FLAGGED_VERDICTS)[number];

export const zHubspotQuery = z.object({ from: zAnalyticsDate, to: zAnalyticsDate });

export const zHubspotContact = z.object({
  contactId: z.string(),
  /** The contact's record in HubSpot. */
  url: z.string(),
  verdict: z.enum(HUBSPOT_FLAGGED_VERDICTS),
  /** Threat reason ids (contracts' threat reasons). */
  reasons: z.array(z.string()),
  conversionName: z.string(),
  matchedBy: z.enum(['hubspotutk', 'email']),
  convertedAt: z.string(),
  flaggedAt: z.string(),
});
export type HubspotContact = z.infer<typeof zHubspotContact>;

export const zHubspotState = z.object({
  /** This server has a HubSpot app (HUBSPOT_CLIENT_ID and _CLIENT_SECRET). */
  configured: z.boolean(),
  connection: z.enum(['none', 'connected', 'reconnect']),
  portal: z.object({ id: z.string(), domain: z.string() }).nullable(),
  /** The two contact properties exist in the portal. */
  propertiesReady: z.boolean(),
  /** Flagged leads still looked for in HubSpot. */
  pending: z.number().int(),
  /** The contacts flagged in the range, newest first (at most HUBSPOT_LIST_LIMIT). */
  contacts: z.array(zHubspotContact),
  problem: z.string().nullable(),
});
export type HubspotState = z.infer<typeof zHubspotState>;
export const HUBSPOT_LIST_LIMIT = 500;

export const zHubspotConnectBody = z.object({
  returnPath: z
    .string()
    .max(512)
    .regex(/^\/integrations\/hubspot(\?[^#]*)?$/, 'a HubSpot page'),
});
