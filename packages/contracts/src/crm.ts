import { z } from 'zod';

/**
 * What identifies a conversion's person in a CRM (issue 35, HubSpot first), on the sensor's and S2S's
 * conversions. Kept apart from `hubspot.ts` so the event contracts import nothing else.
 */

/** HubSpot's visitor cookie: 32 hexadecimal characters. */
export const HUBSPOT_UTK_COOKIE = 'hubspotutk';
export const zHubspotUtk = z
  .string()
  .regex(/^[0-9a-f]{32}$/, 'a hubspotutk cookie: 32 hexadecimal characters');

/** What identifies a conversion's person in the CRM: the sensor sends the cookie, S2S either. */
export const zCrmFields = z
  .object({
    hubspotutk: zHubspotUtk.optional(),
    email: z.string().trim().toLowerCase().max(254).email().optional(),
  })
  .strict();
export type CrmFields = z.infer<typeof zCrmFields>;
