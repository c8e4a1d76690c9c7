// The curated list behind the hosting flag: autonomous systems of cloud and hosting providers, whose
// addresses rent servers (and so scripts, headless browsers and proxies) rather than connect people,
// plus a few VPN operators' own networks. Curated by hand from the providers' published ASNs and
// checked against @ip-location-db/asn: every entry's `organisation` must appear in the name the data
// gives the ASN (hosting-asns.test.ts), so a typo or a re-assigned ASN fails the tests.
//
// What is deliberately left out is listed in NOT_HOSTING below, with the reason: networks that carry
// real people (Cloudflare WARP, iCloud Private Relay, corporate security gateways) or that are transit.

export type HostingKind = 'cloud' | 'hosting' | 'vpn';

export interface HostingAsn {
  asn: number;
  /** The provider as customers know it. */
  provider: string;
  kind: HostingKind;
  /** A part of the registry's organisation name for the ASN, checked against the data. */
  organisation: string;
  note?: string;
}

const entry =
  (kind: HostingKind) =>
  (asn: number, provider: string, organisation: string, note?: string): HostingAsn => ({
    asn,
    provider,
    kind,
    organisation,
    ...(note === undefined ? {} : { note }),
  });
const cloud = entry('cloud');
const hosting = entry('hosting');
const vpn = entry('vpn');

