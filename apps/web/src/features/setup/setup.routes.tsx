import type { RouteObject } from 'react-router';
import { FirewallCampaignsPage } from './firewall/FirewallCampaignsPage';
import { OffersPage } from './firewall/OffersPage';
import { TrafficSourcesPage } from './firewall/TrafficSourcesPage';
import { IntegrationPage } from './IntegrationPage';
import { S2sCampaignsPage } from './S2sCampaignsPage';
import { SensorJsPage } from './SensorJsPage';
import { ApkSecurityPage } from './security/ApkSecurityPage';
import { DomainSecurityPage } from './security/DomainSecurityPage';
import { IpSettingsPage } from './security/IpSettingsPage';
import { JavascriptSettingsPage } from './security/JavascriptSettingsPage';
import { PostbackSecurityPage } from './security/PostbackSecurityPage';

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
    path: 'setup/security/ip-settings',
    element: <IpSettingsPage />,
    handle: { view: 'ip_settings', title: 'IP settings' },
  },
  {
    path: 'setup/security/postback-security',
    element: <PostbackSecurityPage />,
    handle: { view: 'postback', title: 'Postback security' },
  },
  {
    path: 'setup/security/domain-security',
    element: <DomainSecurityPage />,
    handle: { view: 'domain_exclusions', title: 'Domain security' },
  },
  {
    path: 'setup/security/javascript-settings',
    element: <JavascriptSettingsPage />,
    handle: { view: 'js_settings', title: 'JavaScript settings' },
  },
  {
    path: 'setup/security/apk-security',
    element: <ApkSecurityPage />,
    handle: { view: 'apk', title: 'APK security' },
  },
];
