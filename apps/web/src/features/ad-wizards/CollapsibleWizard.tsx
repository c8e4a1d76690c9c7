import { Button } from '../../components/Button/Button';
import { Card } from '../../components/Card/Card';
import { type WizardStep, WizardStepper } from './Wizard';
import styles from './Wizards.module.css';
import { useWizardDone, type WizardFeature } from './wizard-state';

/**
 * A wizard shown above its page's own content (js on /setup/sensor-js, pmax on the Performance Max
 * page): open until the user says it is done, then folded to one line that opens it again.
 */
export function CollapsibleWizard({
  feature,
  title,
  summary,
  steps,
}: {
  feature: WizardFeature;
  title: string;
  summary: string;
  steps: readonly WizardStep[];
}) {
  const [done, setDone] = useWizardDone(feature);
  const toggle = (
    <Button
      size="s"
      variation="white"
      onClick={() => setDone(!done)}
      aria-expanded={!done}
      data-testid={`wizard-${feature}-toggle`}
    >
      {done ? 'Show the steps' : 'Done, hide the steps'}
    </Button>
  );
  return (
    <Card title={title} actions={toggle} data-testid={`wizard-${feature}`} data-done={done || undefined}>
      <div className={styles.collapsible}>
        <p className={styles.caption}>{summary}</p>
        {done ? null : <WizardStepper feature={feature} steps={steps} />}
      </div>
    </Card>
  );
}
