import { EXCLUSION_AUDIENCE_RETENTION_DAYS } from '@veracity/contracts/ad-channels';
import { EXCLUSION_EVENT } from '@veracity/contracts/collect';
import { ScreenIllustration } from './ScreenIllustration';
import { Panel, type WizardStep } from './Wizard';

/** The intro of the Meta and Microsoft wizards (spec 02 §2), with the channel's name. */
export const wizardIntro = (channel: string) =>
  `Get started to prevent fraud in your ${channel} Ads campaigns by following the next steps to integrate manually.`;

const AUDIENCES_NAV = ['Audiences', 'Saved audiences', 'Custom audiences', 'Lookalike audiences'];

/** Meta Ads Integration Steps (spec 02 §2), steps 0 to 3. */
export const META_STEPS: readonly WizardStep[] = [
  {
    title: 'Meta Pixel',
    panels: [
      <Panel key="pixel" heading="Meta Pixel and the Veracity sensor on the same page">
        <p>
          The Meta Pixel and Veracity’s JavaScript sensor must both be on every page you protect. When the
          sensor finds a visit invalid, it fires the pixel event <code>{EXCLUSION_EVENT}</code>; Meta adds the
          visitor to the audience you build in the next steps.
        </p>
        <p>
          Without the pixel, detection and analytics still work: Facebook traffic is identified by a custom
          script, UTM parameters or a Facebook ID (fbclid). But Meta cannot learn who to exclude, which
          hinders prevention on Meta.
        </p>
      </Panel>,
    ],
  },
  {
    title: 'Create a new audience',
    panels: [
      <Panel key="create" heading="Create a custom audience">
        <ol>
          <li>In Meta Business Suite, open Audiences (the audience manager).</li>
          <li>
            Click <strong>Create audience</strong> and choose <strong>Custom audience</strong>.
          </li>
        </ol>
      </Panel>,
      <ScreenIllustration
        key="source"
        app="Meta Ads Manager · Audiences"
        nav={AUDIENCES_NAV}
        activeNav={0}
        title="Create a custom audience: choose the source"
        items={[
          { label: 'Your sources', kind: 'field' },
          { label: 'Website', kind: 'option', mark: 1 },
          { label: 'Customer list', kind: 'option' },
          { label: 'App activity', kind: 'option' },
          { label: 'Next', kind: 'button', mark: 2 },
        ]}
        caption='Choose "Website" as the data origin (1), then Next (2).'
      />,
      <ScreenIllustration
        key="pixel"
        app="Meta Ads Manager · Audiences"
        nav={AUDIENCES_NAV}
        activeNav={2}
        title="Create a website custom audience"
        items={[
          { label: 'Source', value: 'Your Meta Pixel', mark: 1 },
          { label: 'Events', value: 'All website visitors ▾', mark: 2 },
          { label: 'Retention', value: '30 days' },
          { label: 'Audience name', value: 'Veracity: invalid visitors (exclude)' },
        ]}
        caption="Pick the pixel that is on your protected pages (1) and open the events list (2): the next step chooses the event."
      />,
    ],
  },
  {
    title: 'Select a new event',
    panels: [
      <Panel
        key="event"
        heading={`Choose ${EXCLUSION_EVENT} and keep visitors ${EXCLUSION_AUDIENCE_RETENTION_DAYS} days`}
      >
        <ol>
          <li>
            In the events dropdown, choose <code>{EXCLUSION_EVENT}</code>: custom events are listed at the end
            of the dropdown.
          </li>
          <li>Confirm the event for usage when Meta asks.</li>
          <li>
            Set the audience retention to <strong>{EXCLUSION_AUDIENCE_RETENTION_DAYS} days</strong>, name the
            audience and click <strong>Create audience</strong>.
          </li>
        </ol>
        <ScreenIllustration
          app="Meta Ads Manager · Audiences"
          nav={AUDIENCES_NAV}
          activeNav={2}
          title="Create a website custom audience"
          items={[
            { label: 'Events', value: EXCLUSION_EVENT, mark: 1 },
            { label: 'Retention', value: `${EXCLUSION_AUDIENCE_RETENTION_DAYS} days`, mark: 2 },
            { label: 'Audience name', value: 'Veracity: invalid visitors (exclude)' },
            { label: 'Create audience', kind: 'button', mark: 3 },
          ]}
          caption={`The event ${EXCLUSION_EVENT} (1), ${EXCLUSION_AUDIENCE_RETENTION_DAYS} days retention (2), then Create audience (3).`}
        />
      </Panel>,
    ],
  },
  {
    title: 'Exclusion automation',
    panels: [
      <Panel key="exclude" heading="Exclude the audience from your ad sets">
        <p>
          Use the custom audience you created as an exclusion in the Audiences section of each ad set: edit
          the ad set, open <strong>Audience</strong> › <strong>Custom audiences</strong> ›{' '}
          <strong>Exclude</strong>, and add it. From then on, every visitor Veracity finds invalid stops
          seeing those ads for {EXCLUSION_AUDIENCE_RETENTION_DAYS} days after their last invalid visit.
        </p>
        <ScreenIllustration
          app="Meta Ads Manager · Ad set"
          nav={['Campaign', 'Ad set', 'Ad']}
          activeNav={1}
          title="Audience controls"
          items={[
            { label: 'Custom audiences', value: 'Include…' },
            { label: 'Exclude', value: 'Veracity: invalid visitors (exclude)', mark: 1 },
            { label: 'Publish', kind: 'button', mark: 2 },
          ]}
          caption="Exclude the audience (1) and publish (2). Connect Meta on the overview to have Veracity do this for you."
        />
      </Panel>,
    ],
  },
];
