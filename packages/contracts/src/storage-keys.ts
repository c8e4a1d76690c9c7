/** Browser storage keys (spec 01 §3): every key under the prefix "opt-". */
export const STORAGE_PREFIX = 'opt-';

export const STORAGE_KEYS = {
  token: `${STORAGE_PREFIX}token`,
  activeRelationshipId: `${STORAGE_PREFIX}activeRelationshipId`,
  isGhost: `${STORAGE_PREFIX}is-ghost`,
  ghostRole: `${STORAGE_PREFIX}ghost-role`,
  version: `${STORAGE_PREFIX}version`,
  detectedOs: `${STORAGE_PREFIX}detected-os`,
  planType: `${STORAGE_PREFIX}planType`,
  sensorIntegrated: `${STORAGE_PREFIX}sensorIntegrated`,
  /** The benchmark page's filters, in sessionStorage (spec 02 §3). */
  benchmarkFilters: `${STORAGE_PREFIX}benchmark-filters`,
} as const;

/** Product version shown by the dashboard (spec 01 §9). */
export const PRODUCT_VERSION = '8.0.41';

/** Client request timeout (spec README). */
export const REQUEST_TIMEOUT_MS = 120_000;
