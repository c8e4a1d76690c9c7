import { EXCLUSION_AUDIENCE_RETENTION_DAYS } from '@veracity/contracts/ad-channels';
import { EXCLUSION_EVENT } from '@veracity/contracts/collect';
import { ScreenIllustration } from './ScreenIllustration';
import { Panel, type WizardStep } from './Wizard';

const ASSETS_NAV = ['Campaign', 'Assets', 'Audiences', 'Events', 'Creative'];

/**
 * TikTok Ads Integration Steps. The spec does not show their content (spec 02 §2): written in the Meta
 * and Microsoft wizards' style from TikTok Ads Manager's own procedure for a website custom audience.
 */
export const TIKTOK_STEPS: readonly WizardStep[] = [
  {
    title: 'TikTok Pixel',
    panels: [
      <Panel key="pixel" heading="The TikTok Pixel and the Veracity sensor on the same page">
        <p>
          The TikTok Pixel and Veracity’s JavaScript sensor must both be on every page you protect. When the
          sensor finds a visit invalid, it fires the pixel event <code>{EXCLUSION_EVENT}</code>; TikTok adds
          the visitor to the audience you build next.
        </p>
        <p>
          Without the pixel, detection and analytics still work (TikTok traffic is identified by its click id,
          ttclid, or UTM parameters), but TikTok cannot learn who to exclude.
        </p>
      </Panel>,
    ],
  },
  {
    title: 'Create a new audience',
    panels: [
      <Panel key="create" heading="Create a website traffic audience">
        <ol>
          <li>
            In TikTok Ads Manager, open <strong>Tools</strong> › <strong>Audiences</strong>.
          </li>
          <li>
            Click <strong>Create audience</strong> › <strong>Custom audience</strong> and choose{' '}
            <strong>Website traffic</strong>.
          </li>
        </ol>
        <ScreenIllustration
          app="TikTok Ads Manager · Audiences"
          nav={ASSETS_NAV}
          activeNav={2}
          title="Create audience: Custom audience"
          items={[
            { label: 'Customer file', kind: 'option' },
            { label: 'Engagement', kind: 'option' },
            { label: 'Website traffic', kind: 'option', mark: 1 },
            { label: 'Next', kind: 'button', mark: 2 },
          ]}
          caption='"Website traffic" (1), then Next (2).'
        />
      </Panel>,
    ],
  },
  {
    title: 'Select a new event',
    panels: [
      <Panel key="event" heading={`${EXCLUSION_EVENT}, ${EXCLUSION_AUDIENCE_RETENTION_DAYS} days`}>
        <ol>
          <li>Choose the pixel that is on your protected pages.</li>
          <li>
            Under “Visitors by event”, choose the custom event <code>{EXCLUSION_EVENT}</code>.
          </li>
          <li>
            Set the retention to <strong>{EXCLUSION_AUDIENCE_RETENTION_DAYS} days</strong>, name the audience
            and click <strong>Confirm</strong>.
          </li>
        </ol>
        <ScreenIllustration
          app="TikTok Ads Manager · Audiences"
          nav={ASSETS_NAV}
          activeNav={2}
          title="Website traffic audience"
          items={[
            { label: 'Pixel', value: 'Your site’s pixel', mark: 1 },
            { label: 'Visitors by event', value: EXCLUSION_EVENT, mark: 2 },
            { label: 'Retention', value: `${EXCLUSION_AUDIENCE_RETENTION_DAYS} days`, mark: 3 },
            { label: 'Confirm', kind: 'button', mark: 4 },
          ]}
          caption={`The pixel (1), the event (2), ${EXCLUSION_AUDIENCE_RETENTION_DAYS} days (3), Confirm (4).`}
        />
      </Panel>,
    ],
  },
  {
    title: 'Exclusion automation',
    panels: [
      <Panel key="exclude" heading="Exclude the audience from your ad groups">
        <p>
          Edit each ad group: in <strong>Targeting</strong> › <strong>Audience</strong>, add the audience
          under <strong>Exclude</strong> and save. TikTok uses an audience once it holds 1,000 people. Connect
          TikTok on the overview to have Veracity do this for you.
        </p>
      </Panel>,
    ],
  },
];
