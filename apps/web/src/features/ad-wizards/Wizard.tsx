import type { ReactNode } from 'react';
import { Link } from 'react-router';
import { PageHeader } from '../../components/PageHeader/PageHeader';
import { Stepper, type StepperStep } from '../../components/Stepper/Stepper';
import styles from './Wizards.module.css';
import { useWizardStep, type WizardFeature, type WizardStepConfig } from './wizard-state';

/** A wizard's content: each step's title and panels (numSubSteps is the number of panels). */
export interface WizardStep {
  title: string;
  panels: ReactNode[];
}

export function stepConfigs(steps: readonly WizardStep[]): WizardStepConfig[] {
  return steps.map((step, index) => ({ title: step.title, step: index, numSubSteps: step.panels.length }));
}

/** The stepper of a feature, on the step the session kept. */
export function WizardStepper({ feature, steps }: { feature: WizardFeature; steps: readonly WizardStep[] }) {
  const [step, setStep] = useWizardStep(feature, steps.length);
  const stepperSteps: StepperStep[] = steps.map((item) => ({ title: item.title, panels: item.panels }));
  return <Stepper steps={stepperSteps} step={step} onStepChange={setStep} />;
}

/**
 * An "Integration Steps" page (spec 02 §2): the breadcrumb "<Channel>" > "Integration Steps" (the
 * first to the channel's overview), the heading, the intro, and the stepper.
 */
export function WizardPage({
  feature,
  channelName,
  overviewPath,
  intro,
  steps,
}: {
  feature: WizardFeature;
  channelName: string;
  overviewPath: string;
  intro: string;
  steps: readonly WizardStep[];
}) {
  return (
    <div className={styles.page} data-testid={`wizard-${feature}`}>
      <PageHeader
        title="Integration Steps"
        eyebrow={
          <nav aria-label="Breadcrumb">
            <ol className={styles.breadcrumb}>
              <li>
                <Link to={overviewPath}>{channelName}</Link>
              </li>
              <li aria-current="page">Integration Steps</li>
            </ol>
          </nav>
        }
      />
      <p className={styles.intro} data-testid="wizard-intro">
        {intro}
      </p>
      <WizardStepper feature={feature} steps={steps} />
    </div>
  );
}

/** A panel's text: its heading and paragraphs. */
export function Panel({ heading, children }: { heading?: string; children: ReactNode }) {
  return (
    <div className={styles.panelBody}>
      {heading ? <h2 className={styles.panelHeading}>{heading}</h2> : null}
      {children}
    </div>
  );
}
