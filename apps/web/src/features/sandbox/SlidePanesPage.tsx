import { Button } from '../../components/Button/Button';
import { Input } from '../../components/Input/Input';
import { SlidePaneFooter } from '../../components/SlidePane/SlidePaneFooter';
import { SlidePaneProvider } from '../../components/SlidePane/SlidePaneProvider';
import { useSlidePanes } from '../../components/SlidePane/use-slide-panes';
import styles from './Sandbox.module.css';
import { SandboxPage, SandboxSection } from './SandboxLayout';

/**
 * The slide-pane stack (spec 02 §4) with made-up firewall forms: a campaign pane opens an offer pane,
 * which opens a traffic-source pane. What is typed in a pane below stays while another is on top. The
 * campaign pane gets its buttons from open()'s footer, the others from <SlidePaneFooter> in the form.
 */
export function SlidePanesPage() {
  return (
    <SlidePaneProvider>
      <SandboxPage
        title="Slide panes"
        intro="Create and edit forms open in slide panes from the right. They stack: open pushes a pane, close pops the top one, close all empties the stack. Escape, the close button and an outside click act on the top pane only, and the focus goes back to the button that opened it."
        testId="sandbox-slide-panes"
      >
        <StackSection />
      </SandboxPage>
    </SlidePaneProvider>
  );
}

function StackSection() {
  const panes = useSlidePanes();
  const openCampaign = () =>
    panes.open({
      title: 'New campaign',
      description:
        'A firewall campaign receives the clicks of a traffic source and delivers them to an offer.',
      content: <CampaignForm />,
      footer: <PaneFooter />,
      testId: 'slide-pane-campaign',
    });
  return (
    <SandboxSection
      title="Stack"
      description="Open a campaign, then an offer from it, then a traffic source from the offer."
      testId="slide-panes-stack"
    >
      <div className={styles.row}>
        <Button onClick={openCampaign}>Create campaign</Button>
        <span className={styles.intro} data-testid="slide-panes-depth">
          {panes.depth === 0 ? 'No pane open' : `${panes.depth} open`}
        </span>
      </div>
    </SandboxSection>
  );
}

function PaneFooter() {
  const panes = useSlidePanes();
  return (
    <>
      {panes.depth > 1 ? (
        <Button variation="white" onClick={panes.closeAll}>
          Close all
        </Button>
      ) : null}
      <Button variation="white" onClick={panes.close}>
        Cancel
      </Button>
      <Button onClick={panes.close}>Save</Button>
    </>
  );
}

function CampaignForm() {
  const panes = useSlidePanes();
  return (
    <div className={styles.page}>
      <Input label="Name" placeholder="e.g. Spring sale – pops" />
      <Input label="Google Ads account id" placeholder="123-456-7890" width="m" />
      <div>
        <Button
          variation="secondary"
          onClick={() =>
            panes.open({
              title: 'New offer',
              description: 'Where delivered clicks land. Macros such as {clickid} are filled in.',
              content: <OfferForm />,
              width: 520,
              testId: 'slide-pane-offer',
            })
          }
        >
          Create offer
        </Button>
      </div>
    </div>
  );
}

function OfferForm() {
  const panes = useSlidePanes();
  return (
    <div className={styles.page}>
      <Input label="Name" placeholder="e.g. Summer VPN – ES" />
      <Input label="Landing URL" placeholder="https://offer.example.com/?click={clickid}" />
      <div>
        <Button
          variation="secondary"
          onClick={() =>
            panes.open({
              title: 'New traffic source',
              content: <TrafficSourceForm />,
              width: 480,
              testId: 'slide-pane-traffic-source',
            })
          }
        >
          Create traffic source
        </Button>
      </div>
      <SlidePaneFooter>
        <PaneFooter />
      </SlidePaneFooter>
    </div>
  );
}

function TrafficSourceForm() {
  return (
    <div className={styles.page}>
      <Input label="Name" placeholder="e.g. PopAds" />
      <Input label="Postback URL" placeholder="https://source.example.com/pb?cid={clickid}&payout={payout}" />
      <Input label="Allowed postback address" placeholder="203.0.113.7 or 203.0.113.0/24" />
      <SlidePaneFooter>
        <PaneFooter />
      </SlidePaneFooter>
    </div>
  );
}
