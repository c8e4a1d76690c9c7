import {
  captureException,
  dedupeIntegration,
  eventFiltersIntegration,
  functionToStringIntegration,
  httpContextIntegration,
  init,
  linkedErrorsIntegration,
  withScope,
} from '@sentry/browser';
import type { ErrorTrackingConfig } from '@veracity/contracts/client-config';
import { isApiError } from '../../lib/api-client';
import type { ReportSink } from './report-error';
import { dropBreadcrumb, scrubSentryEvent } from './sentry-scrub';

/**
 * Reports to the error-tracking service (the Sentry browser SDK), loaded only when SENTRY_DSN is set.
 * The SDK's own global handlers and breadcrumbs stay off: report-error.ts catches what is uncaught,
 * and a breadcrumb would carry what the screens show. Every event passes scrubSentryEvent.
 */
export function createSentrySink(
  config: ErrorTrackingConfig,
  origin: string = window.location.origin,
): ReportSink {
  init({
    dsn: config.dsn,
    environment: config.environment,
    release: `veracity@${config.release}`,
    // Collect no user, cookie, body or query parameter; of the headers, the browser's name only.
    dataCollection: {
      userInfo: false,
      cookies: false,
      httpHeaders: { request: { allow: ['User-Agent'] }, response: false },
      httpBodies: [],
      urlQueryParams: false,
    },
    defaultIntegrations: false,
    integrations: [
      eventFiltersIntegration(),
      functionToStringIntegration(),
      linkedErrorsIntegration(),
      dedupeIntegration(),
      httpContextIntegration(),
    ],
    maxBreadcrumbs: 0,
    beforeBreadcrumb: dropBreadcrumb,
    beforeSend: (event) => scrubSentryEvent(event, origin),
  });
  return {
    send(error, context) {
      withScope((scope) => {
        scope.setTag('kind', context.kind);
        if (context.componentStack) scope.setContext('react', { componentStack: context.componentStack });
        if (isApiError(error)) {
          scope.setTag('status', error.status === null ? error.failure : String(error.status));
          if (error.requestId) scope.setTag('request_id', error.requestId);
        }
        captureException(error);
      });
    },
  };
}
