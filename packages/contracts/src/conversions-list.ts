import { z } from 'zod';
import { zQueryBase } from './analytics/query.js';
import { zRiskLevel } from './detection.js';
import { zConversionStatus } from './postbacks.js';

/**
 * The conversions list (issue 36; view `conversions`, `/intelligence/reports/conversions-list`): every
 * conversion of a period with its click's attribution and its own assessment, filtered with the report
 * filters (spec 02 §2), sorted, paged, and exported as CSV. docs/api.md "Conversions list".
 */

export const CONVERSIONS_PAGE_SIZE = 50;
export const MAX_CONVERSIONS_PAGE_SIZE = 200;

export const CONVERSION_SORT_KEYS = ['ts', 'name', 'value', 'riskLevel'] as const;
export type ConversionSortKey = (typeof CONVERSION_SORT_KEYS)[number];
export const zConversionSort = z.object({
  key: z.enum(CONVERSION_SORT_KEYS),
  direction: z.enum(['asc', 'desc']),
});
export type ConversionSort = z.infer<typeof zConversionSort>;
/** Newest first unless asked otherwise. */
export const DEFAULT_CONVERSION_SORT: ConversionSort = { key: 'ts', direction: 'desc' };

/** The reported/paused status a conversion came to: as stored, or as its release made it. */
export const CONVERSION_LIST_STATUSES = ['reported', 'paused', 'not_reported'] as const;

const zConversionsScope = zQueryBase.omit({ dimensions: true }).extend({
  /** Only conversions of this status (firewall accounts; the status a release made counts). */
  status: zConversionStatus.optional(),
  sort: zConversionSort.default(DEFAULT_CONVERSION_SORT),
});

/** POST /api/conversions/list. */
export const zConversionsListQuery = zConversionsScope.extend({
  page: z.number().int().min(1).max(100_000).default(1),
  pageSize: z.number().int().min(1).max(MAX_CONVERSIONS_PAGE_SIZE).default(CONVERSIONS_PAGE_SIZE),
});
export type ConversionsListQuery = z.input<typeof zConversionsListQuery>;

/** POST /api/conversions/export: the list's query, every page, as CSV (204 when there is nothing). */
export const zConversionsExportQuery = zConversionsScope;
export type ConversionsExportQuery = z.input<typeof zConversionsExportQuery>;

const zNamedId = <Id extends z.ZodType>(id: Id) => z.object({ id, name: z.string() });

export const zConversionListItem = z.object({
  id: z.string(),
  /** The visit it belongs to (its forensics), when known. */
  sessionId: z.string().nullable(),
  ts: z.string(),
  name: z.string(),
  value: z.number().nullable(),
  currency: z.string().nullable(),
  /** The click's channel (traffic type id). */
  trafficType: z.string(),
  /** The account's firewall or S2S campaign of the click. */
  campaign: zNamedId(z.number().int()).nullable(),
  /** The Google Ads campaign of the click, named when the account knows it. */
  googleCampaign: zNamedId(z.string()).nullable(),
  riskLevel: zRiskLevel,
  threats: z.array(z.string()),
  status: zConversionStatus,
  /** When a held conversion was released (its status is then what the release made it). */
  releasedAt: z.string().nullable(),
});
export type ConversionListItem = z.infer<typeof zConversionListItem>;

export const zConversionsList = z.object({
  conversions: z.array(zConversionListItem),
  total: z.number().int(),
  page: z.number().int(),
  pageSize: z.number().int(),
});
export type ConversionsList = z.infer<typeof zConversionsList>;
