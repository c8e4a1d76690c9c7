import { type ReactNode, useId, useState } from 'react';
import { Button } from '../Button/Button';
import { Icon } from '../Icon/Icon';
import styles from './Stepper.module.css';

export interface StepperStep {
  title: string;
  /** One panel, or several stacked panels; the footer sits on the last one. */
  panels: ReactNode | ReactNode[];
  /**
   * Readiness of the step (the google stepper's gAdsSetupStatus): a ready step shows a check in the
   * menu; while it is false, Next is unavailable and says what is missing. Omitted: no readiness.
   */
  ready?: boolean;
}

interface StepperProps {
  steps: readonly StepperStep[];
  /** Controlled step; the stepper keeps its own state (starting at 0) when omitted. */
  step?: number;
  onStepChange?: (step: number) => void;
  label?: string;
}

/**
 * Vertical integration stepper (spec 02 §2): the menu lists "{n}. {title}", the active step is
 * highlighted, clicking any step jumps to it; Back (hidden on the first step) and Next (hidden on
 * the last) sit under the last panel.
 */
export function Stepper({ steps, step, onStepChange, label = 'Integration steps' }: StepperProps) {
  const [ownStep, setOwnStep] = useState(0);
  const id = useId();
  const last = Math.max(steps.length - 1, 0);
  const active = Math.min(Math.max(step ?? ownStep, 0), last);
  const goTo = (next: number) => {
    const bounded = Math.min(Math.max(next, 0), last);
    setOwnStep(bounded);
    onStepChange?.(bounded);
  };
  const current = steps[active];
  const panels = current ? (Array.isArray(current.panels) ? current.panels : [current.panels]) : [];

  return (
    <div className={styles.stepper}>
      <nav className={styles.menu} aria-label={label}>
        <ol className={styles.list}>
          {steps.map((item, index) => (
            <li key={item.title}>
              <button
                type="button"
                className={styles.step}
                aria-current={index === active ? 'step' : undefined}
                aria-controls={`${id}-panel`}
                data-done={index < active || undefined}
                data-ready={item.ready || undefined}
                onClick={() => goTo(index)}
              >
                <span className={styles.marker} aria-hidden="true">
                  {item.ready ? <Icon name="check" size={12} /> : index + 1}
                </span>
                <span>{`${index + 1}. ${item.title}`}</span>
                {item.ready ? <span className="visually-hidden"> (ready)</span> : null}
              </button>
            </li>
          ))}
        </ol>
      </nav>
      <section id={`${id}-panel`} className={styles.panels} aria-label={current?.title}>
        {panels.map((panel, index) => {
          const isLast = index === panels.length - 1;
          return (
            // biome-ignore lint/suspicious/noArrayIndexKey: panels are positional content of a step
            <div key={index} className={styles.panel} data-testid="stepper-panel">
              {panel}
              {isLast ? (
                <footer className={styles.footer}>
                  {active > 0 ? (
                    <Button variation="secondary" onClick={() => goTo(active - 1)}>
                      Back
                    </Button>
                  ) : null}
                  {active < last ? (
                    current?.ready === false ? (
                      <>
                        <span className={styles.pending} id={`${id}-pending`}>
                          Complete this step to continue
                        </span>
                        <Button aria-disabled="true" aria-describedby={`${id}-pending`}>
                          Next
                        </Button>
                      </>
                    ) : (
                      <Button onClick={() => goTo(active + 1)}>Next</Button>
                    )
                  ) : null}
                </footer>
              ) : null}
            </div>
          );
        })}
      </section>
    </div>
  );
}
