import { appPackageInList } from '@veracity/contracts/app-security';
import type { AssessmentInput } from '@veracity/contracts/detection';
import { evidenceText } from '@veracity/contracts/threat-evidence';
import { type Finding, finding } from './finding.js';

/**
 * In-app traffic: a request an Android WebView made names its app (`request.appPackage`). An app on
 * the account's deny list is blocked; when the account keeps an allow list, an app not on it is
 * unexpected. The deny list wins over the allow list (a prefix allowed, one app under it blocked).
 * Traffic that names no app (any browser) is not judged here.
 */
export function appFindings(input: Pick<AssessmentInput, 'request' | 'rules'>): Finding[] {
  const appPackage = input.request.appPackage;
  if (!appPackage) return [];
  const { appAllowList, appDenyList } = input.rules;
  const evidence = { package: evidenceText(appPackage) };
  if (appPackageInList(appPackage, appDenyList)) return [finding('app:blocked_package', evidence)];
  if (appAllowList.length > 0 && !appPackageInList(appPackage, appAllowList)) {
    return [finding('app:unexpected_package', evidence)];
  }
  return [];
}
