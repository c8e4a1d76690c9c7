import { z } from 'zod';

export const zStoreStatus = z.object({
  name: z.string(),
  kind: z.string(),
  status: z.enum(['up', 'down']),
  latencyMs: z.number().nonnegative().optional(),
  detail: z.string().optional(),
});
export type StoreStatus = z.infer<typeof zStoreStatus>;

/** GET /api/health: 200 when every store is up, 503 otherwise, with the same body. */
/**
 * What the public health answer says of a store in trouble. The driver's own message (paths, hosts,
 * versions) goes to the server log only, with the store's name.
 */
export const STORE_DOWN_DETAIL = 'The store does not answer; the server log has the cause';
export const STORE_WARNING_DETAIL = 'A maintenance task of the store failed; the server log has the cause';

export const zHealth = z.object({
  status: z.enum(['ok', 'degraded']),
  version: z.string(),
  uptimeSeconds: z.number().nonnegative(),
  stores: z.array(zStoreStatus),
  /**
   * Collected events acknowledged and still waiting to be loaded into the event store, and journal
   * lines the event store refused, kept aside in `DATA_DIR/ingest-quarantine.jsonl` (0 when all is well).
   */
  ingest: z
    .object({ pending: z.number().int().nonnegative(), quarantined: z.number().int().nonnegative() })
    .optional(),
  /** Release dates (`YYYY-MM-DD`) of the IP data the detection engine ships with. */
  data: z.object({ ipCountry: z.string(), ipAsn: z.string() }).optional(),
  /**
   * PUBLIC_URL, or null when it is not set: links shown in the dashboard then use the address each
   * request came to, and mails `http://localhost:PORT` unless a request to this server's own address
   * sends them (docs/architecture.md).
   */
  publicUrl: z.string().nullable().optional(),
});
export type Health = z.infer<typeof zHealth>;
