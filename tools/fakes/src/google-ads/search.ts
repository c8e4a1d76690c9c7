import { createHash } from 'node:crypto';
import { fieldType, GaqlError, type GaqlQuery, type GaqlValue, matches } from './gaql.js';
import type { FakeCampaign, FakeCustomer, GoogleAdsFakeState } from './state.js';

/**
 * googleAds:search over the fake's state: the rows of the FROM resource (joined with its attributed
 * resources, metrics and segments), filtered, ordered, limited and cut in pages of `state.pageSize`
 * with a nextPageToken bound to the query. int64 values go out as strings, as in Google's JSON.
 */

type FlatRow = Record<string, GaqlValue>;

function customerFields(customer: FakeCustomer): FlatRow {
  return {
    'customer.resource_name': `customers/${customer.id}`,
    'customer.id': customer.id,
    'customer.descriptive_name': customer.name,
    'customer.currency_code': customer.currencyCode,
    'customer.time_zone': customer.timeZone,
    'customer.manager': customer.manager,
    'customer.tracking_url_template': customer.trackingUrlTemplate,
    'customer.status': customer.status,
  };
}

function campaignFields(campaign: FakeCampaign): FlatRow {
  return {
    'campaign.resource_name': `customers/${campaign.customerId}/campaigns/${campaign.id}`,
    'campaign.id': campaign.id,
    'campaign.name': campaign.name,
    'campaign.advertising_channel_type': campaign.type,
    'campaign.status': campaign.status,
  };
}

function baseRows(state: GoogleAdsFakeState, customer: FakeCustomer, query: GaqlQuery): FlatRow[] {
  const own = customerFields(customer);
  const usesMetrics = [...query.fields, ...query.where.map((condition) => condition.field)].some(
    (field) => field.startsWith('metrics.') || field.startsWith('segments.'),
  );
  switch (query.resource) {
    case 'customer':
      return [own];
    case 'customer_client':
      return state.subtree(customer.id).map(({ customer: client, level }) => ({
        ...own,
        'customer_client.resource_name': `customers/${customer.id}/customerClients/${client.id}`,
        'customer_client.client_customer': `customers/${client.id}`,
        'customer_client.id': client.id,
        'customer_client.level': level,
        'customer_client.manager': client.manager,
        'customer_client.hidden': false,
        'customer_client.descriptive_name': client.name,
        'customer_client.currency_code': client.currencyCode,
        'customer_client.time_zone': client.timeZone,
        'customer_client.status': client.status,
      }));
    case 'campaign': {
      const campaigns = [...state.campaigns.values()].filter(
        (campaign) => campaign.customerId === customer.id,
      );
      if (!usesMetrics) return campaigns.map((campaign) => ({ ...own, ...campaignFields(campaign) }));
      return state.metrics
        .filter((metric) => metric.customerId === customer.id)
        .flatMap((metric) => {
          const campaign = state.campaigns.get(metric.campaignId);
          if (!campaign) return [];
          return [
            {
              ...own,
              ...campaignFields(campaign),
              'segments.date': metric.date,
              'metrics.clicks': metric.clicks,
              'metrics.impressions': metric.impressions,
              'metrics.cost_micros': metric.costMicros.toString(),
            },
          ];
        });
    }
    case 'campaign_criterion':
      return [...state.campaignCriteria.values()]
        .filter((criterion) => criterion.customerId === customer.id)
        .map((criterion) => {
          const campaign = state.campaigns.get(criterion.campaignId);
          return {
            ...own,
            ...(campaign ? campaignFields(campaign) : {}),
            'campaign_criterion.resource_name': criterion.resourceName,
            'campaign_criterion.campaign': `customers/${criterion.customerId}/campaigns/${criterion.campaignId}`,
            'campaign_criterion.criterion_id': criterion.criterionId,
            'campaign_criterion.negative': criterion.negative,
            'campaign_criterion.type': criterion.type,
            'campaign_criterion.ip_block.ip_address': criterion.ipAddress,
            'campaign_criterion.user_list.user_list': criterion.userList,
          };
        });
    case 'customer_negative_criterion':
      return [...state.customerNegativeCriteria.values()]
        .filter((criterion) => criterion.customerId === customer.id)
        .map((criterion) => ({
          ...own,
          'customer_negative_criterion.resource_name': criterion.resourceName,
          'customer_negative_criterion.id': criterion.id,
          'customer_negative_criterion.type': criterion.type,
          'customer_negative_criterion.ip_block.ip_address': criterion.ipAddress,
        }));
    case 'user_list':
      return [...state.userLists.values()]
        .filter((list) => list.customerId === customer.id)
        .map((list) => ({
          ...own,
          'user_list.resource_name': list.resourceName,
          'user_list.id': list.id,
          'user_list.name': list.name,
          'user_list.description': list.description,
          'user_list.membership_life_span': list.membershipLifeSpan,
          'user_list.type': 'RULE_BASED',
        }));
    default:
      return [];
  }
}

