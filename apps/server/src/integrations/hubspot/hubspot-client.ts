import {
  HUBSPOT_CRM_VERSION,
  HUBSPOT_FLAGGED_VERDICTS,
  HUBSPOT_PROPERTY_GROUP,
  HUBSPOT_REASONS_PROPERTY,
  HUBSPOT_VERDICT_PROPERTY,
  type HubspotVerdict,
} from '@veracity/contracts/hubspot';
import { z } from 'zod';
import { createOAuthClient } from '../oauth/oauth-client.js';
import type { OAuthProvider } from '../oauth/oauth-provider.js';

/**
 * HubSpot's APIs as Veracity uses them (issue 35; docs/integrations/hubspot.md): OAuth (refresh tokens,
 * access tokens of 30 minutes), the token's portal, the two contact properties, a contact found by the
 * visitor cookie (the contacts API's utk profile) or by email (CRM search), and the verdict written on
 * it. CRM paths carry the date version `HUBSPOT_CRM_VERSION`. Search allows about 5 requests a second
 * an account: calls are spaced `minIntervalMs` (250 ms) apart; a 429 is retried after `Retry-After` or
 * a doubling wait, then thrown as `rate_limited`.
 */

export interface HubspotConfig {
  clientId: string;
  clientSecret: string;
  /** https://api.hubapi.com */
  apiUrl: string;
  /** https://app.hubspot.com (the consent page and the contacts' records). */
  appUrl: string;
}

export const HUBSPOT_SCOPES = [
  'oauth',
  'crm.objects.contacts.read',
  'crm.objects.contacts.write',
  'crm.schemas.contacts.read',
  'crm.schemas.contacts.write',
] as const;

/** HubSpot refused or failed a call: `reconnect` (token refused), `rate_limited`, `refused`, `unavailable`. */
export class HubspotError extends Error {
  override name = 'HubspotError';
  constructor(
    readonly code: 'reconnect' | 'rate_limited' | 'refused' | 'unavailable',
    message: string,
  ) {
    super(message);
  }
}

export interface HubspotClientOptions {
  timeoutMs?: number;
  minIntervalMs?: number;
  sleep?: (ms: number) => Promise<void>;
  now?: () => number;
}

const RETRIES = 3;
const zError = z.object({ message: z.string(), category: z.string().optional() });
const zTokenInfo = z.object({ hub_id: z.coerce.string(), hub_domain: z.string().optional() });
const zSearch = z.object({ total: z.number(), results: z.array(z.object({ id: z.string() })) });
const zUtkProfile = z.object({ vid: z.coerce.string() });
const zAny = z.unknown();
const zContact = z.object({ id: z.coerce.string() });

export interface HubspotPortal {
  id: string;
  domain: string;
}

export function createHubspotOAuth(config: HubspotConfig, now?: () => number): OAuthProvider {
  const client = createOAuthClient({
    clientId: config.clientId,
    clientSecret: config.clientSecret,
    authorizeUrl: `${config.appUrl}/oauth/authorize`,
    tokenUrl: `${config.apiUrl}/oauth/v1/token`,
    revokeUrl: `${config.apiUrl}/oauth/v1/refresh-tokens`,
    scopes: HUBSPOT_SCOPES,
    ...(now ? { now } : {}),
  });
  return {
    ...client,
    // HubSpot revokes a refresh token by DELETE on its path, not RFC 7009.
    async revoke(refreshToken) {
      await fetch(`${config.apiUrl}/oauth/v1/refresh-tokens/${encodeURIComponent(refreshToken)}`, {
        method: 'DELETE',
        signal: AbortSignal.timeout(15_000),
      }).catch(() => undefined);
    },
  };
}

