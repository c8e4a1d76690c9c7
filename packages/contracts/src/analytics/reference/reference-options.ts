import type { FilterSource } from '../filters.js';
import type { FilterOption } from '../query.js';
import { BROWSERS } from './browsers.js';
import { DEVICE_NAME_LIST } from './device-names.js';
import { GOOGLE_CAMPAIGN_TYPES_B } from './google-campaign-types.js';
import { HIT_STATUS_LIST } from './hit-statuses.js';
import { OPERATING_SYSTEMS } from './operating-systems.js';
import { SECURITY_LEVELS } from './security-levels.js';
import { TRAFFIC_TYPE_LIST } from './traffic-types.js';

const named = (list: readonly { id: string; name: string }[]): FilterOption[] =>
  list.map((item) => ({ id: item.id, name: item.name }));

/**
 * The picker options of a filter whose values come from a fixed reference list, the same for every
 * account; undefined for the account's own lists (campaigns, ...), countries (searched by their own
 * rule) and free text.
 */
export function referenceOptions(source: FilterSource | null): FilterOption[] | undefined {
  switch (source) {
    case 'deviceNames':
      return named(DEVICE_NAME_LIST);
    case 'operatingSystems':
      return named(OPERATING_SYSTEMS);
    case 'browsers':
      return named(BROWSERS);
    case 'googleCampaignTypes':
      return named(GOOGLE_CAMPAIGN_TYPES_B);
    case 'trafficTypes':
      return named(TRAFFIC_TYPE_LIST);
    case 'securityLevels':
      return named(SECURITY_LEVELS);
    case 'hitStatuses':
      return named(HIT_STATUS_LIST);
    case 'statuses':
      return [
        { id: 'active', name: 'Active' },
        { id: 'inactive', name: 'Inactive' },
      ];
    default:
      return undefined;
  }
}
