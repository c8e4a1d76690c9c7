import { ipIntelligence } from '@veracity/detection/ip/create-ip-intelligence';
import type { Random } from './random.js';

/**
 * Visitor addresses taken from the IP data the server enriches with: residential ones announced by
 * consumer ISPs (the hosting flag off) and hosting ones (a cloud or hosting network on the curated
 * list), in countries whose time zone and locale the browsers then take.
 */

export interface Place {
  timezoneId: string;
  locale: string;
  /** The Accept-Language a browser of that locale sends. */
  acceptLanguage: string;
}

export const PLACES: Record<string, Place> = {
  ES: { timezoneId: 'Europe/Madrid', locale: 'es-ES', acceptLanguage: 'es-ES,es;q=0.9,en;q=0.8' },
  DE: { timezoneId: 'Europe/Berlin', locale: 'de-DE', acceptLanguage: 'de-DE,de;q=0.9,en;q=0.8' },
  FR: { timezoneId: 'Europe/Paris', locale: 'fr-FR', acceptLanguage: 'fr-FR,fr;q=0.9,en;q=0.8' },
  GB: { timezoneId: 'Europe/London', locale: 'en-GB', acceptLanguage: 'en-GB,en;q=0.9' },
  IT: { timezoneId: 'Europe/Rome', locale: 'it-IT', acceptLanguage: 'it-IT,it;q=0.9,en;q=0.8' },
  US: { timezoneId: 'America/New_York', locale: 'en-US', acceptLanguage: 'en-US,en;q=0.9' },
};

/** Consumer ISPs by the organisation names the ASN data gives them. */
const RESIDENTIAL_ISP =
  /telefonica|deutsche telekom|orange|comcast|charter|british telecommunications|vodafone|telecom italia|free sas|verizon|at&t|virgin media|sky uk|cox comm|societe francaise du radiotelephone|bouygues|fastweb|wind tre|1&1 versatel|telecable|digi spain/i;

/** The same operators' business and transit networks: offices and servers, not households. */
const BUSINESS_LINE = /business|enterprise|group plc|wholesale|global/i;

export interface Address {
  ip: string;
  country: string;
  organisation: string;
  kind: 'residential' | 'hosting';
  place: Place;
}

/** Addresses for one run, each handed out once (a burst reuses its own on purpose). */
export class AddressPool {
  private readonly residential: Address[] = [];
  private readonly hosting: Address[] = [];

  constructor(random: Random, want = { residential: 40, hosting: 10 }) {
    const intelligence = ipIntelligence();
    const seen = new Set<string>();
    for (let tries = 0; tries < 5_000_000; tries++) {
      if (this.residential.length >= want.residential && this.hosting.length >= want.hosting) break;
      const ip = `${random.int(1, 223)}.${random.int(0, 255)}.${random.int(0, 255)}.${random.int(1, 254)}`;
      if (seen.has(ip)) continue;
      seen.add(ip);
      const facts = intelligence.lookup(ip);
      const place = facts.country ? PLACES[facts.country] : undefined;
      if (!place || !facts.country || !facts.organisation) continue;
      const address = { ip, country: facts.country, organisation: facts.organisation, place };
      if (facts.hosting && facts.hostingKind !== 'vpn') {
        if (this.hosting.length < want.hosting) this.hosting.push({ ...address, kind: 'hosting' });
      } else if (
        !facts.hosting &&
        RESIDENTIAL_ISP.test(facts.organisation) &&
        !BUSINESS_LINE.test(facts.organisation)
      ) {
        if (this.residential.length < want.residential)
          this.residential.push({ ...address, kind: 'residential' });
      }
    }
    if (this.residential.length < want.residential || this.hosting.length < want.hosting) {
      throw new Error(
        `the IP data gave ${this.residential.length} residential and ${this.hosting.length} hosting addresses`,
      );
    }
  }

  /** The next unused address of a kind. */
  take(kind: Address['kind']): Address {
    const address = (kind === 'residential' ? this.residential : this.hosting).shift();
    if (!address) throw new Error(`no ${kind} address left`);
    return address;
  }
}
