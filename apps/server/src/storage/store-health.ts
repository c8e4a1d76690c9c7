/** What each store reports about itself to GET /api/health. */
export interface StoreHealth {
  status: 'up' | 'down';
  kind: string;
  latencyMs?: number;
  detail?: string;
}
