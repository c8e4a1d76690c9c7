import {
  EXCLUSION_IP_TYPE_LABELS,
  EXCLUSION_IP_TYPES,
  GOOGLE_IP_BLOCKS_PER_ACCOUNT,
  GOOGLE_IP_BLOCKS_PER_CAMPAIGN,
} from '@veracity/contracts/google-ads';
import {
  IP_EXCLUSION_ITEMS_LIMIT,
  type IpExclusionList,
  type IpExclusionLists,
  ipExclusionGroupOf,
  isTrafficIpEntry,
  type TrafficIpListUpdate,
} from '@veracity/contracts/ip-settings';
import type { Kysely } from 'kysely';
import { ApiError } from '../../http/api-error.js';
import type { Services } from '../../services.js';
import type { Database } from '../../storage/oltp/schema.js';
import { type AuditActor, audit, changesOf } from '../account/audit.js';
import { type IpListEntry, readIpList, replaceIpList } from '../account/ip-lists.repo.js';
import { entryOf } from '../google-ads/exclusions.service.js';
import {
  campaignName,
  countExclusionsByList,
  type ExclusionListCount,
  listExclusionsOfType,
} from './ip-settings.repo.js';

/** The account's traffic IP lists: always legitimate (allow) and always invalid (deny). */
export type TrafficIpListName = 'traffic_allow' | 'traffic_deny';

/**
 * POST /api/me/ip-whitelist and ip-blacklist: the list replaced whole. Every value must be an IPv4
 * address (optional /0-32) or an IPv6 one (optional /0-128); otherwise a 400 names each bad entry and
 * nothing is written. The replacement and its audit entry share one transaction.
 */
export function replaceTrafficIpList(
  db: Kysely<Database>,
  actor: AuditActor,
  list: TrafficIpListName,
  entries: TrafficIpListUpdate['entries'],
): Promise<IpListEntry[]> {
  const bad = entries.flatMap((entry, index) =>
    isTrafficIpEntry(entry.value)
      ? []
      : [
          {
            code: 'NOT_VALID' as const,
            field: `entries.${index}.value`,
            value: entry.value,
            message: `${entry.value} is not an IPv4 or IPv6 address or range`,
          },
        ],
  );
  if (bad.length > 0) throw ApiError.fields(bad);
  return db.transaction().execute(async (trx) => {
    const before = await readIpList(trx, actor.relationshipId, list);
    const replaced = await replaceIpList(
      trx,
      actor.relationshipId,
      list,
      entries.map((entry) => ({ value: entry.value.trim(), note: entry.note ?? null })),
    );
    const beforeValues = new Set(before.map((entry) => entry.value));
    const afterValues = new Set(replaced.map((entry) => entry.value));
    await audit(trx, {
      ...actor,
      action: `ip_list.${list}.replaced`,
      detail: {
        entries: replaced.length,
        ...changesOf({ count: before.length }, { count: replaced.length }),
        ...listed(
          'added',
          [...afterValues].filter((value) => !beforeValues.has(value)),
        ),
        ...listed(
          'removed',
          [...beforeValues].filter((value) => !afterValues.has(value)),
        ),
      },
    });
    return replaced;
  });
}

/** Which addresses a change added or removed, for the audit entry: the first 20 and how many more. */
function listed(field: 'added' | 'removed', values: readonly string[]): Record<string, string> {
  if (values.length === 0) return {};
  const more = values.length > 20 ? ` and ${values.length - 20} more` : '';
  return { [field]: `${values.slice(0, 20).join(', ')}${more}` };
}

/** The platform list holding the most entries of a type, with every type's count on that list. */
async function fullestList(
  services: Services,
  relationshipId: number,
  counts: readonly ExclusionListCount[],
  type: string,
): Promise<IpExclusionList['fullest']> {
  const ofType = counts.filter((count) => count.ipType === type);
  const listKey = (count: Pick<ExclusionListCount, 'customerId' | 'campaignId'>) =>
    `${count.customerId}/${count.campaignId}`;
  const totals = new Map<string, number>();
  for (const count of counts) totals.set(listKey(count), (totals.get(listKey(count)) ?? 0) + count.entries);
  const cap = (count: ExclusionListCount) =>
    count.campaignId === '' ? GOOGLE_IP_BLOCKS_PER_ACCOUNT : GOOGLE_IP_BLOCKS_PER_CAMPAIGN;
  // The fullest against its own cap; ties go to the list with the most entries overall, then the id.
  const fullest = [...ofType].sort(
    (a, b) =>
      b.entries / cap(b) - a.entries / cap(a) ||
      (totals.get(listKey(b)) ?? 0) - (totals.get(listKey(a)) ?? 0) ||
      listKey(a).localeCompare(listKey(b)),
  )[0];
  if (!fullest) return null;
  const campaignId = fullest.campaignId === '' ? null : fullest.campaignId;
  return {
    customerId: fullest.customerId,
    campaignId,
    campaignName: campaignId
      ? await campaignName(services.db, relationshipId, fullest.customerId, campaignId)
      : null,
    entries: fullest.entries,
    listEntries: totals.get(listKey(fullest)) ?? fullest.entries,
    cap: cap(fullest),
  };
}

/**
 * GET /api/security/ip-lists: each dynamic IP type (spec 02 §9) with its meaning, its entries in force
 * and how full its fullest platform list is against Google's caps, and its newest entries with why
 * (threats, invalid sessions) and until when (expiresAt).
 */
export async function ipExclusionLists(
  services: Services,
  relationshipId: number,
): Promise<IpExclusionLists> {
  const [connection, counts] = await Promise.all([
    services.googleAds.tokens.status(relationshipId, 'google_ads'),
    countExclusionsByList(services.db, relationshipId),
  ]);
  const lists = await Promise.all(
    EXCLUSION_IP_TYPES.map(async (type): Promise<IpExclusionList> => {
      const entries = counts
        .filter((count) => count.ipType === type)
        .reduce((sum, count) => sum + count.entries, 0);
      const items =
        entries === 0
          ? []
          : await listExclusionsOfType(services.db, relationshipId, type, IP_EXCLUSION_ITEMS_LIMIT);
      return {
        type,
        group: ipExclusionGroupOf(type),
        label: EXCLUSION_IP_TYPE_LABELS[type].label,
        meaning: EXCLUSION_IP_TYPE_LABELS[type].meaning,
        entries,
        fullest: await fullestList(services, relationshipId, counts, type),
        items: items.map(entryOf),
      };
    }),
  );
  return {
    connection,
    caps: { perCampaign: GOOGLE_IP_BLOCKS_PER_CAMPAIGN, perAccount: GOOGLE_IP_BLOCKS_PER_ACCOUNT },
    lists,
  };
}
