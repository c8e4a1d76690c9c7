import { Button } from '../../components/Button/Button';
import { Tooltip } from '../../components/Tooltip/Tooltip';
import styles from './Sandbox.module.css';
import { SandboxPage, SandboxSection, Specimen } from './SandboxLayout';

const SIDES = ['top', 'right', 'bottom', 'left'] as const;

export function TooltipPage() {
  return (
    <SandboxPage
      title="Tooltip"
      intro="Short explanations on hover and keyboard focus, after a 100 ms delay by default."
      testId="sandbox-tooltip"
    >
      <SandboxSection title="Sides" testId="tooltip-sides">
        <div className={styles.row}>
          {SIDES.map((side) => (
            <Tooltip key={side} side={side} content={`Shown on the ${side}`}>
              <Button variation="white">{side}</Button>
            </Tooltip>
          ))}
        </div>
      </SandboxSection>
      <SandboxSection
        title="Plan gating"
        description="An unavailable action stays focusable (aria-disabled) so its tooltip can explain why."
        testId="tooltip-plan-gating"
      >
        <div className={styles.row}>
          <Tooltip content="Create Alert feature is only available on superior plans">
            <Button size="s" aria-disabled="true">
              Create Alert
            </Button>
          </Tooltip>
          <Tooltip content="See Channel Page feature is only available on superior plans">
            <Button size="s" variation="secondary" aria-disabled="true">
              See Channel Page
            </Button>
          </Tooltip>
        </div>
      </SandboxSection>
      <SandboxSection title="Delay" testId="tooltip-delay">
        <div className={styles.row}>
          <Specimen label="Default 100 ms">
            <Tooltip content="Appears after 100 ms">
              <Button variation="secondary">Default</Button>
            </Tooltip>
          </Specimen>
          <Specimen label="700 ms">
            <Tooltip content="Appears after 700 ms" delayMs={700}>
              <Button variation="secondary">Slow</Button>
            </Tooltip>
          </Specimen>
          <Specimen label="On text">
            <Tooltip content="Sessions whose signals point to automation or fraud.">
              <button type="button" className={styles.term}>
                Invalid traffic
              </button>
            </Tooltip>
          </Specimen>
        </div>
      </SandboxSection>
    </SandboxPage>
  );
}
