/**
 * What the engine knows about an IP address from data shipped with the product: its country, the
 * autonomous system announcing it, and whether that network belongs to a hosting or cloud provider.
 */
export interface IpFacts {
  /** ISO 3166-1 alpha-2, or null when the address is not in the data (private ranges, new blocks). */
  country: string | null;
  asn: number | null;
  /** The AS organisation as the registry names it. */
  organisation: string | null;
  /** True when the ASN is on the curated hosting and cloud list (hosting-asns.ts). */
  hosting: boolean;
  /** With `hosting`: the kind of network, so a VPN exit can weigh differently from a server. */
  hostingKind?: 'cloud' | 'hosting' | 'vpn';
}

export interface IpIntelligence {
  lookup(ip: string): IpFacts;
  /** Dates of the data sets, for GET /api/health: `YYYY-MM-DD` of each package's release. */
  readonly dataDates: { country: string; asn: string };
}
