import { loginAsLanding } from '../session/base-route';

export interface LoginAsLink {
  token: string;
  relationshipId: number;
  ghostRole: string;
  homeMode: string;
}

/** The login-as link (spec 01 §2): t, r (numeric), g and h are all required. */
export function parseLoginAs(params: URLSearchParams): LoginAsLink | null {
  const token = params.get('t')?.trim() ?? '';
  const relationship = params.get('r')?.trim() ?? '';
  const ghostRole = params.get('g')?.trim() ?? '';
  const homeMode = params.get('h')?.trim() ?? '';
  if (!token || !ghostRole || !homeMode || !/^\d+$/.test(relationship)) return null;
  const relationshipId = Number(relationship);
  if (!Number.isSafeInteger(relationshipId) || relationshipId <= 0) return null;
  return { token, relationshipId, ghostRole, homeMode };
}

export const LOGIN_AS_PARAMS = ['t', 'r', 'g', 'h'] as const;

/** Where the full redirect goes, keeping the other query parameters but never the token. */
export function loginAsTarget(link: LoginAsLink, search: string): string {
  const params = new URLSearchParams(search);
  for (const key of LOGIN_AS_PARAMS) params.delete(key);
  const rest = params.toString();
  return `${loginAsLanding(link.homeMode)}${rest ? `?${rest}` : ''}`;
}
