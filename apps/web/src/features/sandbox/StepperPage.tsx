import { CopyButton } from '../../components/CopyButton/CopyButton';
import { Stepper } from '../../components/Stepper/Stepper';
import styles from './Sandbox.module.css';
import { SandboxPage, SandboxSection } from './SandboxLayout';

const SNIPPET =
  '<script async src="https://sensor.veracity.example/s.js" data-account="ACC-000123"></script>';

const STEPS = [
  {
    title: 'Connect your account',
    panels: (
      <div className={styles.page}>
        <h2>Connect your account</h2>
        <p className={styles.intro}>
          Get started to prevent fraud in your Meta Ads campaigns by following the next steps to integrate
          manually.
        </p>
      </div>
    ),
  },
  {
    title: 'Install the sensor',
    panels: [
      <div key="snippet" className={styles.page}>
        <h2>Install the sensor</h2>
        <p className={styles.intro}>Paste the snippet before the closing head tag of every page.</p>
        <code>{SNIPPET}</code>
        <div>
          <CopyButton text={SNIPPET} label="Copy snippet" />
        </div>
      </div>,
      <div key="verify" className={styles.page}>
        <h2>Check the installation</h2>
        <p className={styles.intro}>Visits appear in the dashboard within a minute of the first page view.</p>
      </div>,
    ],
  },
  {
    title: 'Create the exclusion event',
    panels: (
      <div className={styles.page}>
        <h2>Create the exclusion event</h2>
        <p className={styles.intro}>
          Add the custom event <code>VeracityExcludeVisitor</code> and build an audience from it.
        </p>
      </div>
    ),
  },
  {
    title: 'Exclude the audience',
    panels: (
      <div className={styles.page}>
        <h2>Exclude the audience</h2>
        <p className={styles.intro}>Exclude the audience from every campaign; membership lasts 75 days.</p>
      </div>
    ),
  },
];

export function StepperPage() {
  return (
    <SandboxPage
      title="Stepper"
      intro="The vertical stepper of the integration wizards. It starts at step 0; clicking a step jumps to it; Back is hidden on the first step and Next on the last. Panels are at most 792 px wide."
      testId="sandbox-stepper"
    >
      <SandboxSection title="Integration steps" testId="stepper-integration">
        <Stepper steps={STEPS} />
      </SandboxSection>
    </SandboxPage>
  );
}
