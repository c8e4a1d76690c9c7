import type { RouteObject } from 'react-router';
import { UpsellGate } from '../session/UpsellGate';
import { HubspotPage } from './HubspotPage';

/** /integrations/hubspot behind its view; a plan without it sees what it would get. */
export const hubspotRoutes: RouteObject[] = [
  {
    path: 'integrations/hubspot',
    element: (
      <UpsellGate
        view="hubspot"
        title="HubSpot"
        eyebrow="CRM"
        upsell={{
          title: 'Fake leads flagged in HubSpot',
          summary:
            'Leads from bots and click farms get Veracity’s verdict in your CRM, so sales can filter them out before calling.',
          benefits: [
            'A Veracity verdict and reasons property on every contact from invalid or suspicious traffic',
            'Matched by HubSpot’s visitor cookie or the email the form submitted',
            'The flagged contacts listed by date',
          ],
        }}
      >
        <HubspotPage />
      </UpsellGate>
    ),
    handle: { view: 'hubspot', title: 'HubSpot', upsell: true },
  },
];
