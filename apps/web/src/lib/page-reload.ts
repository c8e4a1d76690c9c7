/** Reloads the dashboard, e.g. after the session token changed (kept apart so tests can replace it). */
export function reloadPage(): void {
  window.location.reload();
}