function camel(name: string): string {
  return name.replace(/_([a-z0-9])/g, (_, char: string) => char.toUpperCase());
}

/** A flat row as Google's JSON: nested camelCase objects, int64 as strings, unset fields left out. */
function toJson(row: FlatRow, fields: readonly string[], resource: string): Record<string, unknown> {
  const out: Record<string, unknown> = {};
  const selected = new Set(fields);
  selected.add(`${resource}.resource_name`);
  for (const field of selected) {
    const value = row[field];
    if (value === null || value === undefined) continue;
    const parts = field.split('.').map(camel);
    let target = out;
    for (const part of parts.slice(0, -1)) {
      target[part] ??= {};
      target = target[part] as Record<string, unknown>;
    }
    const leaf = parts.at(-1) ?? field;
    target[leaf] = fieldType(field) === 'int64' ? String(value) : value;
  }
  return out;
}

function aggregate(rows: FlatRow[], query: GaqlQuery): FlatRow[] {
  if (query.fields.includes('segments.date')) return rows;
  const groups = new Map<string, FlatRow>();
  for (const row of rows) {
    const key = String(row['campaign.id'] ?? row['customer.id']);
    const group = groups.get(key);
    if (!group) {
      groups.set(key, { ...row });
      continue;
    }
    for (const metric of ['metrics.clicks', 'metrics.impressions']) {
      group[metric] = Number(group[metric] ?? 0) + Number(row[metric] ?? 0);
    }
    group['metrics.cost_micros'] = (
      BigInt(String(group['metrics.cost_micros'] ?? 0)) + BigInt(String(row['metrics.cost_micros'] ?? 0))
    ).toString();
  }
  return [...groups.values()];
}

export function pageTokenFor(query: string, offset: number): string {
  const digest = createHash('sha256').update(query).digest('base64url').slice(0, 16);
  return Buffer.from(`${digest}:${offset}`).toString('base64url');
}

export function offsetOf(query: string, token: string): number | undefined {
  const [digest, offset] = Buffer.from(token, 'base64url').toString('utf8').split(':');
  if (!offset || pageTokenFor(query, Number(offset)) !== token || digest === undefined) return undefined;
  return Number(offset);
}

export function runSearch(
  state: GoogleAdsFakeState,
  customer: FakeCustomer,
  query: GaqlQuery,
  today: string,
): Array<Record<string, unknown>> {
  const usesMetrics = query.fields.some((field) => field.startsWith('metrics.'));
  if (usesMetrics && customer.manager) {
    throw new GaqlError(
      'REQUESTED_METRICS_FOR_MANAGER',
      'Metrics cannot be requested for a manager account. To retrieve metrics, issue separate requests against each client account under the manager account.',
    );
  }
  const datedFilter = query.where.some((condition) => condition.field === 'segments.date');
  if (query.fields.includes('segments.date') && !datedFilter) {
    throw new GaqlError(
      'EXPECTED_FILTERS_ON_DATE_RANGE',
      'Error in query: a finite date range is required on segments.date when it is selected.',
    );
  }
  let rows = baseRows(state, customer, query).filter((row) =>
    query.where.every((condition) => matches(row, condition, today)),
  );
  if (query.resource === 'campaign' && (usesMetrics || datedFilter)) rows = aggregate(rows, query);
  for (const { field, descending } of [...query.orderBy].reverse()) {
    rows.sort((left, right) => {
      const a = left[field] ?? '';
      const b = right[field] ?? '';
      const order =
        typeof a === 'number' && typeof b === 'number'
          ? a - b
          : String(a).localeCompare(String(b), 'en', { numeric: true });
      return descending ? -order : order;
    });
  }
  if (query.limit !== null) rows = rows.slice(0, query.limit);
  return rows.map((row) => toJson(row, query.fields, query.resource));
}
