import { AD_CHANNEL_NAMES, AD_CHANNEL_VIEWS, type AdChannel } from '@veracity/contracts/ad-channels';
import type { RouteObject } from 'react-router';
import { AD_CHANNEL_UPSELL, linkingPath, overviewPath } from '../ad-channels/ad-channels-copy';
import { UpsellGate } from '../session/UpsellGate';
import { META_STEPS, wizardIntro } from './meta-wizard';
import { MICROSOFT_STEPS } from './microsoft-wizard';
import { TIKTOK_STEPS } from './tiktok-wizard';
import { WizardPage, type WizardStep } from './Wizard';

const WIZARDS: {
  channel: AdChannel;
  feature: 'meta' | 'microsoft' | 'tiktok';
  intro: string;
  steps: readonly WizardStep[];
}[] = [
  { channel: 'meta', feature: 'meta', intro: wizardIntro('Meta'), steps: META_STEPS },
  { channel: 'microsoft', feature: 'microsoft', intro: wizardIntro('Microsoft'), steps: MICROSOFT_STEPS },
  { channel: 'tiktok', feature: 'tiktok', intro: wizardIntro('TikTok'), steps: TIKTOK_STEPS },
];

/** /integrations/<facebook|microsoft|tiktok>-ads/linking: the Integration Steps (spec 02 §2). */
export const adWizardRoutes: RouteObject[] = WIZARDS.map(({ channel, feature, intro, steps }) => ({
  path: linkingPath(channel).slice(1),
  element: (
    <UpsellGate
      view={AD_CHANNEL_VIEWS[channel]}
      title="Integration Steps"
      eyebrow={AD_CHANNEL_NAMES[channel]}
      upsell={AD_CHANNEL_UPSELL[channel]}
    >
      <WizardPage
        key={feature}
        feature={feature}
        channelName={AD_CHANNEL_NAMES[channel]}
        overviewPath={overviewPath(channel)}
        intro={intro}
        steps={steps}
      />
    </UpsellGate>
  ),
  handle: {
    view: AD_CHANNEL_VIEWS[channel],
    title: `${AD_CHANNEL_NAMES[channel]} integration steps`,
    upsell: true,
  },
}));
