/** Opens Google's consent page in this tab (kept apart so tests can replace it). */
export function openConsentPage(url: string): void {
  window.location.assign(url);
}
