import type { FakeService } from '../kit/fake-service.js';
import type { GoogleAdsFakeState } from './state.js';

/**
 * Read-only views of the fake for a test that runs it in another process (an end-to-end journey):
 * GET /__fake/state (customers with their tracking template, campaigns, IP blocks, user lists and
 * the audience exclusions) and GET /__fake/requests (the recorded requests, secrets redacted).
 */
export function snapshot(state: GoogleAdsFakeState) {
  return {
    customers: [...state.customers.values()],
    campaigns: [...state.campaigns.values()],
    campaignCriteria: [...state.campaignCriteria.values()],
    customerNegativeCriteria: [...state.customerNegativeCriteria.values()],
    userLists: [...state.userLists.values()].map(({ rule: _rule, ...list }) => list),
  };
}

export function addInspectionRoutes(service: FakeService, state: GoogleAdsFakeState): void {
  service.route('fake:state', 'GET', '/__fake/state', () => ({ status: 200, body: snapshot(state) }));
  service.route('fake:requests', 'GET', '/__fake/requests', () => ({
    status: 200,
    body: service.requests.filter((request) => !request.path.startsWith('/__fake/')),
  }));
}
