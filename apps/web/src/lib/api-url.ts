/** Every dashboard call is served under /api on the dashboard's own host (spec README). */
export const API_BASE = '/api';

export type QueryValue = string | number | boolean | null | undefined | readonly (string | number)[];

/** Builds "/api/path?x=1" from a path relative to the API base and optional query values. */
export function apiUrl(path: string, query?: Record<string, QueryValue>): string {
  const normalised = path.startsWith('/') ? path : `/${path}`;
  const params = new URLSearchParams();
  for (const [key, value] of Object.entries(query ?? {})) {
    if (value === undefined || value === null) continue;
    params.set(key, Array.isArray(value) ? value.join(',') : String(value));
  }
  const search = params.toString();
  return `${API_BASE}${normalised}${search ? `?${search}` : ''}`;
}
