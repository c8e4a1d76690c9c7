/**
 * Tells the in-process readers of an account's detection settings (the collector's AccountDirectory)
 * that a dashboard change was committed, so that this server's next hit of the account reads them
 * afresh instead of waiting for its cache to expire. Other servers still wait for their cache
 * (`INGEST_ACCOUNT_CACHE_SECONDS`).
 */
export class AccountChanges {
  readonly #listeners = new Set<(relationshipId: number) => void>();

  /** Calls `listener` after every change; the returned function stops it. */
  subscribe(listener: (relationshipId: number) => void): () => void {
    this.#listeners.add(listener);
    return () => this.#listeners.delete(listener);
  }

  /** The account's settings changed (call after the change's transaction has committed). */
  changed(relationshipId: number): void {
    for (const listener of this.#listeners) listener(relationshipId);
  }
}
