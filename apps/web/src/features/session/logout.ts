import type { QueryClient } from '@tanstack/react-query';
import { api } from '../../lib/api-client';
import { clearSession, readToken } from './session-storage';

/**
 * Logs the user out (spec 01 §4): asks the server to revoke the session (failures are ignored, the
 * token is dropped either way), clears every session item and forgets the cached server data.
 */
export function logOut(client?: QueryClient): void {
  if (readToken()) {
    // apiRequest reads the token before its first await, so clearing right after is safe.
    api.post('/auth/logout').catch(() => undefined);
  }
  clearSession();
  client?.clear();
}

/** Demo hosts are the main host with a "demo." prefix (demo.veracity.example). */
export function isDemoHost(hostname: string): boolean {
  return hostname.startsWith('demo.');
}

/** Where /logout sends the user: the main host's login on a demo host, else this host's login. */
export function afterLogoutUrl(location: Pick<Location, 'protocol' | 'hostname' | 'port'>): string | null {
  if (!isDemoHost(location.hostname)) return null;
  const host = location.hostname.slice('demo.'.length);
  const port = location.port ? `:${location.port}` : '';
  return `${location.protocol}//${host}${port}/`;
}
