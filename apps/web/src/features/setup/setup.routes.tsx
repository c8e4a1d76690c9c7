import type { RouteObject } from 'react-router';
import { IntegrationPage } from './IntegrationPage';
import { S2sCampaignsPage } from './S2sCampaignsPage';
import { SensorJsPage } from './SensorJsPage';

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
    path: 'setup/s2s/list',
    element: <S2sCampaignsPage />,
    handle: { view: 'firewall_s2s', title: 'S2S campaigns' },
  },
];