export const HOSTING_ASNS: readonly HostingAsn[] = [
  // Hyperscale clouds.
  cloud(
    16509,
    'Amazon Web Services',
    'Amazon.com',
    'EC2 and most AWS services; also Heroku, Vercel, Netlify',
  ),
  cloud(14618, 'Amazon Web Services', 'Amazon.com', 'EC2 us-east-1'),
  cloud(8987, 'Amazon Web Services', 'Amazon Data Services Ireland'),
  cloud(38895, 'Amazon Web Services', 'Amazon.com Tech Telecom'),
  cloud(7224, 'Amazon Web Services', 'Amazon.com'),
  cloud(396982, 'Google Cloud', 'Google'),
  cloud(
    15169,
    'Google',
    'Google',
    "Google's own network: Googlebot and other crawlers, Apps Script and Translate fetches, some Google Cloud " +
      'ranges. People do not browse from it; a declared Googlebot is caught by the user-agent rules first.',
  ),
  cloud(
    8075,
    'Microsoft Azure',
    'Microsoft',
    'Azure and Microsoft services, incl. Bing and Outlook link scanners',
  ),
  cloud(8068, 'Microsoft', 'Microsoft', 'MSN and Bing data centres'),
  cloud(8069, 'Microsoft', 'Microsoft', 'MSN and Bing data centres'),
  cloud(31898, 'Oracle Cloud', 'Oracle'),
  cloud(36351, 'IBM Cloud (SoftLayer)', 'IBM Cloud'),
  cloud(45102, 'Alibaba Cloud', 'Alibaba'),
  cloud(37963, 'Alibaba Cloud', 'Alibaba'),
  cloud(134963, 'Alibaba Cloud', 'Alibaba Cloud'),
  cloud(132203, 'Tencent Cloud', 'Tencent'),
  cloud(45090, 'Tencent Cloud', 'Tencent'),
  cloud(133478, 'Tencent Cloud', 'Tencent Cloud'),
  cloud(136907, 'Huawei Cloud', 'HUAWEI INTERNATIONAL'),
  cloud(55990, 'Huawei Cloud', 'Huawei Cloud'),
  cloud(135377, 'UCloud', 'UCLOUD'),
  cloud(200350, 'Yandex Cloud', 'Yandex.Cloud'),
  cloud(23576, 'NAVER Cloud', 'NAVER Cloud'),
  // Developer clouds and VPS providers.
  hosting(14061, 'DigitalOcean', 'DigitalOcean'),
  hosting(393406, 'DigitalOcean', 'DigitalOcean'),
  hosting(46652, 'DigitalOcean', 'DigitalOcean'),
  hosting(63949, 'Linode (Akamai Cloud)', 'Akamai', "Linode's network, now Akamai Connected Cloud"),
  hosting(48337, 'Linode (Akamai Cloud)', 'Linode'),
  hosting(20473, 'Vultr', 'The Constant Company', 'formerly Choopa'),
  hosting(46407, 'Vultr', 'The Constant Company'),
  hosting(11508, 'Vultr', 'The Constant Company'),
  hosting(16276, 'OVHcloud', 'OVH', 'incl. Kimsufi and So you Start'),
  hosting(35540, 'OVHcloud', 'OVH'),
  hosting(24940, 'Hetzner', 'Hetzner'),
  hosting(213230, 'Hetzner', 'Hetzner'),
  hosting(212317, 'Hetzner', 'Hetzner'),
  hosting(215859, 'Hetzner', 'Hetzner'),
  hosting(51167, 'Contabo', 'Contabo'),
  hosting(141995, 'Contabo', 'Contabo'),
  hosting(40021, 'Contabo', 'Contabo'),
  hosting(12876, 'Scaleway', 'Scaleway', 'formerly Online SAS'),
  hosting(29447, 'Scaleway', 'SCALEWAY'),
  hosting(60781, 'Leaseweb', 'LeaseWeb'),
  hosting(28753, 'Leaseweb', 'Leaseweb'),
  hosting(59253, 'Leaseweb', 'LEASEWEB'),
  hosting(16265, 'Leaseweb', 'LeaseWeb'),
  hosting(38930, 'Leaseweb', 'LeaseWeb'),
  hosting(7203, 'Leaseweb', 'Leaseweb'),
  hosting(19148, 'Leaseweb', 'Leaseweb'),
  hosting(27411, 'Leaseweb', 'Leaseweb'),
  hosting(30633, 'Leaseweb', 'Leaseweb'),
  hosting(395954, 'Leaseweb', 'Leaseweb'),
  hosting(32613, 'Leaseweb', 'Leaseweb'),
  hosting(133752, 'Leaseweb', 'LEASEWEB'),
  hosting(54825, 'Equinix Metal', 'Packet Host', 'formerly Packet'),
  hosting(202053, 'UpCloud', 'UpCloud'),
  hosting(25697, 'UpCloud', 'UpCloud'),
  hosting(36007, 'Kamatera', 'Kamatera'),
  hosting(204548, 'Kamatera', 'Kamatera'),
  hosting(210329, 'Kamatera', 'Kamatera'),
  hosting(41436, 'Kamatera', 'Kamatera'),
  hosting(54913, 'Kamatera', 'Kamatera'),
  hosting(64022, 'Kamatera', 'Kamatera'),
  hosting(215728, 'Kamatera', 'Kamatera'),
  hosting(396948, 'Kamatera', 'Kamatera'),
  hosting(396949, 'Kamatera', 'Kamatera'),
  hosting(40509, 'Fly.io', 'Fly.io'),
  hosting(397273, 'Render', 'Render'),
  hosting(49505, 'Selectel', 'Selectel'),
  hosting(50340, 'Selectel', 'Selectel'),
  hosting(9123, 'Timeweb', 'TIMEWEB'),
  hosting(210976, 'Timeweb', 'Timeweb'),
  hosting(197540, 'netcup', 'netcup'),
  hosting(199524, 'Gcore', 'G-Core Labs'),
  hosting(202422, 'Gcore', 'G-Core Labs'),
  hosting(7979, 'Servers.com', 'Servers.com'),
  hosting(9370, 'SAKURA Internet', 'SAKURA Internet'),
  hosting(9371, 'SAKURA Internet', 'SAKURA Internet'),
  hosting(7684, 'SAKURA Internet', 'SAKURA Internet'),
  // Web hosting and dedicated servers.
  hosting(9009, 'M247', 'M247', 'hosts the exits of many commercial VPNs'),
  hosting(16247, 'M247', 'M247'),
  hosting(47583, 'Hostinger', 'Hostinger'),
  hosting(204915, 'Hostinger', 'Hostinger'),
  hosting(8560, 'IONOS', 'IONOS'),
  hosting(6724, 'Strato', 'Strato'),
  hosting(8972, 'Host Europe', 'Host Europe'),
  hosting(26496, 'GoDaddy', 'GoDaddy'),
  hosting(398101, 'GoDaddy', 'GoDaddy'),
  hosting(46606, 'Bluehost (Newfold Digital)', 'Unified Layer'),
  hosting(22612, 'Namecheap', 'Namecheap'),
  hosting(33070, 'Rackspace', 'Rackspace'),
  hosting(27357, 'Rackspace', 'Rackspace'),
  hosting(19994, 'Rackspace', 'Rackspace'),
  hosting(15395, 'Rackspace', 'Rackspace'),
  hosting(36352, 'ColoCrossing', 'HostPapa', 'ColoCrossing, now registered to HostPapa'),
  hosting(54290, 'Hostwinds', 'HostPapa', 'Hostwinds, now registered to HostPapa'),
  hosting(8100, 'QuadraNet', 'QuadraNet'),
  hosting(40676, 'Psychz Networks', 'Psychz'),
  hosting(29802, 'Hivelocity', 'HIVELOCITY'),
  hosting(61317, 'Hivelocity', 'Hivelocity'),
  hosting(46475, 'Limestone Networks', 'Limestone'),
  hosting(23470, 'ReliableSite', 'ReliableSite'),
  hosting(33387, 'Nocix', 'Nocix'),
  hosting(46844, 'Sharktech', 'Sharktech'),
  hosting(27176, 'DataWagon', 'DataWagon'),
  hosting(63473, 'HostHatch', 'HostHatch'),
  hosting(16125, 'Cherry Servers', 'Cherry Servers'),
  hosting(63023, 'GTHost', 'GTHost'),
  hosting(11878, 'tzulo', 'tzulo'),
  hosting(32097, 'WholeSale Internet', 'WholeSale Internet'),
  hosting(50131, 'Spartan Host', 'Spartan Host'),
  hosting(62904, 'Eonix', 'Eonix'),
  hosting(19437, 'Secured Servers', 'SECURED SERVERS'),
  hosting(35415, 'Webzilla', 'Webzilla'),
  hosting(53667, 'BuyVM (FranTech)', 'FranTech'),
  hosting(397423, 'Tier.Net', 'Tier.Net'),
  hosting(19318, 'InterServer', 'Interserver'),
  hosting(18779, 'EGIHosting', 'EGIHosting'),
  hosting(3223, 'Voxility', 'Voxility'),
  hosting(55286, 'B2 Net Solutions', 'B2 Net'),
  hosting(35916, 'Multacom', 'MULTACOM'),
  hosting(40065, 'CNSERVERS', 'CNSERVERS'),
  hosting(212238, 'Datacamp (CDN77)', 'Datacamp', 'hosts the exits of many commercial VPNs'),
  hosting(60068, 'Datacamp (CDN77)', 'Datacamp'),
  hosting(62240, 'Clouvider', 'Clouvider'),
  hosting(49981, 'WorldStream', 'WorldStream'),
  hosting(57043, 'HOSTKEY', 'HOSTKEY'),
  hosting(50673, 'Serverius', 'Serverius'),
  hosting(49544, 'i3D.net', 'i3D.net', 'game servers'),
  hosting(51396, 'Pfcloud', 'Pfcloud'),
  hosting(210644, 'Aeza', 'AEZA'),
  hosting(216246, 'Aeza', 'Aeza'),
  hosting(44477, 'Stark Industries (PQ Hosting)', 'AS44477', 'the data has no organisation name for it'),
  hosting(203020, 'HostRoyale', 'HostRoyale'),
  hosting(207990, 'HostRoyale', 'HostRoyale'),
  hosting(21859, 'Zenlayer', 'Zenlayer'),
  hosting(62610, 'Zenlayer', 'Zenlayer'),
  // VPN operators' own networks (most VPN exits sit on the hosting networks above).
  vpn(39351, 'Mullvad VPN', '31173 Services'),
  vpn(216025, 'Mullvad VPN', 'Mullvad'),
  vpn(62371, 'Proton VPN', 'Proton AG'),
  vpn(209103, 'Proton VPN', 'Proton AG'),
  vpn(136787, 'NordVPN (PacketHub)', 'PacketHub', "PacketHub runs NordVPN's servers"),
  vpn(147049, 'NordVPN (PacketHub)', 'PacketHub'),
  vpn(207137, 'NordVPN (PacketHub)', 'PacketHub'),
  vpn(141039, 'NordVPN (PacketHub)', 'PacketHub'),
];

