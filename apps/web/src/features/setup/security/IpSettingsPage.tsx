import { PageHeader } from '../../../components/PageHeader/PageHeader';
import { IpExclusionListsCard } from './IpExclusionListsCard';
import shared from './Security.module.css';
import { TrafficIpListCard } from './TrafficIpListCard';

/**
 * /setup/security/ip-settings: the account's traffic IP lists (always legitimate, always invalid), which
 * decide every hit from those addresses, and the dynamic IP exclusion lists Veracity keeps on Google Ads.
 */
export function IpSettingsPage() {
  return (
    <div className={shared.page} data-testid="ip-settings-page">
      <PageHeader title="IP settings" eyebrow="Setup" />
      <p className={shared.intro}>
        Decide how traffic from an address is classified, whatever its signals, and see the IP exclusion lists
        Veracity keeps on your ad platforms.
      </p>
      <TrafficIpListCard list="whitelist" />
      <TrafficIpListCard list="blacklist" />
      <IpExclusionListsCard />
    </div>
  );
}
