import { z } from 'zod';
import { zAccountFeature, zPermissionKey, zPlanType } from './plans.js';
import { zTimeZone } from './time-zone.js';
import { zViewId } from './views.js';

/** Term translations an account may rename (spec 02 §3); keys missing use the defaults. */
export const DEFAULT_TRANSLATIONS = {
  offer: 'Offer',
  trafficSource: 'Traffic Source',
  campaign: 'Campaign',
  var1: 'Var 1',
  var2: 'Var 2',
  var3: 'Var 3',
  var4: 'Var 4',
  click: 'Visit',
  conversion: 'Conversion',
  attempt: 'Attempt',
} as const;
export const DEFAULT_ALLOWED_VARS = 4;
/** The vertical whose default analytics dimension is campaign (spec 01 §4). */
export const MVAS_VERTICAL = 'MVAS';

/** A company account (spec 01 §3). */
export const zRelationship = z.object({
  id: z.number().int(),
  companyName: z.string(),
  active: z.boolean(),
  paymentUrl: z.string().nullable(),
  vertical: z.string().nullable(),
  planType: zPlanType,
  accountFeatures: z.array(zAccountFeature),
});
export type Relationship = z.infer<typeof zRelationship>;
export const zRelationships = z.array(zRelationship);

/**
 * GET /api/me: the person and, once the token is bound to a relationship, that account's facts and
 * what the plan lets them see. Before an account is selected the account fields are null.
 */
export const zMe = z.object({
  id: z.number().int(),
  email: z.string(),
  firstName: z.string(),
  jobTitle: z.string().nullable(),
  emailVerified: z.boolean(),
  isSupport: z.boolean(),
  ghost: z.boolean(),
  ghostRole: z.string().nullable(),
  relationshipId: z.number().int().nullable(),
  companyName: z.string().nullable(),
  planType: zPlanType.nullable(),
  accountFeatures: z.array(zAccountFeature),
  vertical: z.string().nullable(),
  translations: z.record(z.string(), z.string()),
  trialExpiresAt: z.string().nullable(),
  sensorIntegrated: z.boolean(),
  /** The account's public sensor key, carried by the snippet on its pages; null before an account is chosen. */
  sensorKey: z.string().nullable(),
  /** Where pages load the sensor from: `serverUrl` and the server's sensor folder, e.g. `https://app.example.com/c/s.js`. */
  sensorScriptUrl: z.string(),
  /**
   * The address of this server in what the dashboard shows (S2S examples): PUBLIC_URL, or without it
   * the address the request came to, e.g. `https://app.example.com`.
   */
  serverUrl: z.string(),
  numCampaigns: z.number().int(),
  numOffers: z.number().int(),
  numTrafficSources: z.number().int(),
  allowedVars: z.number().int(),
  isAdmin: z.boolean(),
  isDemo: z.boolean(),
  visibleViews: z.array(zViewId),
});
export type Me = z.infer<typeof zMe>;

export const zPermissions = z.array(zPermissionKey);

export const zRole = z.object({
  id: z.number().int(),
  name: z.string(),
  description: z.string(),
  permissions: z.array(zPermissionKey),
  builtIn: z.boolean(),
});
export type Role = z.infer<typeof zRole>;
export const zRoles = z.array(zRole);

export const zPaymentPage = z.object({ url: z.string().nullable() });

/** Users of the account (GET /api/account/users). Pending users were invited and have not joined. */
export const zAccountUser = z.object({
  id: z.number().int(),
  email: z.string(),
  firstName: z.string(),
  status: z.enum(['active', 'pending', 'inactive']),
  roles: z.array(z.object({ id: z.number().int(), name: z.string() })),
  lastLoginAt: z.string().nullable(),
  invitedAt: z.string().nullable(),
});
export type AccountUser = z.infer<typeof zAccountUser>;
export const zAccountUsers = z.array(zAccountUser);

export const zInviteBody = z.object({
  email: z
    .string()
    .trim()
    .min(1)
    .max(254)
    .regex(/^[^\s@]+@[^\s@]+\.[^\s@.]{2,}$/),
  roleIds: z.array(z.number().int().positive()).min(1).max(20),
});
export const zGrantRolesBody = z.object({ roleIds: z.array(z.number().int().positive()).min(1).max(20) });
export const zRevokeRolesBody = z.object({
  roleIds: z.array(z.number().int().positive()).max(20).optional(),
});

