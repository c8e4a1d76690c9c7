import type { ClientConfig } from '@veracity/contracts/client-config';
import { loadClientConfig } from '../client-config/client-config.api';
import { createEndpointSink } from './endpoint-sink';
import { type ReportSink, setReportSink } from './report-error';

/**
 * Chooses where reports go, once the installation's settings are read: the error-tracking service
 * when SENTRY_DSN is set (its SDK is loaded then, and only then), the server's endpoint otherwise or
 * when the SDK cannot be loaded. Reports made meanwhile wait in report-error.ts.
 */
export async function startErrorReporting(
  load: () => Promise<ClientConfig> = loadClientConfig,
  loadSentry: () => Promise<{
    createSentrySink: (config: NonNullable<ClientConfig['errorTracking']>) => ReportSink;
  }> = () => import('./sentry-sink'),
  endpointSink: () => ReportSink = createEndpointSink,
): Promise<void> {
  const config = await load();
  if (config.errorTracking) {
    try {
      const { createSentrySink } = await loadSentry();
      setReportSink(createSentrySink(config.errorTracking));
      return;
    } catch {
      // The SDK's chunk did not load (a deploy, a blocker): the server still hears about errors.
    }
  }
  setReportSink(endpointSink());
}
