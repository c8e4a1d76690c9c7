/** Traffic type names live with the reference list in contracts, shared with the server's reports. */
export { TRAFFIC_TYPE_NAMES, trafficTypeName } from '@veracity/contracts/analytics/reference/traffic-types';
