/**
 * What the fake Google Ads account holds: customers (managers and clients in a hierarchy), campaigns
 * with their channel type, daily metrics, negative campaign criteria (IP blocks, user lists), account
 * negative criteria (IP blocks), user lists and each customer's tracking template. Tests seed it with
 * the add* helpers and read it back to check what a client changed.
 */

export interface FakeCustomer {
  id: string;
  name: string;
  manager: boolean;
  currencyCode: string;
  timeZone: string;
  /** The manager this customer is linked under (null for a root). */
  parentId: string | null;
  trackingUrlTemplate: string | null;
  status: 'ENABLED' | 'CANCELED' | 'SUSPENDED' | 'CLOSED';
}

export interface FakeCampaign {
  id: string;
  customerId: string;
  name: string;
  /** advertising_channel_type: SEARCH, DISPLAY, SHOPPING, VIDEO, PERFORMANCE_MAX, DEMAND_GEN, ... */
  type: string;
  status: 'ENABLED' | 'PAUSED' | 'REMOVED';
}

export interface FakeDailyMetrics {
  customerId: string;
  campaignId: string;
  date: string;
  clicks: number;
  impressions: number;
  costMicros: bigint;
}

export interface FakeCampaignCriterion {
  resourceName: string;
  customerId: string;
  campaignId: string;
  criterionId: string;
  negative: boolean;
  type: 'IP_BLOCK' | 'USER_LIST';
  ipAddress: string | null;
  userList: string | null;
}

export interface FakeCustomerNegativeCriterion {
  resourceName: string;
  customerId: string;
  id: string;
  type: 'IP_BLOCK';
  ipAddress: string;
}

export interface FakeUserList {
  resourceName: string;
  customerId: string;
  id: string;
  name: string;
  description: string;
  membershipLifeSpan: string;
  rule: unknown;
}

/** Google's caps on negative IP blocks. */
export const IP_BLOCKS_PER_CAMPAIGN = 500;
export const IP_BLOCKS_PER_ACCOUNT = 500;

export class GoogleAdsFakeState {
  readonly customers = new Map<string, FakeCustomer>();
  readonly campaigns = new Map<string, FakeCampaign>();
  readonly metrics: FakeDailyMetrics[] = [];
  readonly campaignCriteria = new Map<string, FakeCampaignCriterion>();
  readonly customerNegativeCriteria = new Map<string, FakeCustomerNegativeCriterion>();
  readonly userLists = new Map<string, FakeUserList>();
  /** The customers the signed-in user reaches directly (customers:listAccessibleCustomers). */
  readonly accessible = new Set<string>();
  /** Rows per search page: Google's is fixed at 10,000; tests lower it to see pagination. */
  pageSize = 10_000;
  private nextId = 900_000_001;

  newId(): string {
    this.nextId += 1;
    return String(this.nextId);
  }

  addCustomer(input: {
    id: string;
    name: string;
    manager?: boolean;
    parentId?: string | null;
    currencyCode?: string;
    timeZone?: string;
    /** Whether the user reaches it directly (default: true for a root, false under a manager). */
    accessible?: boolean;
    trackingUrlTemplate?: string | null;
  }): FakeCustomer {
    if (!/^\d{10}$/.test(input.id)) throw new Error(`customer id ${input.id}: 10 digits, no dashes`);
    const parentId = input.parentId ?? null;
    if (parentId && !this.customers.get(parentId)?.manager) throw new Error(`${parentId} is not a manager`);
    const customer: FakeCustomer = {
      id: input.id,
      name: input.name,
      manager: input.manager ?? false,
      currencyCode: input.currencyCode ?? 'USD',
      timeZone: input.timeZone ?? 'America/New_York',
      parentId,
      trackingUrlTemplate: input.trackingUrlTemplate ?? null,
      status: 'ENABLED',
    };
    this.customers.set(customer.id, customer);
    if (input.accessible ?? parentId === null) this.accessible.add(customer.id);
    return customer;
  }

  addCampaign(input: {
    customerId: string;
    id?: string;
    name: string;
    type: string;
    status?: FakeCampaign['status'];
  }): FakeCampaign {
    const customer = this.customers.get(input.customerId);
    if (!customer || customer.manager) throw new Error(`${input.customerId} is not a client account`);
    const campaign: FakeCampaign = {
      id: input.id ?? this.newId(),
      customerId: input.customerId,
      name: input.name,
      type: input.type,
      status: input.status ?? 'ENABLED',
    };
    this.campaigns.set(campaign.id, campaign);
    return campaign;
  }

  addDailyMetrics(input: {
    campaignId: string;
    date: string;
    clicks: number;
    costMicros: bigint | number;
    impressions?: number;
  }): void {
    const campaign = this.campaigns.get(input.campaignId);
    if (!campaign) throw new Error(`no campaign ${input.campaignId}`);
    this.metrics.push({
      customerId: campaign.customerId,
      campaignId: campaign.id,
      date: input.date,
      clicks: input.clicks,
      impressions: input.impressions ?? input.clicks * 10,
      costMicros: BigInt(input.costMicros),
    });
  }

  /** The managers above a customer, nearest first. */
  ancestors(customerId: string): string[] {
    const chain: string[] = [];
    let current = this.customers.get(customerId)?.parentId ?? null;
    while (current && !chain.includes(current)) {
      chain.push(current);
      current = this.customers.get(current)?.parentId ?? null;
    }
    return chain;
  }

  /** A customer and every customer below it, with its depth (customer_client.level). */
  subtree(rootId: string): Array<{ customer: FakeCustomer; level: number }> {
    const root = this.customers.get(rootId);
    if (!root) return [];
    const out = [{ customer: root, level: 0 }];
    for (let index = 0; index < out.length; index += 1) {
      const entry = out[index];
      if (!entry?.customer.manager) continue;
      for (const child of this.customers.values()) {
        if (child.parentId === entry.customer.id) out.push({ customer: child, level: entry.level + 1 });
      }
    }
    return out;
  }

  campaignIpBlocks(campaignId: string): string[] {
    return [...this.campaignCriteria.values()]
      .filter((criterion) => criterion.campaignId === campaignId && criterion.type === 'IP_BLOCK')
      .map((criterion) => criterion.ipAddress ?? '');
  }

  accountIpBlocks(customerId: string): string[] {
    return [...this.customerNegativeCriteria.values()]
      .filter((criterion) => criterion.customerId === customerId)
      .map((criterion) => criterion.ipAddress);
  }

  /** Fills a campaign's IP blocks directly (tests of the cap), as if added earlier. */
  seedCampaignIpBlocks(campaignId: string, ipAddresses: readonly string[]): void {
    const campaign = this.campaigns.get(campaignId);
    if (!campaign) throw new Error(`no campaign ${campaignId}`);
    for (const ipAddress of ipAddresses) {
      const criterionId = this.newId();
      const resourceName = `customers/${campaign.customerId}/campaignCriteria/${campaign.id}~${criterionId}`;
      this.campaignCriteria.set(resourceName, {
        resourceName,
        customerId: campaign.customerId,
        campaignId: campaign.id,
        criterionId,
        negative: true,
        type: 'IP_BLOCK',
        ipAddress,
        userList: null,
      });
    }
  }
}
