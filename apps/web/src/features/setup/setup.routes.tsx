import type { RouteObject } from 'react-router';
import { FirewallCampaignsPage } from './firewall/FirewallCampaignsPage';
import { OffersPage } from './firewall/OffersPage';
import { TrafficSourcesPage } from './firewall/TrafficSourcesPage';
import { IntegrationPage } from './IntegrationPage';
import { S2sCampaignsPage } from './S2sCampaignsPage';
import { SensorJsPage } from './SensorJsPage';
import { ApkSecurityPage } from './security/ApkSecurityPage';

/** Private setup screens (spec 02 §2: /setup/*), each with its view id. */
export const setupRoutes: RouteObject[] = [
  {
    path: 'setup/sensor-js',
    element: <SensorJsPage />,
    handle: { view: 'sensor_js', title: 'Sensor script' },
  },
  {
    path: 'setup/integration',
    element: <IntegrationPage />,
    handle: { view: 'integration', title: 'Integration' },
  },
  {
    path: 'setup/firewall/campaigns/list',
    element: <FirewallCampaignsPage />,
    handle: { view: 'firewall_campaigns', title: 'Firewall campaigns' },
  },
  {
    path: 'setup/firewall/offers/list',
    element: <OffersPage />,
    handle: { view: 'firewall_offers', title: 'Offers' },
  },
  {
    path: 'setup/firewall/traffic-sources/list',
    element: <TrafficSourcesPage />,
    handle: { view: 'firewall_traffic_sources', title: 'Traffic sources' },
  },
  {
    path: 'setup/s2s/list',
    element: <S2sCampaignsPage />,
    handle: { view: 'firewall_s2s', title: 'S2S campaigns' },
  },
  {
    path: 'setup/security/apk-security',
    element: <ApkSecurityPage />,
    handle: { view: 'apk', title: 'APK security' },
  },
];
