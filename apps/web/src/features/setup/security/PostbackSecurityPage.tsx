import { Card } from '../../../components/Card/Card';
import { PageHeader } from '../../../components/PageHeader/PageHeader';
import { LoadError, SkeletonRows } from '../../../components/PageStates/PageStates';
import { PostbackSecretCard } from './PostbackSecretCard';
import { PostbackSigningCard } from './PostbackSigningCard';
import { PostbackSourcesCard } from './PostbackSourcesCard';
import { usePostbackSecurity } from './postback-security.api';
import shared from './Security.module.css';

/**
 * /setup/security/postback-security (view `postback`): who may post conversions back to the firewall's
 * postback endpoint: the account-wide allowed sources, "require signed postbacks", the signing secret
 * (rotation with an overlap, shown once) and how to sign.
 */
export function PostbackSecurityPage() {
  const settings = usePostbackSecurity();
  return (
    <div className={shared.page} data-testid="postback-security-page">
      <PageHeader title="Postback security" eyebrow="Setup" />
      <p className={shared.intro}>
        Advertisers post conversions back to Veracity. A postback is accepted when it is signed with the
        account’s secret, or when it comes from an allowed address: a traffic source’s own or one of the
        account-wide sources below.
      </p>
      {settings.isPending ? (
        <Card title="Allowed postback sources">
          <SkeletonRows rows={4} testId="postback-security-loading" />
        </Card>
      ) : settings.isError ? (
        <Card title="Allowed postback sources">
          <LoadError error={settings.error} onRetry={() => void settings.refetch()} />
        </Card>
      ) : (
        <>
          <PostbackSourcesCard settings={settings.data} />
          <PostbackSecretCard settings={settings.data} />
        </>
      )}
      <PostbackSigningCard />
    </div>
  );
}
