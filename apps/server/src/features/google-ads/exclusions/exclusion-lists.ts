import type { InvalidIp } from './exclusion-candidates.js';
import type { CurrentExclusion, GlobalIntelligenceCandidate } from './exclusion-plan-types.js';
import { bitsOf, type IpPrefix, isSingleAddress, networkKey } from './ip-prefixes.js';

/**
 * One list of the planner (a campaign's IP blocks or the account's): its entries with their evidence,
 * ranges holding what they cover, and the cap deciding who stays. The order that decides is
 * `compareEntries`: STATIC first, then priority group, then the most recently invalid, then the most
 * invalid sessions, then the broader range, then the text.
 */

export interface ListEntry {
  key: string;
  prefix: IpPrefix;
  memory: CurrentExclusion | null;
  isStatic: boolean;
  /** 0 STATIC; then the list's own priority groups (lower stays first). */
  group: number;
  /** Wanted from this window's observations. */
  candidate: boolean;
  /** Account list: invalid on Performance Max; wanted on several full campaign lists; global. */
  performanceMax: boolean;
  parallel: boolean;
  global: GlobalIntelligenceCandidate | null;
  sessions: number;
  lastMs: number;
  /** The invalid IPs of the window it holds (threats and distinct IPs are counted from them when given). */
  sources: InvalidIp[];
  /** The broader entry of the same list that holds this one. */
  heldBy: ListEntry | null;
}

export function newEntry(key: string, prefix: IpPrefix, memory: CurrentExclusion | null): ListEntry {
  return {
    key,
    prefix,
    memory,
    isStatic: memory?.type === 'STATIC',
    group: 1,
    candidate: false,
    performanceMax: false,
    parallel: false,
    global: null,
    sessions: 0,
    lastMs: Number.NEGATIVE_INFINITY,
    sources: [],
    heldBy: null,
  };
}

/** Entries indexed by version and prefix length, for "which entry holds this address". */
export class EntryIndex {
  private readonly maps = new Map<number, Map<number | bigint, ListEntry>>();
  private readonly lengths: Record<4 | 6, number[]> = { 4: [], 6: [] };

  constructor(entries: Iterable<ListEntry>) {
    for (const entry of entries) {
      const slot = entry.prefix.version * 1000 + entry.prefix.length;
      let map = this.maps.get(slot);
      if (map === undefined) {
        map = new Map();
        this.maps.set(slot, map);
        this.lengths[entry.prefix.version].push(entry.prefix.length);
      }
      map.set(networkKey(entry.prefix, entry.prefix.length), entry);
    }
    this.lengths[4].sort((a, b) => a - b);
    this.lengths[6].sort((a, b) => a - b);
  }

  /**
   * Calls `visit` with each entry holding `prefix` (itself included when indexed), broadest first,
   * until it returns true; returns whether one did.
   */
  holding(prefix: IpPrefix, visit: (entry: ListEntry) => boolean): boolean {
    for (const length of this.lengths[prefix.version]) {
      if (length > prefix.length) return false;
      const entry = this.maps.get(prefix.version * 1000 + length)?.get(networkKey(prefix, length));
      if (entry !== undefined && visit(entry)) return true;
    }
    return false;
  }

  /** Whether any entry holds `prefix`. */
  holds(prefix: IpPrefix): boolean {
    return this.holding(prefix, () => true);
  }
}

/**
 * Evidence of each entry from the invalid IPs it holds: sessions and threats summed, the last invalid
 * time; an entry holding no IP of the window keeps its stored evidence. `byKey` is the list's entries
 * by their canonical text (an IP finds its own entry there; ranges through an index of the ranges).
 */
export function gatherEvidence(
  byKey: ReadonlyMap<string, ListEntry>,
  lists: Iterable<Iterable<InvalidIp>>,
): void {
  const entries = [...byKey.values()];
  const ranges = new EntryIndex(entries.filter((entry) => !isSingleAddress(entry.prefix)));
  const add = (entry: ListEntry, ip: InvalidIp) => {
    entry.sessions += ip.sessions;
    entry.sources.push(ip);
    if (ip.lastMs > entry.lastMs) entry.lastMs = ip.lastMs;
    return false;
  };
  for (const ips of lists) {
    for (const ip of ips) {
      ranges.holding(ip.prefix, (entry) => add(entry, ip));
      const own = byKey.get(ip.key);
      if (own !== undefined) add(own, ip);
    }
  }
  for (const entry of entries) {
    const stored = entry.memory?.lastInvalidAt ? Date.parse(entry.memory.lastInvalidAt) : Number.NaN;
    if (stored > entry.lastMs) entry.lastMs = stored;
    const seen = entry.global?.lastSeenAt ? Date.parse(entry.global.lastSeenAt) : Number.NaN;
    if (seen > entry.lastMs) entry.lastMs = seen;
    if (entry.sources.length === 0 && entry.memory !== null) entry.sessions = entry.memory.invalidSessions;
  }
}

/**
 * Each entry held by a broader entry of the same list, of the same or a stronger group, joins it (the
 * broadest such); a STATIC entry never joins another. The range takes the last invalid time of what it
 * holds.
 */
export function joinHeldEntries(entries: readonly ListEntry[]): void {
  // A holder is broader than what it holds: never a single address.
  const index = new EntryIndex(entries.filter((entry) => !isSingleAddress(entry.prefix)));
  for (const entry of entries) {
    if (entry.isStatic) continue;
    index.holding(entry.prefix, (holder) => {
      if (holder === entry || holder.prefix.length === entry.prefix.length) return true;
      if (holder.group > entry.group) return false;
      entry.heldBy = holder;
      if (entry.lastMs > holder.lastMs) holder.lastMs = entry.lastMs;
      return true;
    });
  }
}

export function compareEntries(a: ListEntry, b: ListEntry): number {
  if (a.isStatic !== b.isStatic) return a.isStatic ? -1 : 1;
  if (a.group !== b.group) return a.group - b.group;
  if (a.lastMs !== b.lastMs) return a.lastMs > b.lastMs ? -1 : 1;
  if (a.sessions !== b.sessions) return b.sessions - a.sessions;
  const aWidth = bitsOf(a.prefix.version) - a.prefix.length;
  const bWidth = bitsOf(b.prefix.version) - b.prefix.length;
  if (aWidth !== bWidth) return bWidth - aWidth;
  return a.key < b.key ? -1 : a.key > b.key ? 1 : 0;
}

/** The entries the cap keeps (every STATIC one, then in `compareEntries` order) and those left out. */
export function applyCap(
  entries: readonly ListEntry[],
  cap: number,
): { kept: ListEntry[]; left: ListEntry[] } {
  const standing = entries.filter((entry) => entry.heldBy === null).sort(compareEntries);
  const statics = standing.filter((entry) => entry.isStatic).length;
  const room = Math.max(cap, statics);
  return { kept: standing.slice(0, room), left: standing.slice(room) };
}
