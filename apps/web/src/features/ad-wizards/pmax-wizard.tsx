import { EXCLUSION_AUDIENCE_RETENTION_DAYS } from '@veracity/contracts/ad-channels';
import { Link } from 'react-router';
import { ScreenIllustration } from './ScreenIllustration';
import { Panel, type WizardStep } from './Wizard';

/** The remarketing list Veracity keeps in each protected Google Ads account (the server's name). */
const GOOGLE_LIST_NAME = 'Veracity: invalid visitors';

/**
 * The Pmax wizard on /integrations/google-ads/pmax. The spec does not show its content (spec 02 §2):
 * written from Google Ads' own procedure. Google's API takes no audience exclusion on Performance Max
 * campaigns; the account-level IP exclusions Veracity adds reach them, the list is added by hand.
 */
export const PMAX_STEPS: readonly WizardStep[] = [
  {
    title: 'Link Google Ads',
    panels: [
      <Panel key="link">
        <p>
          <Link to="/integrations/google-ads/linking">Link your Google Ads accounts</Link> and choose
          protection mode. Veracity then adds the invalid IPs of your Performance Max traffic to the account’s
          IP exclusions, which apply to Performance Max campaigns too.
        </p>
      </Panel>,
    ],
  },
  {
    title: 'Find the invalid-visitor list',
    panels: [
      <Panel key="list">
        <p>
          In each protected account Veracity keeps the remarketing list “{GOOGLE_LIST_NAME}”: visitors it
          found invalid, fed by the Google tag, {EXCLUSION_AUDIENCE_RETENTION_DAYS} days membership. Find it
          in <strong>Tools</strong> › <strong>Shared library</strong> › <strong>Audience manager</strong>.
        </p>
      </Panel>,
    ],
  },
  {
    title: 'Exclude it from Performance Max',
    panels: [
      <Panel key="exclude">
        <p>
          Google’s API cannot attach an audience exclusion to Performance Max, so this step is by hand: open
          the Performance Max campaign, <strong>Settings</strong> › <strong>Audience exclusions</strong>{' '}
          (where your account has them; otherwise the account’s <strong>Customer acquisition</strong> setting
          with the list as existing customers), add “{GOOGLE_LIST_NAME}” and save.
        </p>
        <ScreenIllustration
          app="Google Ads · Performance Max campaign"
          nav={['Overview', 'Asset groups', 'Insights', 'Settings']}
          activeNav={3}
          title="Campaign settings"
          items={[
            { label: 'Audience exclusions', value: 'Edit', mark: 1 },
            { label: GOOGLE_LIST_NAME, value: '✓ excluded', mark: 2 },
            { label: 'Save', kind: 'button', mark: 3 },
          ]}
          caption="Audience exclusions (1), the list (2), Save (3)."
        />
      </Panel>,
    ],
  },
];
