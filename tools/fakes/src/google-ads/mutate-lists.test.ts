import { describe, expect, it } from 'vitest';
import { mutateCampaignCriteria, mutateCustomerNegativeCriteria } from './mutate.js';
import { GoogleAdsFakeState } from './state.js';

// How one mutate request sees a list of IP blocks while its operations run: an earlier remove frees
// a place (and the address), an earlier create takes one, for a campaign and for an account alike.

const CLIENT = '2222222222';

function setup() {
  const state = new GoogleAdsFakeState();
  state.addCustomer({ id: CLIENT, name: 'Shop' });
  const campaign = state.addCampaign({ customerId: CLIENT, name: 'Brand', type: 'SEARCH' }).id;
  const context = { state, customerId: CLIENT, version: 'v26', requestId: 'r1' };
  return { state, campaign, context };
}

// biome-ignore lint/suspicious/noExplicitAny: raw JSON of the fake under test
const errorsOf = (body: any) => body.partialFailureError?.details[0].errors ?? [];

describe('IP block lists within one mutate request', () => {
  it('lets a full campaign list swap an address in one request, and refuses a duplicate or a 501st', () => {
    const { state, campaign, context } = setup();
    const full = Array.from({ length: 500 }, (_, index) => `10.1.${index >> 8}.${index & 255}`);
    state.seedCampaignIpBlocks(campaign, full);
    const resourceOf = (ip: string) =>
      [...state.campaignCriteria.values()].find((item) => item.ipAddress === ip)?.resourceName;
    const create = (ipAddress: string) => ({
      create: {
        campaign: `customers/${CLIENT}/campaigns/${campaign}`,
        negative: true,
        ipBlock: { ipAddress },
      },
    });
    const reply = mutateCampaignCriteria(context, {
      operations: [
        create('203.0.113.1'),
        { remove: resourceOf('10.1.0.0') },
        create('10.1.0.1'),
        create('203.0.113.1'),
        create('203.0.113.2'),
        { remove: resourceOf('10.1.0.2') },
        create('10.1.0.2'),
      ],
      partialFailure: true,
    });
    expect(reply.status).toBe(200);
    const codes = errorsOf(reply.body).map((error: { errorCode: object }) => error.errorCode);
    expect(codes).toEqual([
      { resourceCountLimitExceededError: 'CAMPAIGN_LIMIT' },
      { mutateError: 'RESOURCE_ALREADY_EXISTS' },
      { resourceCountLimitExceededError: 'CAMPAIGN_LIMIT' },
    ]);
    const blocks = state.campaignIpBlocks(campaign);
    expect(blocks).toHaveLength(500);
    expect(blocks).toContain('203.0.113.1');
    expect(blocks).toContain('10.1.0.2');
    expect(blocks).not.toContain('10.1.0.0');
  });

  it('counts an account list by customer, and a removed address may come back in the same request', () => {
    const { state, context } = setup();
    const seed = mutateCustomerNegativeCriteria(context, {
      operations: [{ create: { ipBlock: { ipAddress: '198.51.100.7' } } }],
    });
    expect(seed.status).toBe(200);
    const [stored] = [...state.customerNegativeCriteria.values()];
    const again = mutateCustomerNegativeCriteria(context, {
      operations: [
        { create: { ipBlock: { ipAddress: '198.51.100.7' } } },
        { remove: stored?.resourceName },
        { create: { ipBlock: { ipAddress: '198.51.100.7' } } },
        { create: { ipBlock: { ipAddress: '198.51.100.7/33' } } },
      ],
      partialFailure: true,
    });
    const codes = errorsOf(again.body).map((error: { errorCode: object }) => error.errorCode);
    expect(codes).toEqual([
      { mutateError: 'RESOURCE_ALREADY_EXISTS' },
      { criterionError: 'INVALID_IP_ADDRESS' },
    ]);
    expect(state.accountIpBlocks(CLIENT)).toEqual(['198.51.100.7']);
  });
});
