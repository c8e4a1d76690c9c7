/**
 * The IP blocks of each list (a campaign's or an account's) as one mutate request sees them: those
 * stored, minus those an earlier operation of the request removes, plus those an earlier one adds.
 * Built once per request in one pass over the stored criteria, so that each operation's duplicate and
 * cap checks are constant-time instead of a scan of every criterion.
 */
export class IpBlockLists {
  /** Per list: each address and how many criteria carry it (a seeded list may hold it twice). */
  private readonly lists = new Map<string, { counts: Map<string, number>; size: number }>();

  constructor(entries: Iterable<{ list: string; ipAddress: string }>) {
    for (const entry of entries) this.add(entry.list, entry.ipAddress);
  }

  private listOf(list: string): { counts: Map<string, number>; size: number } {
    let found = this.lists.get(list);
    if (!found) {
      found = { counts: new Map(), size: 0 };
      this.lists.set(list, found);
    }
    return found;
  }

  /** The view one operation checks against: whether an address is on the list, and its length. */
  view(list: string): { has: (ip: string) => boolean; size: number } {
    const found = this.listOf(list);
    return { has: (ip) => (found.counts.get(ip) ?? 0) > 0, size: found.size };
  }

  add(list: string, ipAddress: string): void {
    const found = this.listOf(list);
    found.counts.set(ipAddress, (found.counts.get(ipAddress) ?? 0) + 1);
    found.size += 1;
  }

  remove(list: string, ipAddress: string): void {
    const found = this.listOf(list);
    const count = found.counts.get(ipAddress) ?? 0;
    if (count === 0) return;
    if (count === 1) found.counts.delete(ipAddress);
    else found.counts.set(ipAddress, count - 1);
    found.size -= 1;
  }
}