/** Default cost per click by channel, used for savings until ad-platform costs arrive. */
export const zSettings = z.object({
  user: z.object({
    firstName: z.string().trim().min(1).max(120),
    jobTitle: z.string().trim().max(120).nullable(),
    timezone: z.string().max(64),
  }),
  account: z
    .object({
      companyName: z.string().trim().min(1).max(160),
      timezone: z.string().max(64),
      currency: z.string().length(3),
      defaultCpc: z.record(z.string(), z.number().min(0).max(10_000)),
    })
    .nullable(),
  /** True when the user joined through an invitation rather than signing up. */
  invitedUser: z.boolean(),
});
export type Settings = z.infer<typeof zSettings>;
export const zSettingsUpdate = z.object({
  user: zSettings.shape.user.extend({ timezone: zTimeZone }).partial().optional(),
  account: zSettings.shape.account.unwrap().extend({ timezone: zTimeZone }).partial().optional(),
});

/** An IPv4 or IPv6 address, optionally with a CIDR range (/0-32, /0-128). */
export const IP_OR_RANGE_PATTERN =
  /^(?:(?:25[0-5]|2[0-4]\d|1?\d?\d)(?:\.(?:25[0-5]|2[0-4]\d|1?\d?\d)){3}(?:\/(?:3[0-2]|[12]?\d))?|[0-9a-fA-F:]*:[0-9a-fA-F:.]*(?:\/(?:12[0-8]|1[01]\d|[1-9]?\d))?)$/;

export const zIpEntry = z.object({
  value: z.string().trim().min(1).max(64).regex(IP_OR_RANGE_PATTERN),
  note: z.string().trim().max(200).nullable().optional(),
});
export const zIpList = z.object({ entries: z.array(zIpEntry.extend({ createdAt: z.string() })) });
/** POST replaces the whole list. */
export const zIpListUpdate = z.object({ entries: z.array(zIpEntry).max(5000) });
export type IpListUpdate = z.infer<typeof zIpListUpdate>;

/** The login IP allow-list (/account/access-login-settings). */
export const zLoginAccessSettings = z.object({
  enabled: z.boolean(),
  entries: z.array(zIpEntry.extend({ createdAt: z.string() })),
});
export const zLoginAccessUpdate = z.object({ enabled: z.boolean(), entries: z.array(zIpEntry).max(1000) });

/** API keys for server-to-server calls; the secret is shown once, at creation. */
export const zApiKey = z.object({
  id: z.number().int(),
  name: z.string(),
  prefix: z.string(),
  createdAt: z.string(),
  lastUsedAt: z.string().nullable(),
});
export type ApiKey = z.infer<typeof zApiKey>;
export const zApiKeys = z.array(zApiKey);
export const zCreateApiKeyBody = z.object({ name: z.string().trim().min(1).max(80) });
export const zCreatedApiKey = zApiKey.extend({ key: z.string() });
export const zDeleteApiKeyBody = z.object({ key: z.number().int().positive() });

export const zLabel = z.object({
  id: z.number().int(),
  name: z.string(),
  color: z.string(),
  createdAt: z.string(),
});
export type Label = z.infer<typeof zLabel>;
export const zLabels = z.array(zLabel);
export const zLabelBody = z.object({
  name: z.string().trim().min(1).max(60),
  color: z
    .string()
    .regex(/^#[0-9a-fA-F]{6}$/)
    .default('#5b6375'),
});

/** Messages kept by the outbox (sent or not), listed to the instance admin by GET /api/support/outbox. */
export const zOutboxMessage = z.object({
  id: z.number().int(),
  to: z.string(),
  subject: z.string(),
  text: z.string(),
  html: z.string(),
  kind: z.string(),
  createdAt: z.string(),
  sentAt: z.string().nullable(),
});
export type OutboxMessage = z.infer<typeof zOutboxMessage>;
export const zOutboxMessages = z.array(zOutboxMessage);

/** GET /api/support/relationships: accounts a support user may open, found by name or id. */
export const zSupportRelationship = zRelationship.extend({
  members: z.number().int(),
  createdAt: z.string(),
});
export const zSupportRelationships = z.array(zSupportRelationship);
export type SupportRelationship = z.infer<typeof zSupportRelationship>;
