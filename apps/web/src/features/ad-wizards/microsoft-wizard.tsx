import { EXCLUSION_AUDIENCE_RETENTION_DAYS } from '@veracity/contracts/ad-channels';
import { EventTable } from './EventTable';
import { ScreenIllustration } from './ScreenIllustration';
import { Panel, type WizardStep } from './Wizard';

const TOOLS_NAV = ['Campaigns', 'Audiences', 'Conversion tracking', 'UET tag', 'Shared library'];
const CAMPAIGNS_NAV = ['Overview', 'Campaigns', 'Ad groups', 'Ads & extensions', 'Audiences'];

/** Microsoft Ads Integration Steps (spec 02 §2), steps 0 to 3. */
export const MICROSOFT_STEPS: readonly WizardStep[] = [
  {
    title: 'UET tag installation',
    panels: [
      <Panel key="uet" heading="The UET tag and the Veracity sensor on the same page">
        <p>
          Microsoft’s Universal Event Tracking (UET) tag and Veracity’s JavaScript sensor must both be on
          every page you protect. When the sensor finds a visit invalid, it sends a UET custom event;
          Microsoft adds the visitor to the remarketing list you build in the next steps.
        </p>
        <p>
          Without the tag, detection and analytics still work (Microsoft traffic is identified by its click
          id, msclkid, or UTM parameters), but Microsoft cannot learn who to exclude.
        </p>
      </Panel>,
    ],
  },
  {
    title: 'Create a new audience',
    panels: [
      <Panel key="create" heading="Create a remarketing list">
        <ol>
          <li>
            In Microsoft Advertising, open <strong>Tools</strong> › <strong>Audiences</strong> and click{' '}
            <strong>+ Create</strong>.
          </li>
          <li>Give the audience a descriptive name, such as “Veracity: invalid visitors (exclude)”.</li>
          <li>
            Choose the type <strong>Remarketing list</strong>.
          </li>
        </ol>
      </Panel>,
      <ScreenIllustration
        key="list"
        app="Microsoft Advertising · Audiences"
        nav={TOOLS_NAV}
        activeNav={1}
        title="Create audience"
        items={[
          { label: '+ Create', kind: 'button', mark: 1 },
          { label: 'Audience name', value: 'Veracity: invalid visitors (exclude)', mark: 2 },
          { label: 'Audience type', value: 'Remarketing list', mark: 3 },
        ]}
        caption='"+ Create" (1), a descriptive name (2), and the type "Remarketing list" (3).'
      />,
    ],
  },
  {
    title: 'Create custom event',
    panels: [
      <Panel key="event" heading="Who to add: the Veracity custom event">
        <ol>
          <li>Select the UET tag that is on your protected pages.</li>
          <li>
            Under “Who to add to your audience”, choose <strong>Custom Events</strong> and enter these values
            (each one copies to the clipboard):
          </li>
        </ol>
        <EventTable />
      </Panel>,
      <Panel key="duration" heading={`Membership duration: ${EXCLUSION_AUDIENCE_RETENTION_DAYS} days`}>
        <p>
          Set the membership duration to <strong>{EXCLUSION_AUDIENCE_RETENTION_DAYS} days</strong> and save
          the audience. Microsoft serves a remarketing list once it holds 300 people.
        </p>
        <ScreenIllustration
          app="Microsoft Advertising · Audiences"
          nav={TOOLS_NAV}
          activeNav={1}
          title="Remarketing list: custom events"
          items={[
            { label: 'UET tag', value: 'Your site’s tag', mark: 1 },
            { label: 'Category equals', value: 'Veracity' },
            { label: 'Action equals', value: 'VeracityExcludeVisitor' },
            { label: 'Membership duration', value: `${EXCLUSION_AUDIENCE_RETENTION_DAYS} days`, mark: 2 },
            { label: 'Save', kind: 'button', mark: 3 },
          ]}
          caption={`The tag (1), ${EXCLUSION_AUDIENCE_RETENTION_DAYS} days (2), Save (3).`}
        />
      </Panel>,
    ],
  },
  {
    title: 'Exclusion automation',
    panels: [
      <Panel key="bulk" heading="Associate the audience with all campaigns">
        <p>
          In <strong>Campaigns</strong>, select all the campaigns to protect, then <strong>Edit</strong> ›{' '}
          <strong>Associate with audiences</strong>.
        </p>
        <ScreenIllustration
          app="Microsoft Advertising · Campaigns"
          nav={CAMPAIGNS_NAV}
          activeNav={1}
          title="Bulk edit: all campaigns selected"
          items={[
            { label: '☑ All campaigns', mark: 1 },
            { label: 'Edit ▾', kind: 'button' },
            { label: 'Associate with audiences', kind: 'option', mark: 2 },
          ]}
          caption='Select every campaign (1), then Edit › "Associate with audiences" (2).'
        />
      </Panel>,
      <Panel key="exclusions" heading="Add the exclusion">
        <p>
          Under <strong>Campaign exclusions</strong>, choose <strong>Add Exclusions</strong>, pick{' '}
          <strong>Remarketing lists</strong> and add the audience you created.
        </p>
      </Panel>,
      <Panel key="save" heading="Save">
        <p>
          Save. Visitors Veracity finds invalid stop seeing your Microsoft ads for{' '}
          {EXCLUSION_AUDIENCE_RETENTION_DAYS} days after their last invalid visit. Connect Microsoft on the
          overview to have Veracity attach it to your campaigns for you; the invalid IPs to paste are there
          too.
        </p>
        <ScreenIllustration
          app="Microsoft Advertising · Campaigns"
          nav={CAMPAIGNS_NAV}
          activeNav={4}
          title="Campaign exclusions"
          items={[
            { label: 'Add Exclusions', kind: 'button', mark: 1 },
            { label: 'Remarketing lists', kind: 'option', mark: 2 },
            { label: 'Veracity: invalid visitors (exclude)', value: '✓ added', mark: 3 },
            { label: 'Save', kind: 'button', mark: 4 },
          ]}
          caption="Add Exclusions (1), Remarketing lists (2), the audience (3), Save (4)."
        />
      </Panel>,
    ],
  },
];
