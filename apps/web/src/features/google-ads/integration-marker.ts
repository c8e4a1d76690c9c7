import { STORAGE_PREFIX } from '@veracity/contracts/storage-keys';

/**
 * The integration marker (spec 02 §4) and the wizard state kept per feature (spec 02 §2): starting a
 * linking records which integration is being set up and the step to come back to, so a round trip
 * through the provider's consent page lands on the right step; finishing records integrationCompleted
 * and clears the marker. Kept in sessionStorage under the "opt-" prefix, for this tab only.
 */
export const INTEGRATION_MARKER_KEYS = {
  current: `${STORAGE_PREFIX}currentIntegration`,
  completed: `${STORAGE_PREFIX}integrationCompleted`,
} as const;

/** The integrations with a linking wizard; later channels add theirs. */
export type WizardIntegration = 'google' | 'meta' | 'microsoft' | 'tiktok' | 'pmax' | 'js';

export interface IntegrationMarker {
  integration: WizardIntegration;
  step: number;
}

function storage(): Storage | null {
  try {
    return window.sessionStorage;
  } catch {
    return null;
  }
}

export function readIntegrationMarker(): IntegrationMarker | null {
  try {
    const raw = storage()?.getItem(INTEGRATION_MARKER_KEYS.current);
    if (!raw) return null;
    const value: unknown = JSON.parse(raw);
    if (typeof value !== 'object' || value === null) return null;
    const { integration, step } = value as Record<string, unknown>;
    if (typeof integration !== 'string' || typeof step !== 'number' || !Number.isInteger(step) || step < 0)
      return null;
    return { integration: integration as WizardIntegration, step };
  } catch {
    return null;
  }
}

/** The step to resume for an integration, or null when another (or none) is being set up. */
export function markerStep(integration: WizardIntegration): number | null {
  const marker = readIntegrationMarker();
  return marker?.integration === integration ? marker.step : null;
}

/** Starting (or moving through) a linking: this integration is the current one, at this step. */
export function markIntegrationStarted(integration: WizardIntegration, step: number): void {
  try {
    storage()?.setItem(INTEGRATION_MARKER_KEYS.current, JSON.stringify({ integration, step }));
    storage()?.removeItem(INTEGRATION_MARKER_KEYS.completed);
  } catch {
    // Storage unavailable: the wizard then starts from the state's readiness.
  }
}

/** Finishing a linking: integrationCompleted names it, and the current marker is cleared. */
export function markIntegrationCompleted(integration: WizardIntegration): void {
  try {
    storage()?.setItem(INTEGRATION_MARKER_KEYS.completed, integration);
    storage()?.removeItem(INTEGRATION_MARKER_KEYS.current);
  } catch {
    // Nothing to keep without storage.
  }
}

export function readIntegrationCompleted(): string | null {
  try {
    return storage()?.getItem(INTEGRATION_MARKER_KEYS.completed) ?? null;
  } catch {
    return null;
  }
}

/** Unlinking: a marker left for this integration no longer points anywhere. */
export function clearIntegrationMarker(integration: WizardIntegration): void {
  if (readIntegrationMarker()?.integration !== integration) return;
  try {
    storage()?.removeItem(INTEGRATION_MARKER_KEYS.current);
  } catch {
    // Nothing kept without storage.
  }
}