/** Networks a reader might expect on the list, and why they are not: they carry people. */
export const NOT_HOSTING: readonly { asn: number; organisation: string; reason: string }[] = [
  {
    asn: 13335,
    organisation: 'Cloudflare',
    reason:
      'Carries Cloudflare WARP (the 1.1.1.1 app) and iCloud Private Relay users; Workers egress is a small share.',
  },
  { asn: 209242, organisation: 'Cloudflare', reason: 'WARP and Private Relay egress, as 13335.' },
  { asn: 36183, organisation: 'Akamai', reason: 'iCloud Private Relay egress: Safari users.' },
  { asn: 54113, organisation: 'Fastly', reason: 'A CDN and an iCloud Private Relay egress partner.' },
  { asn: 22616, organisation: 'ZSCALER', reason: "Corporate web gateway: employees' browsers." },
  { asn: 53813, organisation: 'ZSCALER', reason: "Corporate web gateway: employees' browsers." },
  { asn: 62044, organisation: 'Zscaler', reason: "Corporate web gateway: employees' browsers." },
  { asn: 6939, organisation: 'Hurricane Electric', reason: 'Transit and IPv6 tunnels for people.' },
  { asn: 174, organisation: 'Cogent', reason: 'Transit; its own hosting is a small share.' },
];

const byAsn = new Map(HOSTING_ASNS.map((hostingAsn) => [hostingAsn.asn, hostingAsn]));

/** The list's entry for an ASN, if it is a hosting, cloud or VPN network. */
export function hostingAsn(asn: number): HostingAsn | undefined {
  return byAsn.get(asn);
}
