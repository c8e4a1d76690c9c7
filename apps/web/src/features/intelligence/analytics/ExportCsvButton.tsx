import { useMutation } from '@tanstack/react-query';
import { NO_CONTENT_MESSAGE } from '@veracity/contracts/csv';
import { GuardedButton } from '../../../components/GuardedButton/GuardedButton';
import { useNotify } from '../../../components/Notifications/use-notify';
import { useShowApiError } from '../../../lib/use-api-feedback';
import { missingPermissionText, useHoldsPermission } from '../../session/use-write-access';
import { type CsvDownload, saveFile } from './analytics.api';

/**
 * "Export CSV" of a report screen: locked without `log_export_reports`, busy while the export runs,
 * the file handed to the browser, "No content" when there is nothing to export (spec 02 §8).
 */
export function ExportCsvButton({ run, testId }: { run: () => Promise<CsvDownload>; testId: string }) {
  const notify = useNotify();
  const showError = useShowApiError();
  const canExport = useHoldsPermission('log_export_reports');
  const exportCsv = useMutation({
    mutationFn: run,
    onSuccess: (download) => {
      if (download.kind === 'empty') notify.info(NO_CONTENT_MESSAGE);
      else saveFile(download);
    },
    onError: showError,
  });
  return (
    <GuardedButton
      size="m"
      variation="secondary"
      access={{
        allowed: canExport === true,
        reason: canExport === false ? missingPermissionText('log_export_reports') : null,
      }}
      loading={exportCsv.isPending}
      onClick={() => exportCsv.mutate()}
      data-testid={testId}
    >
      Export CSV
    </GuardedButton>
  );
}