export function createHubspotClient(config: HubspotConfig, options: HubspotClientOptions = {}) {
  const sleep = options.sleep ?? ((ms: number) => new Promise((resolve) => setTimeout(resolve, ms)));
  const now = options.now ?? Date.now;
  const minInterval = options.minIntervalMs ?? 250;
  const crm = `/crm/objects/${HUBSPOT_CRM_VERSION}/contacts`;
  const properties = `/crm/properties/${HUBSPOT_CRM_VERSION}/contacts`;
  let nextSlot = 0;

  /** Spaces calls `minInterval` apart (HubSpot's search limit), in the order they were asked. */
  async function slot(): Promise<void> {
    const at = Math.max(now(), nextSlot);
    nextSlot = at + minInterval;
    const wait = at - now();
    if (wait > 0) await sleep(wait);
  }

  /** A call; resolves null for 404 (no such contact or property). */
  async function call<T>(
    token: string,
    method: 'GET' | 'POST' | 'PATCH',
    path: string,
    schema: z.ZodType<T>,
    body?: unknown,
  ): Promise<T | null> {
    for (let attempt = 0; ; attempt += 1) {
      await slot();
      let response: Response;
      try {
        response = await fetch(`${config.apiUrl}${path}`, {
          method,
          headers: {
            authorization: `Bearer ${token}`,
            ...(body === undefined ? {} : { 'content-type': 'application/json' }),
          },
          ...(body === undefined ? {} : { body: JSON.stringify(body) }),
          signal: AbortSignal.timeout(options.timeoutMs ?? 20_000),
        });
      } catch (error) {
        throw new HubspotError('unavailable', `HubSpot did not answer: ${(error as Error).message}`);
      }
      const answer: unknown = response.status === 204 ? null : await response.json().catch(() => null);
      if (response.ok) {
        const parsed = schema.safeParse(answer);
        if (!parsed.success) throw new HubspotError('unavailable', `HubSpot answered ${path} unexpectedly`);
        return parsed.data;
      }
      if (response.status === 404) return null;
      const message = zError.safeParse(answer).data?.message ?? `HTTP ${response.status}`;
      if (response.status === 401) throw new HubspotError('reconnect', message);
      if (response.status === 429) {
        if (attempt < RETRIES) {
          const after = Number(response.headers.get('retry-after'));
          await sleep(Number.isFinite(after) && after > 0 ? after * 1000 : 1000 * 2 ** attempt);
          continue;
        }
        throw new HubspotError('rate_limited', 'HubSpot limits Veracity’s calls for this portal now');
      }
      if (response.status >= 500) throw new HubspotError('unavailable', message);
      throw new HubspotError('refused', `HubSpot refused: ${message}`);
    }
  }

  return {
    /** The portal (hub) the token belongs to. */
    async portal(accessToken: string): Promise<HubspotPortal> {
      const info = await call(
        accessToken,
        'GET',
        `/oauth/v1/access-tokens/${encodeURIComponent(accessToken)}`,
        zTokenInfo,
      );
      if (!info) throw new HubspotError('reconnect', 'HubSpot does not know this token');
      return { id: info.hub_id, domain: info.hub_domain ?? '' };
    },

    /** Creates Veracity's two contact properties where missing. */
    async ensureProperties(token: string): Promise<void> {
      if (!(await call(token, 'GET', `${properties}/${HUBSPOT_VERDICT_PROPERTY}`, zAny))) {
        await call(token, 'POST', properties, zAny, {
          name: HUBSPOT_VERDICT_PROPERTY,
          label: 'Veracity verdict',
          description:
            'Invalid or suspicious: the traffic this contact converted from, as Veracity judged it.',
          groupName: HUBSPOT_PROPERTY_GROUP,
          type: 'enumeration',
          fieldType: 'select',
          options: HUBSPOT_FLAGGED_VERDICTS.map((value, displayOrder) => ({
            label: value === 'invalid' ? 'Invalid' : 'Suspicious',
            value,
            displayOrder,
          })),
        });
      }
      if (!(await call(token, 'GET', `${properties}/${HUBSPOT_REASONS_PROPERTY}`, zAny))) {
        await call(token, 'POST', properties, zAny, {
          name: HUBSPOT_REASONS_PROPERTY,
          label: 'Veracity reasons',
          description: 'The threat reasons behind the Veracity verdict.',
          groupName: HUBSPOT_PROPERTY_GROUP,
          type: 'string',
          fieldType: 'textarea',
        });
      }
    },

    /** The contact HubSpot tied to the visitor cookie, or null (not a contact yet). */
    async contactByUtk(token: string, utk: string): Promise<string | null> {
      const found = await call(
        token,
        'GET',
        `/contacts/v1/contact/utk/${encodeURIComponent(utk)}/profile?property=email&propertyMode=value_only`,
        zUtkProfile,
      );
      return found?.vid ?? null;
    },

    /** The contact with this email (HubSpot compares emails without case), or null. */
    async contactByEmail(token: string, email: string): Promise<string | null> {
      const found = await call(token, 'POST', `${crm}/search`, zSearch, {
        filterGroups: [{ filters: [{ propertyName: 'email', operator: 'EQ', value: email }] }],
        properties: ['email'],
        limit: 1,
      });
      return found?.results[0]?.id ?? null;
    },

    /** Writes the verdict and its reasons on the contact; false when the contact is gone. */
    async flag(token: string, contactId: string, verdict: HubspotVerdict, reasons: string): Promise<boolean> {
      const updated = await call(token, 'PATCH', `${crm}/${encodeURIComponent(contactId)}`, zContact, {
        properties: { [HUBSPOT_VERDICT_PROPERTY]: verdict, [HUBSPOT_REASONS_PROPERTY]: reasons },
      });
      return updated !== null;
    },
  };
}

export type HubspotClient = ReturnType<typeof createHubspotClient>;

/** The contact's record in HubSpot's app. */
export const contactUrl = (appUrl: string, portalId: string, contactId: string) =>
  `${appUrl}/contacts/${encodeURIComponent(portalId)}/record/0-1/${encodeURIComponent(contactId)}`;
