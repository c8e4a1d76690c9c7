import { STORAGE_KEYS } from '@veracity/contracts/storage-keys';

/** The signed-in user's token, kept in localStorage under "opt-token" (spec 01 §3). */
export function readSessionToken(): string | null {
  try {
    return localStorage.getItem(STORAGE_KEYS.token);
  } catch {
    return null;
  }
}

export function storeSessionToken(token: string): void {
  localStorage.setItem(STORAGE_KEYS.token, token);
}

export function clearSessionToken(): void {
  localStorage.removeItem(STORAGE_KEYS.token);
}
