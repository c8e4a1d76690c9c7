import { useCallback, useState } from 'react';

/** The integration wizards whose step is kept (spec 02 §2), with their display names. */
export const WIZARD_FEATURES = {
  meta: 'Meta',
  microsoft: 'Microsoft',
  pmax: 'Pmax',
  tiktok: 'TikTok',
  js: 'JS',
} as const;
export type WizardFeature = keyof typeof WIZARD_FEATURES;

/** A step of a wizard (spec 02 §2 "Step config"): title, zero-based step, number of panels. */
export interface WizardStepConfig {
  title: string;
  step: number;
  numSubSteps: number;
}

const storageKey = (feature: WizardFeature) => `opt-wizard-${feature}`;

function readStep(feature: WizardFeature, steps: number): number {
  try {
    const saved = Number(sessionStorage.getItem(storageKey(feature)));
    return Number.isInteger(saved) && saved >= 0 && saved < steps ? saved : 0;
  } catch {
    return 0;
  }
}

/**
 * The current step of a feature's wizard, starting at 0 and kept for the browser session per feature:
 * leaving the Meta wizard at step 2 and coming back opens step 2; the Microsoft one keeps its own.
 */
export function useWizardStep(feature: WizardFeature, steps: number): [number, (step: number) => void] {
  const [step, setStep] = useState(() => readStep(feature, steps));
  const change = useCallback(
    (next: number) => {
      setStep(next);
      try {
        sessionStorage.setItem(storageKey(feature), String(next));
      } catch {
        // Storage refused (private mode): the step lasts as long as the page.
      }
    },
    [feature],
  );
  return [step, change];
}

/** Whether a wizard shown beside its page (js, pmax) was completed: it then opens collapsed. */
export function useWizardDone(feature: WizardFeature): [boolean, (done: boolean) => void] {
  const key = `${storageKey(feature)}-done`;
  const [done, setDone] = useState(() => {
    try {
      return localStorage.getItem(key) === '1';
    } catch {
      return false;
    }
  });
  const change = useCallback(
    (next: boolean) => {
      setDone(next);
      try {
        if (next) localStorage.setItem(key, '1');
        else localStorage.removeItem(key);
      } catch {
        // as above
      }
    },
    [key],
  );
  return [done, change];
}
