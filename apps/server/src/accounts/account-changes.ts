/**
 * Tells the readers of an account's detection settings (the collector's AccountDirectory) that a
 * dashboard change was committed, so that the next hit of the account reads them afresh instead of
 * waiting for its cache to expire: this server's readers at once, and other servers' through the
 * shared state when several share one (`shared-state/shared-account-changes.ts`); without it, other
 * servers wait for their cache (`INGEST_ACCOUNT_CACHE_SECONDS`).
 */
export class AccountChanges {
  readonly #listeners = new Set<(relationshipId: number) => void>();
  readonly #announcers = new Set<(relationshipId: number) => void>();

  /** Calls `listener` after every change, made here or heard from another server; the returned function stops it. */
  subscribe(listener: (relationshipId: number) => void): () => void {
    this.#listeners.add(listener);
    return () => this.#listeners.delete(listener);
  }

  /** Calls `announcer` after every change made on this server (to tell the others). */
  announceWith(announcer: (relationshipId: number) => void): void {
    this.#announcers.add(announcer);
  }

  /** The account's settings changed on this server (call after the change's transaction has committed). */
  changed(relationshipId: number): void {
    this.heard(relationshipId);
    for (const announce of this.#announcers) announce(relationshipId);
  }

  /** Another server changed the account's settings. */
  heard(relationshipId: number): void {
    for (const listener of this.#listeners) listener(relationshipId);
  }
}
