import { DIMENSIONS, type DimensionId } from '@veracity/contracts/analytics/dimensions';
import { FILTERS, type FilterId, isFilterAllowed } from '@veracity/contracts/analytics/filters';
import type { FilterOption, FilterOptions } from '@veracity/contracts/analytics/query';
import { countriesForPicker, countryMatches } from '@veracity/contracts/analytics/reference/countries';
import { referenceOptions } from '@veracity/contracts/analytics/reference/reference-options';
import { formatGoogleAccountId } from '@veracity/contracts/campaigns';
import type { Kysely } from 'kysely';
import { listAllCampaigns } from '../../accounts/campaigns.repo.js';
import { listOffers } from '../../accounts/offers.repo.js';
import { listTrafficSources } from '../../accounts/traffic-sources.repo.js';
import { ApiError } from '../../http/api-error.js';
import type { EventStore } from '../../storage/events/event-store.js';
import type { Database } from '../../storage/oltp/schema.js';
import { listLabels } from '../account/labels.repo.js';
import type { RelationshipRecord } from '../account/relationships.repo.js';
import { accessOf } from './analytics.service.js';
import { observedValues } from './filter-options.repo.js';
import { googleAdsNames } from './google-ads-names.repo.js';

/**
 * The options of a filter's picker (spec 02 §2 "Report filters"): the account's campaigns, the
 * reference lists, or for free-text filters the values its hits showed in the last 30 days, most
 * frequent first. The free plan may look (the spec invites it to explore) though it cannot filter.
 */

const contains = (text: string, search: string) => text.toLowerCase().includes(search.toLowerCase());

function fromList(options: readonly FilterOption[], search: string, limit: number): FilterOptions {
  const matching = options.filter(
    (option) => search === '' || contains(option.name, search) || contains(String(option.id), search),
  );
  return { options: matching.slice(0, limit), truncated: matching.length > limit };
}

async function accountCampaigns(db: Kysely<Database>, relationshipId: number) {
  // Hidden items are left out of pickers (spec 02 §4).
  return (await listAllCampaigns(db, relationshipId)).filter((campaign) => !campaign.hidden);
}

async function listOptions(
  db: Kysely<Database>,
  relationshipId: number,
  id: FilterId,
): Promise<FilterOption[]> {
  switch (FILTERS[id].source) {
    case 'campaigns':
      return (await accountCampaigns(db, relationshipId)).map((campaign) => ({
        id: campaign.id,
        name: campaign.name,
      }));
    case 'googleCampaigns': {
      // The campaigns imported from Google Ads by their Google names, then those only the account's
      // own campaigns carry.
      const [imported, campaigns] = await Promise.all([
        googleAdsNames(db, relationshipId),
        accountCampaigns(db, relationshipId),
      ]);
      const seen = new Map<string, string>();
      for (const [googleId, campaign] of imported.campaigns) {
        seen.set(googleId, id === 'googleCampaignName' ? campaign.name : googleId);
      }
      for (const campaign of campaigns) {
        if (campaign.googleCampaignId && !seen.has(campaign.googleCampaignId)) {
          seen.set(
            campaign.googleCampaignId,
            id === 'googleCampaignName' ? campaign.name : campaign.googleCampaignId,
          );
        }
      }
      return [...seen].map(([googleId, name]) => ({ id: googleId, name }));
    }
    case 'googleAccounts': {
      const [imported, campaigns] = await Promise.all([
        googleAdsNames(db, relationshipId),
        accountCampaigns(db, relationshipId),
      ]);
      const accounts = new Set<string>(imported.accounts.keys());
      for (const campaign of campaigns) {
        if (campaign.googleAccountId) accounts.add(campaign.googleAccountId.replaceAll('-', ''));
      }
      // The name filter lists an account by the name Google Ads gives it, when it was imported.
      const nameOf = (account: string) =>
        (id === 'googleAccountName' ? imported.accounts.get(account) : undefined) ??
        formatGoogleAccountId(account);
      return [...accounts].map((account) => ({ id: account, name: nameOf(account) }));
    }
    case 'offers':
      return (await listOffers(db, relationshipId))
        .filter((offer) => !offer.hidden)
        .map((offer) => ({ id: offer.id, name: offer.name }));
    case 'trafficSources':
      return (await listTrafficSources(db, relationshipId))
        .filter((source) => !source.hidden)
        .map((source) => ({ id: source.id, name: source.name }));
    default:
      // The reference lists; countries are searched by their own rule (below).
      return referenceOptions(FILTERS[id].source) ?? [];
  }
}

export async function filterOptions(
  db: Kysely<Database>,
  events: EventStore,
  relationship: RelationshipRecord,
  query: { filter: FilterId | 'labels'; search: string; limit: number },
): Promise<FilterOptions> {
  const { filter, search, limit } = query;
  if (filter === 'labels') {
    const labels = await listLabels(db, relationship.id);
    return fromList(
      labels.map(({ id, name }) => ({ id, name })),
      search,
      limit,
    );
  }
  const definition = FILTERS[filter];
  if (!isFilterAllowed(filter, { ...accessOf(relationship), free: false })) {
    throw ApiError.forbidden(`The ${definition.label} filter is not available on your plan`);
  }
  if (definition.source === 'countries') {
    const countries = countriesForPicker({ includeWorldWide: true }).filter(
      (country) => search === '' || countryMatches(country, search),
    );
    return {
      options: countries
        .slice(0, limit)
        .map((country) => ({ id: country.id, name: country.name, flag: country.flag })),
      truncated: countries.length > limit,
    };
  }
  if (definition.kind === 'text' && filter in DIMENSIONS) {
    return observedValues(events, relationship, filter as DimensionId, search, limit);
  }
  return fromList(await listOptions(db, relationship.id, filter), search, limit);
}
