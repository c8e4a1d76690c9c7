import { EXCLUSION_EVENT } from '@veracity/contracts/collect';
import { Link } from 'react-router';
import { Panel, type WizardStep } from './Wizard';

/**
 * The JS (script) wizard above the snippet on /setup/sensor-js. The spec does not show its content
 * (spec 02 §2): written in the style of the Meta and Microsoft wizards from the sensor's own install.
 */
export const JS_STEPS: readonly WizardStep[] = [
  {
    title: 'Copy your snippet',
    panels: [
      <Panel key="copy">
        <p>
          Your snippet is below, with your sensor key in it: copy it with its button. One snippet covers every
          site of this account.
        </p>
      </Panel>,
    ],
  },
  {
    title: 'Install it on every page',
    panels: [
      <Panel key="install">
        <ul>
          <li>
            In your site’s template, paste it inside <code>&lt;head&gt;</code>, as high as you can: the
            earlier it loads, the more it sees of the visit.
          </li>
          <li>
            With a tag manager, create a Custom HTML tag with the snippet and fire it on all pages (All Pages
            / Page View).
          </li>
          <li>Put it on the landing pages of your ads and on the pages where conversions happen.</li>
        </ul>
      </Panel>,
    ],
  },
  {
    title: 'Check that visits arrive',
    panels: [
      <Panel key="check">
        <p>
          Open one of your pages in another tab, then click <strong>Check again</strong> below: the status
          turns to receiving and the visit appears in the latest hits within seconds.
        </p>
      </Panel>,
    ],
  },
  {
    title: 'Add the ad platforms’ tags',
    panels: [
      <Panel key="tags">
        <p>
          To keep invalid visitors out of your ads, the platforms’ tags must be on the same pages: the Google
          tag, the Meta Pixel, Microsoft UET and the TikTok Pixel. The sensor fires{' '}
          <code>{EXCLUSION_EVENT}</code> on each of them for invalid visits. Then follow each platform’s
          steps: <Link to="/integrations/google-ads/linking">Google Ads</Link>,{' '}
          <Link to="/integrations/facebook-ads/linking">Meta Ads</Link>,{' '}
          <Link to="/integrations/microsoft-ads/linking">Microsoft Ads</Link>,{' '}
          <Link to="/integrations/tiktok-ads/linking">TikTok Ads</Link>.
        </p>
      </Panel>,
    ],
  },
];
